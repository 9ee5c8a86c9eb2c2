/// Storing what `navrec report` found.
extension SessionStore {
    /// Replaces the session's analysis and findings for `settings` (the non-default `--set`
    /// assignments, `""` for the defaults), in one transaction. A report of many sessions saves
    /// them through an ``AnalysisBatch`` instead.
    package func saveAnalysis(
        of session: StoredSession, settings: String, hitchTimeRatio: Double, frameJitter: Double, gaps: Int, gapTime: Double,
        metrics: StoredMetrics = .none, findings: [StoredFinding]
    ) throws {
        try write([StoredAnalysis(
            session: session, settings: settings, hitchTimeRatio: hitchTimeRatio, frameJitter: frameJitter, gaps: gaps,
            gapTime: gapTime, metrics: metrics, findings: findings, analyzedAt: isoNow())])
    }

    /// Begins saving analyses together (see ``AnalysisBatch``); end it with ``AnalysisBatch/finish()``.
    package func beginAnalysisBatch() -> AnalysisBatch {
        AnalysisBatch(store: self)
    }

    /// Replaces each analysis's row and findings, all in one transaction.
    func write(_ analyses: [StoredAnalysis]) throws {
        guard !analyses.isEmpty else { return }
        let statements = try analysisStatements()
        try database.inTransaction {
            for analysis in analyses {
                let session = analysis.session, settings = analysis.settings
                let delete = statements.deleteAnalysis
                try delete.bind([.int(session.key), .text(settings)])
                try delete.execute()
                let insert = statements.insertAnalysis
                try insert.bind([
                    .int(session.key), .text(settings), .double(analysis.hitchTimeRatio), .double(analysis.frameJitter),
                    .int(Int64(analysis.gaps)), .double(analysis.gapTime), .text(analysis.analyzedAt),
                ] + analysis.metrics.values.map(SQLValue.init))
                try insert.execute()
                let insertFinding = statements.insertFinding
                for finding in analysis.findings {
                    try insertFinding.bind([
                        .int(session.key), .text(session.id), .text(settings), .text(finding.kind), SQLValue(finding.subkind),
                        .text(finding.signal), .text(finding.source), .text(finding.severity), .double(finding.start),
                        .double(finding.end), SQLValue(finding.count), SQLValue(finding.yMin), SQLValue(finding.yMax),
                        SQLValue(finding.suggestedHysteresis), SQLValue(finding.suggestedSwipeDistance), .text(finding.message),
                        .text(finding.detailsJSON),
                    ])
                    try insertFinding.execute()
                }
            }
        }
    }
}
