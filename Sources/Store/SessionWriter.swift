package import BarModel

/// Appends one session's frames, observed states and events, then its `sessions` row.
///
/// Rows go in through 64-row INSERT statements bound as samples arrive (multi-row INSERTs halve
/// the time per row, ARCHITECTURE.md "Performance"); the caller wraps the whole session in one
/// transaction so a failure stores nothing of it.
package final class SessionWriter {
    /// Rows per multi-row INSERT.
    static let batchRows = 64

    private let database: Database
    /// The session's key, allocated when the writer was made.
    package let sessionKey: Int64
    private let frameBatch: Statement
    private let frameSingle: Statement
    private let observedBatch: Statement
    private let observedSingle: Statement
    private let eventInsert: Statement
    private var pendingFrames: [(seq: Int, sample: ScrollSample, computed: BarState)] = []
    private var pendingObserved: [(seq: Int, state: BarState)] = []

    private static let frameColumns = Int32(5) + BarStateColumns.count
    private static let observedColumns = Int32(1) + BarStateColumns.count

    /// Number of samples appended so far (the next sample's `seq`).
    package private(set) var samples = 0
    package private(set) var observedSamples = 0
    package private(set) var events = 0
    private var firstT: Double?
    private var lastT = 0.0

    init(database: Database, sessionKey: Int64) throws(DatabaseError) {
        self.database = database
        self.sessionKey = sessionKey
        frameBatch = try database.prepare(Self.insertSQL("frames", columns: Self.frameColumns, rows: Self.batchRows))
        frameSingle = try database.prepare(Self.insertSQL("frames", columns: Self.frameColumns, rows: 1))
        observedBatch = try database.prepare(Self.insertSQL("observed", columns: Self.observedColumns, rows: Self.batchRows))
        observedSingle = try database.prepare(Self.insertSQL("observed", columns: Self.observedColumns, rows: 1))
        eventInsert = try database.prepare(
            "INSERT INTO events (session_key, ordinal, before_seq, t, kind, target) VALUES (?, ?, ?, ?, ?, ?)")
    }

    private static func insertSQL(_ table: String, columns: Int32, rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(columns)).joined(separator: ",") + ")"
        return "INSERT INTO \(table) VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
    }

    /// The frame key of sample `seq`.
    @inline(__always)
    private func key(_ seq: Int) -> Int64 { sessionKey << 32 | Int64(seq) }

    /// Appends a sample with its computed state and, when the recording had one, its observed state.
    package func append(_ sample: ScrollSample, computed: BarState, observed: BarState?) throws(DatabaseError) {
        if pendingFrames.isEmpty { pendingFrames.reserveCapacity(Self.batchRows) }
        pendingFrames.append((samples, sample, computed))
        if pendingFrames.count == Self.batchRows {
            for (row, frame) in pendingFrames.enumerated() { bindFrame(frame, to: frameBatch, row: row) }
            try frameBatch.step()
            frameBatch.reset()
            pendingFrames.removeAll(keepingCapacity: true)
        }
        if let observed {
            pendingObserved.append((samples, observed))
            observedSamples += 1
            if pendingObserved.count == Self.batchRows {
                for (row, state) in pendingObserved.enumerated() { bindObserved(state, to: observedBatch, row: row) }
                try observedBatch.step()
                observedBatch.reset()
                pendingObserved.removeAll(keepingCapacity: true)
            }
        }
        if firstT == nil { firstT = sample.t }
        lastT = sample.t
        samples += 1
    }

    @inline(__always)
    private func bindFrame(_ frame: (seq: Int, sample: ScrollSample, computed: BarState), to statement: Statement, row: Int) {
        let base = Int32(row) * Self.frameColumns
        let sample = frame.sample
        statement.bind(base + 1, key(frame.seq))
        statement.bind(base + 2, Int64((sample.t * 1_000_000).rounded()))
        statement.bind(base + 3, sample.y)
        if let phase = sample.phase { statement.bind(base + 4, Int64(phase.rawValue)) } else { statement.bindNull(base + 4) }
        if let vy = sample.vy { statement.bind(base + 5, vy) } else { statement.bindNull(base + 5) }
        BarStateColumns.bind(frame.computed, to: statement, from: base + 6)
    }

    @inline(__always)
    private func bindObserved(_ observed: (seq: Int, state: BarState), to statement: Statement, row: Int) {
        let base = Int32(row) * Self.observedColumns
        statement.bind(base + 1, key(observed.seq))
        BarStateColumns.bind(observed.state, to: statement, from: base + 2)
    }

    /// Appends an event; it applies before the next sample.
    package func append(_ event: ScrollEvent) throws(DatabaseError) {
        try eventInsert.bind([
            .int(sessionKey), .int(Int64(events)), .int(Int64(samples)), .double(event.t),
            .text(ScrollEvent.kindName), .text(event.target.rawValue),
        ])
        try eventInsert.step()
        eventInsert.reset()
        events += 1
    }

    /// Seconds from the first sample to the last.
    package var duration: Double { firstT.map { lastT - $0 } ?? 0 }

    /// Writes the rows still pending (fewer than a batch) one by one.
    private func flush() throws(DatabaseError) {
        for frame in pendingFrames {
            bindFrame(frame, to: frameSingle, row: 0)
            try frameSingle.step()
            frameSingle.reset()
        }
        pendingFrames.removeAll()
        for observed in pendingObserved {
            bindObserved(observed, to: observedSingle, row: 0)
            try observedSingle.step()
            observedSingle.reset()
        }
        pendingObserved.removeAll()
    }

    /// Finishes the session: writes pending rows and the `sessions` row.
    package func finish(_ session: StoredSession) throws(DatabaseError) {
        try flush()
        let insert = try database.prepare("""
            INSERT INTO sessions (session_key, id, app, screen, device, os, fps, started_at, behaviors, parameters,
                                  content_id, source, samples, observed_samples, events, ignored_keys, duration, imported_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind([
            .int(sessionKey), .text(session.id), SQLValue(session.app), SQLValue(session.screen), SQLValue(session.device),
            SQLValue(session.os), SQLValue(session.fps), SQLValue(session.startedAt),
            .text(session.behaviorNames.joined(separator: ",")), .text(session.parametersJSON), .text(session.contentID),
            .text(session.source), .int(Int64(samples)), .int(Int64(observedSamples)), .int(Int64(events)),
            .int(Int64(session.ignoredKeys)), .double(duration), .text(session.importedAt),
        ])
        try insert.step()
    }
}
