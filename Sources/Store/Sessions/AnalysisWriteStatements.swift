/// The statements that store a session's analysis and findings (``AnalysisBatch``),
/// compiled once per connection: `navrec report` saves one analysis per session, and compiling
/// these for each would be a large share of a short session's report. Every parameter is bound
/// on each use, and each statement is reset after it runs.
final class AnalysisWriteStatements {
    let deleteAnalysis: Statement
    let insertAnalysis: Statement
    /// Inserts one finding, and ``findingsPerInsert`` findings (the parameters of one after
    /// another's, in the columns' order of ``findingColumns``).
    let insertFinding: Statement
    let insertFindings: Statement

    /// Findings inserted by one run of ``insertFindings``: a statement run per finding cost about
    /// twice as much (a session flapping throughout has a finding every few hundred samples). The
    /// table's CHECKs are comparisons (schema 20): as `IN` lists SQLite built two temporary b-trees
    /// for every row, nearly half of storing one.
    static let findingsPerInsert = 32
    /// The parameters of one finding.
    static let findingColumns: Int32 = 17

    init(database: Database) throws(DatabaseError) {
        deleteAnalysis = try database.prepare("DELETE FROM analyses WHERE session_key = ? AND settings = ?")
        insertAnalysis = try database.prepare(
            "INSERT INTO analyses (session_key, settings, hitch_time_ratio, frame_jitter, gaps, gap_time, analyzed_at, "
                + StoredMetrics.columns.joined(separator: ", ") + ") VALUES (?, ?, ?, ?, ?, ?, ?"
                + String(repeating: ", ?", count: StoredMetrics.columns.count) + ")")
        let insert = """
            INSERT INTO findings (session_key, session_id, settings, kind, subkind, signal, source, severity,
                                  start_t, end_t, count, y_min, y_max, suggested_hysteresis, suggested_swipe_distance,
                                  message, details)
            VALUES
            """
        let row = "(" + Array(repeating: "?", count: Int(Self.findingColumns)).joined(separator: ", ") + ")"
        insertFinding = try database.prepare(insert + " " + row)
        insertFindings = try database.prepare(
            insert + " " + Array(repeating: row, count: Self.findingsPerInsert).joined(separator: ", "))
    }
}
