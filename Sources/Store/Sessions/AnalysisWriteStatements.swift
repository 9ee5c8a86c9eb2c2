/// The statements that store a session's analysis and findings (``SessionStore/saveAnalysis``),
/// compiled once per connection: `navrec report` saves one analysis per session, and compiling
/// these for each would be a large share of a short session's report. Every parameter is bound
/// on each use, and each statement is reset after it runs.
final class AnalysisWriteStatements {
    let deleteAnalysis: Statement
    let insertAnalysis: Statement
    let insertFinding: Statement

    init(database: Database) throws(DatabaseError) {
        deleteAnalysis = try database.prepare("DELETE FROM analyses WHERE session_key = ? AND settings = ?")
        insertAnalysis = try database.prepare(
            "INSERT INTO analyses (session_key, settings, hitch_time_ratio, frame_jitter, gaps, gap_time, analyzed_at, "
                + StoredMetrics.columns.joined(separator: ", ") + ") VALUES (?, ?, ?, ?, ?, ?, ?"
                + String(repeating: ", ?", count: StoredMetrics.columns.count) + ")")
        insertFinding = try database.prepare("""
            INSERT INTO findings (session_key, session_id, settings, kind, subkind, signal, source, severity,
                                  start_t, end_t, count, y_min, y_max, suggested_hysteresis, suggested_swipe_distance,
                                  message, details)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }
}
