/// Storing what `navrec report` found.
extension SessionStore {
    /// Begins saving analyses together (see ``AnalysisBatch``); end it with ``AnalysisBatch/finish()``.
    package func beginAnalysisBatch() -> AnalysisBatch {
        AnalysisBatch(store: self)
    }

    /// Replaces each analysis's row and findings, all in one transaction. Each parameter is bound
    /// in place (every one on each use), without an array of values per row.
    ///
    /// A session deleted (or replaced, which gives it a new key) since it was analysed is skipped:
    /// checked inside the transaction, which holds the write lock, so it cannot vanish after the
    /// check. Its analysis would break the foreign key and cost the whole batch (issue 39). Returns
    /// the ids of the sessions skipped.
    @discardableResult
    func write(_ analyses: [StoredAnalysis]) throws -> [String] {
        guard !analyses.isEmpty else { return [] }
        let statements = try analysisStatements()
        let delete = statements.deleteAnalysis, insert = statements.insertAnalysis
        let exists = try database.prepare("SELECT 1 FROM sessions WHERE session_key = ?")
        var vanished: [String] = []
        try database.inTransaction {
            for analysis in analyses {
                let session = analysis.session, settings = analysis.settings
                try exists.bind([.int(session.key)])
                let present = try exists.step()
                exists.reset()
                guard present else {
                    vanished.append(session.id)
                    continue
                }
                delete.uncheckedBind(1, .int(session.key))
                delete.uncheckedBind(2, .text(settings))
                try delete.execute()
                insert.uncheckedBind(1, .int(session.key))
                insert.uncheckedBind(2, .text(settings))
                insert.uncheckedBind(3, .double(analysis.hitchTimeRatio))
                insert.uncheckedBind(4, .double(analysis.frameJitter))
                insert.uncheckedBind(5, .int(Int64(analysis.gaps)))
                insert.uncheckedBind(6, .double(analysis.gapTime))
                insert.uncheckedBind(7, .text(analysis.analyzedAt))
                for (offset, value) in analysis.metrics.values.enumerated() { insert.uncheckedBind(Int32(8 + offset), SQLValue(value)) }
                try insert.execute()
                // In order, so finding_id counts them as before: whole groups, then one at a time.
                var findings = analysis.findings[...]
                while !findings.isEmpty {
                    let many = findings.count >= AnalysisWriteStatements.findingsPerInsert
                    let statement = many ? statements.insertFindings : statements.insertFinding
                    let group = findings.prefix(many ? AnalysisWriteStatements.findingsPerInsert : 1)
                    var column = Int32(0)
                    func bind(_ value: SQLValue) {
                        column += 1
                        statement.uncheckedBind(column, value)
                    }
                    for finding in group {
                        bind(.int(session.key)); bind(.text(session.id)); bind(.text(settings)); bind(.text(finding.kind))
                        bind(SQLValue(finding.subkind)); bind(.text(finding.signal)); bind(.text(finding.source))
                        bind(.text(finding.severity)); bind(.double(finding.start)); bind(.double(finding.end))
                        bind(SQLValue(finding.count)); bind(SQLValue(finding.yMin)); bind(SQLValue(finding.yMax))
                        bind(SQLValue(finding.suggestedHysteresis)); bind(SQLValue(finding.suggestedSwipeDistance))
                        bind(.text(finding.message)); bind(.text(finding.detailsJSON))
                    }
                    try statement.execute()
                    findings = findings.dropFirst(group.count)
                }
            }
        }
        return vanished
    }
}
