/// Storing what `navrec report` found.
extension SessionStore {
    /// Begins saving analyses together (see ``AnalysisBatch``); end it with ``AnalysisBatch/finish()``.
    package func beginAnalysisBatch() -> AnalysisBatch {
        AnalysisBatch(store: self)
    }

    /// The page cache, KiB, that a write of analyses may fill before SQLite spills to the WAL.
    static let writeCacheKiB = 32_768

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
        // Room for the transaction's pages: with the connection's 2 MB, SQLite spills pages to the
        // WAL before the commit and writes (and reads back) each again as the b-trees grow. A
        // session flapping throughout replaces ~4,300 pages of findings for 10 M samples. Bounded,
        // and given back after.
        let cacheSize = try database.prepare("PRAGMA cache_size")
        _ = try cacheSize.step()
        let previous = cacheSize.int64(0)
        cacheSize.reset()
        try database.execute("PRAGMA cache_size = -\(Self.writeCacheKiB)")
        defer { try? database.execute("PRAGMA cache_size = \(previous)") }
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
                    for (offset, finding) in group.enumerated() {
                        let values: [SQLValue] = [
                            .int(session.key), .text(session.id), .text(settings), .text(finding.kind), SQLValue(finding.subkind),
                            .text(finding.signal), .text(finding.source), .text(finding.severity), .double(finding.start),
                            .double(finding.end), SQLValue(finding.count), SQLValue(finding.yMin), SQLValue(finding.yMax),
                            SQLValue(finding.suggestedHysteresis), SQLValue(finding.suggestedSwipeDistance), .text(finding.message),
                            .text(finding.detailsJSON),
                        ]
                        let first = Int32(offset) * AnalysisWriteStatements.findingColumns
                        for (column, value) in values.enumerated() { statement.uncheckedBind(first + Int32(column) + 1, value) }
                    }
                    try statement.execute()
                    findings = findings.dropFirst(group.count)
                }
            }
        }
        return vanished
    }
}
