package import BarModel
internal import Foundation

/// navrec's database: sessions with their frames, events, analyses and findings.
///
/// Opening for writing applies any missing migrations; opening read-only checks that the schema
/// is one this navrec knows and never writes.
package final class SessionStore {
    /// The connection: Store's alone. Commands go through the store's methods, and `navrec
    /// query` through ``queryConnection(timeLimit:)``.
    let database: Database
    /// Statements compiled on first use and kept for the connection's life (see each type).
    private var cachedWriteStatements: SessionWriteStatements?
    private var cachedAnalysisStatements: AnalysisWriteStatements?
    /// ``events(sessionKey:)``'s query: `navrec report` asks it once per session.
    private var cachedEvents: Statement?
    /// ``session(id:)``'s query, compiled once: the importer asks it once or twice per session.
    private var cachedSessionByID: Statement?
    /// The statements the frame cursors read with (``frames(of:)``, ``samples(of:)``).
    private(set) lazy var frameQueries = FrameQueries(database: database)
    /// Whether an ``ImportBatch`` is open (one at a time).
    private var hasOpenBatch = false

    /// Opens the database at `path`, creating and migrating it unless `readOnly`: a new file is a
    /// copy of ``FreshImage``, an empty one gets `Schema/schema.sql`, an older one the migrations.
    package init(path: String, readOnly: Bool = false) throws {
        let copied = !readOnly && FreshImage.create(at: path)
        database = try Database(path: path, mode: readOnly ? .readOnly : .readWrite)
        let migrator = Migrator()
        if copied { try migrator.stampCopiedLedger(database) }
        if readOnly {
            // Read-only commands cannot upgrade: an older schema (no frame_chunks yet, say) is
            // refused with how to upgrade it, rather than failing later on a missing table.
            try migrator.checkReadable(database)
        } else {
            // Before anything is written (an up-to-date database is not written by migrate), and
            // after a migration brought an older schema to the one whose triggers are known.
            let upToDate = try migrator.validate(database).count == migrator.migrations.count
            if upToDate { try migrator.checkOwnTriggers(database) }
            appliedMigrations = try migrator.migrate(database)
            if !upToDate { try migrator.checkOwnTriggers(database) }
            // The copy got every migration, as a database the script makes does.
            if copied { appliedMigrations = migrator.migrations.map(\.name) }
        }
    }

    /// The migrations opening this store applied (none for a read-only store or an up-to-date database).
    package private(set) var appliedMigrations: [String] = []

    private static let sessionColumns = """
        session_key, id, app, screen, device, os, fps, started_at, behaviors, parameters, content_id, source,
        samples, observed_samples, events, ignored_keys, duration, imported_at, recording_id, t_origin,
        screen_scale, app_version, build, recorder_moving, recorder_at_rest
        """

    private static func readSession(_ statement: Statement) -> StoredSession {
        StoredSession(
            key: statement.int64(0), id: statement.text(1) ?? "", recordingID: statement.text(18),
            metadata: SessionMetadata(
                app: statement.text(2), screen: statement.text(3), device: statement.text(4), os: statement.text(5),
                fps: statement.optionalDouble(6), startedAt: statement.text(7), screenScale: statement.optionalDouble(20),
                appVersion: statement.text(21), build: statement.text(22),
                recorder: RecorderPolicy(
                    moving: statement.text(23).flatMap(RecorderPolicy.Moving.init(rawValue:)),
                    atRest: statement.text(24).flatMap(RecorderPolicy.AtRest.init(rawValue:)))),
            behaviorNames: names(statement.text(8) ?? ""),
            parametersJSON: statement.text(9) ?? "{}", contentID: statement.text(10) ?? "",
            source: statement.text(11) ?? "", samples: Int(statement.int64(12)),
            observedSamples: Int(statement.int64(13)), events: Int(statement.int64(14)),
            ignoredKeys: Int(statement.int64(15)), duration: statement.double(16), importedAt: statement.text(17) ?? "",
            tOrigin: statement.double(19))
    }

    /// `list` split at its commas, as `list.split(separator: ",")` splits it: an ASCII list (every
    /// stored one: behaviour names) a byte at a time, since the generic split by `Character` is a
    /// visible share of reading a short session's row.
    static func names(_ list: String) -> [String] {
        var list = list
        return list.withUTF8 { bytes -> [String]? in
            var names: [String] = []
            var start = 0
            for index in 0...bytes.count {
                if index < bytes.count {
                    // A comma before a combining mark is no separator for the split by Character.
                    guard bytes[index] < 0x80 else { return nil }
                    guard bytes[index] == UInt8(ascii: ",") else { continue }
                }
                if index > start { names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return names
        } ?? list.split(separator: ",").map(String.init)
    }

    /// Every session, in import order.
    package func sessions() throws(DatabaseError) -> [StoredSession] {
        try sessions(after: .min, limit: -1)
    }

    /// Up to `limit` sessions (every one for a negative `limit`, as SQLite's `LIMIT` reads it) with
    /// keys above `key`, in import order: for walking every session without holding them all (a
    /// report over 100,000 sessions).
    package func sessions(after key: Int64, limit: Int) throws(DatabaseError) -> [StoredSession] {
        let statement = try database.prepare(
            "SELECT \(Self.sessionColumns) FROM sessions WHERE session_key > ? ORDER BY session_key LIMIT ?")
        try statement.bind([.int(key), .int(Int64(limit))])
        var result: [StoredSession] = []
        while try statement.step() { result.append(Self.readSession(statement)) }
        return result
    }

    /// Whether the session with `key` is stored (a deleted or replaced one is not: a replaced
    /// session gets a new key).
    package func hasSession(key: Int64) throws(DatabaseError) -> Bool {
        try database.scalarInt("SELECT 1 FROM sessions WHERE session_key = ?", [.int(key)]) != nil
    }

    /// The number of sessions and their samples, all together.
    package func sessionTotals() throws(DatabaseError) -> (sessions: Int, samples: Int) {
        let statement = try database.prepare("SELECT count(*), coalesce(sum(samples), 0) FROM sessions")
        guard try statement.step() else { return (0, 0) }
        return (Int(statement.int64(0)), Int(statement.int64(1)))
    }

    /// Every session id, in import order (for "did you mean" hints).
    package func sessionIDs() throws(DatabaseError) -> [String] {
        try sessionIDs(where: "1")
    }

    /// The session with the id `id`, if stored.
    package func session(id: String) throws(DatabaseError) -> StoredSession? {
        let statement: Statement
        if let cachedSessionByID {
            statement = cachedSessionByID
        } else {
            statement = try database.prepare("SELECT \(Self.sessionColumns) FROM sessions WHERE id = ?")
            cachedSessionByID = statement
        }
        // Reset, so the statement holds no read transaction between calls.
        defer { statement.reset() }
        try statement.bind([.text(id)])
        return try statement.step() ? Self.readSession(statement) : nil
    }

    /// Deletes a session; the `sessions_delete` trigger deletes its frames (with their observed
    /// states), and its events, analyses, findings and column mask go with it.
    package func deleteSession(key: Int64) throws(DatabaseError) {
        let statement = try database.prepare("DELETE FROM sessions WHERE session_key = ?")
        try statement.bind([.int(key)])
        try statement.step()
    }

    /// Stores one session and commits it: `body` appends the session's frames and events to the
    /// writer and returns its `sessions` row (with the writer's ``SessionWriter/sessionKey``), or
    /// `nil` to store nothing. When `body` throws, nothing of the session is stored and the error
    /// is rethrown. Returns whether it was stored.
    ///
    /// `body` may read and delete other sessions through this store (inside the transaction, which
    /// holds the write lock, so no other process changes them meanwhile). The writer is valid only
    /// inside `body`.
    @discardableResult
    package func importSession(_ body: (SessionWriter) throws -> StoredSession?) throws -> Bool {
        let batch = try beginImportBatch(commitsOnTimer: false)
        let session: SessionImport
        do {
            session = try batch.beginSession()
        } catch {
            try? batch.finish()
            throw error
        }
        let stored: Bool
        do {
            if let row = try body(session.writer) {
                try session.commit(row)
                stored = true
            } else {
                session.rollback()
                stored = false
            }
        } catch {
            session.rollback()
            try? batch.finish()
            throw error
        }
        try batch.finish()
        return stored
    }

    /// Makes every import commit durable on disk (`synchronous = FULL`: the WAL is synced at each
    /// commit), so power loss takes back no more than a crash does. Commits come at most every
    /// ``ImportBatch/commitInterval``, so the syncs cost little; other writes (analyses, which the
    /// next report recomputes) stay at `NORMAL`.
    package func makeImportsDurable() throws(DatabaseError) {
        try database.execute("PRAGMA synchronous = FULL")
    }

    /// Begins an import's group commit (see ``ImportBatch``); end it with ``ImportBatch/finish()``.
    package func beginImportBatch() throws(DatabaseError) -> ImportBatch {
        try beginImportBatch(commitsOnTimer: true)
    }

    private func beginImportBatch(commitsOnTimer: Bool) throws(DatabaseError) -> ImportBatch {
        precondition(!hasOpenBatch, "a second ImportBatch begun while one is open on this store")
        let batch = ImportBatch(store: self, statements: try writeStatements(), commitsOnTimer: commitsOnTimer)
        hasOpenBatch = true
        return batch
    }

    /// Called by the batch when it ends.
    func batchEnded() { hasOpenBatch = false }

    /// The session-storing statements, compiled on first use (a read-only store never needs them).
    private func writeStatements() throws(DatabaseError) -> SessionWriteStatements {
        if let cachedWriteStatements { return cachedWriteStatements }
        let statements = try SessionWriteStatements(database: database, transaction: database.transactionStatements())
        cachedWriteStatements = statements
        return statements
    }

    /// The statements that save an analysis (``AnalysisBatch``), compiled on first use.
    func analysisStatements() throws(DatabaseError) -> AnalysisWriteStatements {
        if let cachedAnalysisStatements { return cachedAnalysisStatements }
        let statements = try AnalysisWriteStatements(database: database)
        cachedAnalysisStatements = statements
        return statements
    }

    /// The session's events, in order, with the seq of the first sample that sees each.
    package func events(sessionKey: Int64) throws(DatabaseError) -> [(beforeSeq: Int, event: ScrollEvent)] {
        let statement: Statement
        if let cachedEvents {
            statement = cachedEvents
        } else {
            statement = try database.prepare(
                "SELECT before_seq, t, kind, target, samples FROM events WHERE session_key = ? ORDER BY ordinal")
            cachedEvents = statement
        }
        // Reset, so the statement holds no read transaction between calls (also when reading fails).
        defer { statement.reset() }
        try statement.bind([.int(sessionKey)])
        var result: [(beforeSeq: Int, event: ScrollEvent)] = []
        while try statement.step() {
            let kind: ScrollEvent.Kind
            if let lifecycle = ScrollEvent.Kind(lifecycleName: statement.text(2) ?? "") {
                kind = lifecycle
            } else if statement.text(2) == "dropped" {
                kind = .dropped(samples: Int(statement.int64(4)))
            } else {
                kind = .tap(ScrollEvent.Target(rawValue: statement.text(3) ?? "") ?? .content)
            }
            result.append((Int(statement.int64(0)), ScrollEvent(t: statement.double(1), kind: kind)))
        }
        return result
    }

    /// Runs `body`, which reads several sessions, in one read transaction: one snapshot of the
    /// database, and one WAL read lock instead of one per statement (for short sessions, taking and
    /// releasing it is a visible share of `navrec report`). Only for a store that does not write
    /// inside `body`.
    package func readingTogether<T>(_ body: () throws -> T) throws -> T {
        try database.inReadTransaction(body)
    }

    /// The session's frames in seq order, read lazily: memory stays flat for long sessions.
    package func frames(of session: StoredSession) throws(DatabaseError) -> FrameCursor {
        try FrameCursor(
            queries: frameQueries, sessionKey: session.key, sessionID: session.id, expectedSamples: session.samples,
            withObserved: session.observedSamples > 0)
    }

    /// The session's samples in seq order, without their states (empty `computed`, no `observed`):
    /// for passes that only replay the samples, such as the analyzer's hysteresis search, where
    /// reading the state columns would dominate the pass.
    package func samples(of session: StoredSession) throws(DatabaseError) -> FrameCursor {
        try FrameCursor(
            queries: frameQueries, sessionKey: session.key, sessionID: session.id, expectedSamples: session.samples,
            withObserved: false, samplesOnly: true)
    }
}

/// Ad-hoc SQL (`navrec query`).
extension SessionStore {
    /// This read-only store's connection made ready for user SQL (see ``QueryConnection``):
    /// `timeline` read natively, everything but reading denied, and statements stopped once
    /// `timeLimit` seconds have passed (`nil`: no limit).
    package func queryConnection(timeLimit: Double?) throws(DatabaseError) -> QueryConnection {
        precondition(database.isReadOnly, "queryConnection needs a store opened readOnly")
        try readTimelineNatively()
        database.allowOnlyReading()
        database.limitTime(to: timeLimit)
        return QueryConnection(database: database)
    }

    /// Makes `timeline` on this connection read through ``TimelineTable`` (`navrec_timeline`,
    /// decoded by navrec) instead of the plain view's SQL decoding: a TEMP view of the same name
    /// and columns shadows the stored one for this connection only; `main.timeline` is still the
    /// plain view. Before ``Database/allowOnlyReading()``, which would deny the view.
    private func readTimelineNatively() throws(DatabaseError) {
        try TimelineTable.register(on: database)
        let columns = TimelineTable.columns.map(\.name).joined(separator: ", ")
        // query_only also guards the TEMP schema; the file itself stays read-only (the open mode).
        try database.execute("PRAGMA query_only = OFF")
        defer { try? database.execute("PRAGMA query_only = ON") }
        try database.execute("CREATE VIRTUAL TABLE temp.navrec_timeline USING navrec_timeline")
        try database.execute("CREATE TEMP VIEW timeline AS SELECT \(columns) FROM temp.navrec_timeline")
    }
}
