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

    init(database: Database, sessionKey: Int64, withObserved: Bool, samplesOnly: Bool = false) throws(DatabaseError) {
        let stateColumns = BarStateColumns.names
        var sql = "SELECT key, t_us, y, phase, vy"
        if !samplesOnly {
            sql += ", " + stateColumns.joined(separator: ", ")
            if withObserved {
                sql += ", observed, " + stateColumns.map { "o_" + $0 }.joined(separator: ", ")
            }
        }
        sql += " FROM frames WHERE key BETWEEN ? AND ? ORDER BY key"
        self.samplesOnly = samplesOnly
        statement = try database.prepare(sql)
        baseKey = sessionKey << 32
        try statement.bind([.int(baseKey), .int(baseKey | 0xFFFF_FFFF)])
        self.withObserved = withObserved
    }

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
        let computed = BarStateColumns.read(statement, from: 5)
        var observed: BarState?
        if withObserved {
            let observedKey = 5 + BarStateColumns.count
            if !statement.isNull(observedKey) { observed = BarStateColumns.read(statement, from: observedKey + 1) }
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
