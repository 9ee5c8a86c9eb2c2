/// Storing what `navrec report` found.
extension SessionStore {
    /// Replaces the session's analysis and findings for `settings` (the non-default `--set`
    /// assignments, `""` for the defaults), in one transaction.
    package func saveAnalysis(
        of session: StoredSession, settings: String, hitchTimeRatio: Double, frameJitter: Double, gaps: Int, gapTime: Double,
        metrics: StoredMetrics = .none, findings: [StoredFinding]
    ) throws {
        let statements = try analysisStatements()
        try database.inTransaction {
            let delete = statements.deleteAnalysis
            try delete.bind([.int(session.key), .text(settings)])
            try delete.execute()
            let analysis = statements.insertAnalysis
            try analysis.bind([
                .int(session.key), .text(settings), .double(hitchTimeRatio), .double(frameJitter), .int(Int64(gaps)),
                .double(gapTime), .text(isoNow()),
            ] + metrics.values.map(SQLValue.init))
            try analysis.execute()
            let insert = statements.insertFinding
            for finding in findings {
                try insert.bind([
                    .int(session.key), .text(session.id), .text(settings), .text(finding.kind), SQLValue(finding.subkind),
                    .text(finding.signal), .text(finding.source), .text(finding.severity), .double(finding.start),
                    .double(finding.end), SQLValue(finding.count), SQLValue(finding.yMin), SQLValue(finding.yMax),
                    SQLValue(finding.suggestedHysteresis), SQLValue(finding.suggestedSwipeDistance), .text(finding.message), .text(finding.detailsJSON),
                ])
                try insert.execute()
            }
        }
    }
}
