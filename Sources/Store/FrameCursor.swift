internal import BarModel

/// Reads one session's frames in key order, one row at a time.
///
/// A `Sequence` so detectors can consume it directly; an SQLite error mid-way ends the sequence
/// early and is kept in ``error`` for the caller to throw.
package final class FrameCursor: Sequence, IteratorProtocol {
    private let statement: Statement
    private let withObserved: Bool
    private let baseKey: Int64
    /// The error that ended the sequence early, if any.
    package private(set) var error: DatabaseError?

    /// Whether only the samples are read (states left empty).
    private let samplesOnly: Bool

    /// Result column of each computed (0..<14) and observed (14..<28) state field, -1 when not
    /// selected: only the columns `session_columns` says hold a value are read (each read column
    /// costs SQLite an OP_Column and us an API call or two, ~200 instructions).
    private let columns: UnsafeMutableBufferPointer<Int32>
    /// Result column of the `observed` flag, -1 when not selected.
    private let observedColumn: Int32

    init(database: Database, sessionKey: Int64, withObserved: Bool, samplesOnly: Bool = false) throws(DatabaseError) {
        let stateColumns = BarStateColumns.names
        let fields = Int(BarStateColumns.count)
        // Sessions without a session_columns row read every column.
        let mask = samplesOnly ? 0 : try database.scalarInt(
            "SELECT mask FROM session_columns WHERE session_key = ?", [.int(sessionKey)]) ?? -1
        columns = .allocate(capacity: 2 * fields)
        columns.initialize(repeating: -1)
        var sql = "SELECT key, t_us, y, phase, vy"
        var next: Int32 = 5
        for field in 0..<(samplesOnly ? 0 : fields) where mask >> field & 1 != 0 {
            sql += ", " + stateColumns[field]
            columns[field] = next
            next += 1
        }
        if withObserved && !samplesOnly {
            sql += ", observed"
            observedColumn = next
            next += 1
            for field in 0..<fields where mask >> (fields + field) & 1 != 0 {
                sql += ", o_" + stateColumns[field]
                columns[fields + field] = next
                next += 1
            }
        } else {
            observedColumn = -1
        }
        sql += " FROM frames WHERE key BETWEEN ? AND ? ORDER BY key"
        self.samplesOnly = samplesOnly
        statement = try database.prepare(sql)
        baseKey = sessionKey << 32
        try statement.bind([.int(baseKey), .int(baseKey | 0xFFFF_FFFF)])
        self.withObserved = withObserved
    }

    deinit { columns.deallocate() }

    package func next() -> StoredFrame? {
        guard error == nil else { return nil }
        do {
            guard try statement.step() else { return nil }
        } catch {
            self.error = error
            return nil
        }
        let seq = Int(statement.int64(0) - baseKey)
        let phase = statement.optionalInt64(3).flatMap { ScrollPhase(rawValue: UInt8(clamping: $0)) }
        let sample = ScrollSample(
            t: Double(statement.int64(1)) / 1_000_000, y: ParameterBinder.number(statement, 2) ?? 0, phase: phase,
            vy: ParameterBinder.number(statement, 4))
        if samplesOnly { return StoredFrame(seq: seq, sample: sample, computed: BarState(), observed: nil) }
        let fields = Int(BarStateColumns.count)
        let computed = BarStateColumns.read(statement, columns: UnsafeBufferPointer(rebasing: columns[0..<fields]))
        var observed: BarState?
        if observedColumn >= 0, !statement.isNull(observedColumn) {
            observed = BarStateColumns.read(statement, columns: UnsafeBufferPointer(rebasing: columns[fields...]))
        }
        return StoredFrame(seq: seq, sample: sample, computed: computed, observed: observed)
    }
}

extension SessionStore {
    /// The session's samples in seq order, without their states (empty `computed`, no `observed`):
    /// for passes that only replay the samples, such as the analyzer's hysteresis search, where
    /// reading the 29 state columns was most of the pass's time (callgrind).
    package func samples(of session: StoredSession) throws(DatabaseError) -> FrameCursor {
        try FrameCursor(database: database, sessionKey: session.key, withObserved: false, samplesOnly: true)
    }
}
