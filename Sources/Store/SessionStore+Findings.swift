/// Storing what `navrec report` found.
extension SessionStore {
    /// Replaces the session's analysis and findings for `settings` (the non-default `--set`
    /// assignments, `""` for the defaults), in one transaction.
    package func saveAnalysis(
        of session: StoredSession, settings: String, hitchTimeRatio: Double, frameJitter: Double, gaps: Int, gapTime: Double,
        findings: [StoredFinding]
    ) throws {
        try database.inTransaction(.immediate) {
            let delete = try database.prepare("DELETE FROM analyses WHERE session_key = ? AND settings = ?")
            try delete.bind([.int(session.key), .text(settings)])
            try delete.step()
            let analysis = try database.prepare(
                "INSERT INTO analyses (session_key, settings, hitch_time_ratio, frame_jitter, gaps, gap_time, analyzed_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
            try analysis.bind([
                .int(session.key), .text(settings), .double(hitchTimeRatio), .double(frameJitter), .int(Int64(gaps)),
                .double(gapTime), .text(isoNow()),
            ])
            try analysis.step()
            let insert = try database.prepare("""
                INSERT INTO findings (session_key, session_id, settings, kind, subkind, signal, source, severity,
                                      start_t, end_t, count, y_min, y_max, suggested_hysteresis, suggested_swipe_distance,
                                      message, details)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for finding in findings {
                try insert.bind([
                    .int(session.key), .text(session.id), .text(settings), .text(finding.kind), SQLValue(finding.subkind),
                    .text(finding.signal), .text(finding.source), .text(finding.severity), .double(finding.start),
                    .double(finding.end), SQLValue(finding.count), SQLValue(finding.yMin), SQLValue(finding.yMax),
                    SQLValue(finding.suggestedHysteresis), SQLValue(finding.suggestedSwipeDistance), .text(finding.message), .text(finding.detailsJSON),
                ])
                try insert.step()
                insert.reset()
            }
        }
    }
}
