/// The statements that store a session, compiled once per connection and reused by every
/// ``SessionWriter`` of a ``SessionStore``.
///
/// Why: compiling the statements took far longer than storing a short session's rows, so importing
/// many tiny sessions would be dominated by `sqlite3_prepare`.
/// Every statement is reset after it runs, so none holds a read transaction or blocks a commit
/// between sessions. Bindings survive the reset; the chunk INSERT's binder tracks them
/// (``ParameterBinder``), and the other statements bind every parameter each time.
final class SessionWriteStatements {
    let database: Database
    /// Collects frames and stores them with the compiled `frame_chunks` INSERT.
    let chunk: FrameChunkBuilder
    let eventInsert: Statement
    let sessionInsert: Statement
    let columnsInsert: Statement
    let lineInsert: Statement
    /// The session's transaction.
    let transaction: TransactionStatements
    private let nextSessionKeyQuery: Statement

    init(database: Database, transaction: TransactionStatements) throws(DatabaseError) {
        self.database = database
        self.transaction = transaction
        chunk = FrameChunkBuilder(
            insert: ParameterBinder(try database.prepare(FrameChunkBuilder.insertSQL)),
            textNumber: try database.prepare(FrameChunkBuilder.textNumberSQL),
            schemaVersion: Int(try database.scalarInt("PRAGMA user_version") ?? 0))
        eventInsert = try database.prepare(
            "INSERT INTO events (session_key, ordinal, before_seq, t, kind, target, samples) VALUES (?, ?, ?, ?, ?, ?, ?)")
        sessionInsert = try database.prepare("""
            INSERT INTO sessions (session_key, id, app, screen, device, os, fps, started_at, behaviors, parameters,
                                  content_id, source, samples, observed_samples, events, ignored_keys, duration, imported_at,
                                  recording_id, t_origin, screen_scale, app_version, build, recorder_moving, recorder_at_rest)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        columnsInsert = try database.prepare("INSERT INTO session_columns (session_key, mask) VALUES (?, ?)")
        lineInsert = try database.prepare("INSERT INTO sample_lines (session_key, seq, line) VALUES (?, ?, ?)")
        // Above every stored session's key and every stored chunk's range, so its chunk keys are free.
        nextSessionKeyQuery = try database.prepare("""
            SELECT max(coalesce((SELECT max(session_key) FROM sessions), 0), coalesce((SELECT max(key) >> 32 FROM frame_chunks), 0)) + 1
            """)
    }

    /// The key a new session gets (see the query above).
    func nextSessionKey() throws(DatabaseError) -> Int64 {
        try Self.scalar(nextSessionKeyQuery) ?? 1
    }

    /// Runs a one-value query and resets it, so it holds no read transaction afterwards.
    private static func scalar(_ statement: Statement) throws(DatabaseError) -> Int64? {
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int64(0)
    }
}
