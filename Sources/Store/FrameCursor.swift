package import BarModel
internal import CSQLite

/// Reads one session's frames in key order, one row at a time.
///
/// A `Sequence` so detectors can consume it directly; an SQLite error mid-way ends the sequence
/// early and is kept in ``error`` for the caller to throw.
package final class FrameCursor: Sequence, IteratorProtocol {
    private let statement: Statement
    private let withObserved: Bool
    private let baseKey: Int64
    /// The error that ended the sequence early, if any.
    package private(set) var error: DatabaseError? {
        didSet { failed = error != nil }
    }
    /// Whether ``error`` is set: checked per row instead of `error`, whose package visibility
    /// keeps a dynamic exclusivity check (`swift_beginAccess`, ~75 instructions) on every read;
    /// a private property's accesses are all in this file, so the optimizer drops the check.
    private var failed = false

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
        var sql = "SELECT key, t_us, y, phase, vy, frame_duration_us"
        var next: Int32 = 6
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
        var frame = StoredFrame(seq: 0, sample: ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
        guard read(seq: &frame.seq, sample: &frame.sample, computed: &frame.computed, observed: &frame.observed) else {
            return nil
        }
        return frame
    }

    /// Overwrites the given fields with the next frame's and returns `true`, or returns `false` at
    /// the end (or on an error, kept in ``error``). The same values as ``next()``, written in place:
    /// a caller that reuses one frame avoids building and copying a ~400-byte value per row.
    ///
    /// Why the columns are read through `sqlite3_column_value`: every `sqlite3_column_*` call
    /// enters and leaves the connection's mutex and runs `sqlite3ApiExit`; the old type-then-value
    /// pair paid that twice per column, the `sqlite3_value_*` accessors on the column's value pay
    /// it once (callgrind).
    package func read(
        seq: inout Int, sample: inout ScrollSample, computed: inout BarState, observed: inout BarState?
    ) -> Bool {
        guard !failed else { return false }
        do {
            guard try statement.step() else { return false }
        } catch {
            self.error = error
            return false
        }
        let handle = statement.handle
        seq = Int(sqlite3_value_int64(sqlite3_column_value(handle, 0)) - baseKey)
        let phase = Self.integer(handle, 3).flatMap { ScrollPhase(rawValue: UInt8(clamping: $0)) }
        sample = ScrollSample(
            t: Double(Self.integer(handle, 1) ?? 0) / 1_000_000, y: Self.number(handle, 2) ?? 0, phase: phase,
            vy: Self.number(handle, 4), frameDuration: Self.integer(handle, 5).map { Double($0) / 1_000_000 })
        if samplesOnly {
            computed = BarState()
            observed = nil
            return true
        }
        let fields = Int(BarStateColumns.count)
        let columns = UnsafePointer(self.columns.baseAddress!)
        Self.readState(handle, columns: columns, into: &computed)
        if observedColumn >= 0, sqlite3_value_type(sqlite3_column_value(handle, observedColumn)) != SQLITE_NULL {
            var state = BarState()
            Self.readState(handle, columns: columns + fields, into: &state)
            observed = state
        } else {
            observed = nil
        }
        return true
    }

    /// An INTEGER column (`nil` for NULL; as `sqlite3_column_int64` for other types).
    @inline(__always)
    private static func integer(_ handle: OpaquePointer, _ column: Int32) -> Int64? {
        let value = sqlite3_column_value(handle, column)
        return sqlite3_value_type(value) == SQLITE_NULL ? nil : sqlite3_value_int64(value)
    }

    /// A number column in the table's encoding (the inverse of ``ParameterBinder/thousandths(_:)``): thousandths
    /// as INTEGER, else REAL; `nil` for NULL.
    @inline(__always)
    private static func number(_ handle: OpaquePointer, _ column: Int32) -> Double? {
        let value = sqlite3_column_value(handle, column)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return Double(sqlite3_value_int64(value)) / 1000
        case SQLITE_NULL: return nil
        default: return sqlite3_value_double(value)
        }
    }

    /// Overwrites `state` with the state whose i-th field is in result column `columns[i]`
    /// (`-1`: not selected, `nil`); the inverse of ``BarStateColumns/bind(_:to:from:)``.
    @inline(__always)
    private static func readState(_ handle: OpaquePointer, columns: UnsafePointer<Int32>, into state: inout BarState) {
        @inline(__always) func number(_ field: Int) -> Double? {
            let column = columns[field]
            return column < 0 ? nil : Self.number(handle, column)
        }
        @inline(__always) func integer(_ field: Int) -> Int64? {
            let column = columns[field]
            return column < 0 ? nil : Self.integer(handle, column)
        }
        state.barHeight = number(0)
        state.barHidden = integer(1).map { $0 != 0 }
        state.barShown = number(2)
        state.largeTitleAlpha = number(3)
        state.inlineTitleAlpha = number(4)
        state.contentTitleAlpha = number(5)
        state.avatarScale = number(6)
        state.avatarTx = number(7)
        state.avatarTy = number(8)
        state.blurAlpha = number(9)
        state.background = integer(10).flatMap { BarBackground(rawValue: UInt8(clamping: $0)) }
        state.subtitleVisible = integer(11).map { $0 != 0 }
        state.subtitleHasText = integer(12).map { $0 != 0 }
        state.dropdownExpanded = integer(13).map { $0 != 0 }
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
