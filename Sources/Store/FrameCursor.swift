package import BarModel
internal import CSQLite

/// Reads one session's frames in key order, one row at a time (a ``SessionFrameReader``).
package final class FrameCursor: SessionFrameReader {
    private let statement: Statement
    private let withObserved: Bool
    private let baseKey: Int64

    /// Whether only the samples are read (states left empty).
    private let samplesOnly: Bool

    /// A selected state column: the result column it is read from and the field it fills.
    private struct StateColumn {
        var column: Int32
        var entry: BarStateColumns.Entry
    }

    /// The computed-state columns read, then the observed-state ones (`observedCount` of them):
    /// only the columns `session_columns` says hold a value are selected (each read column costs
    /// SQLite an OP_Column and us an API call or two).
    private let columns: UnsafeMutableBufferPointer<StateColumn>
    private let computedCount: Int
    private let observedCount: Int
    /// Result column of the `observed` flag, -1 when not selected.
    private let observedColumn: Int32

    init(database: Database, sessionKey: Int64, withObserved: Bool, samplesOnly: Bool = false) throws(DatabaseError) {
        // Sessions without a session_columns row read every column.
        let mask = samplesOnly ? 0 : try database.scalarInt(
            "SELECT mask FROM session_columns WHERE session_key = ?", [.int(sessionKey)]).map { UInt64(bitPattern: $0) } ?? .max
        var sql = "SELECT key, t_us, y, phase, vy, frame_duration_us"
        var next: Int32 = 6
        var selected: [StateColumn] = []
        func select(_ index: Int, column name: String) {
            sql += ", " + name
            selected.append(StateColumn(column: next, entry: BarStateColumns.entries[index]))
            next += 1
        }
        for (index, field) in BarStateColumns.fields.enumerated() where !samplesOnly && mask >> UInt64(field.maskBit) & 1 != 0 {
            select(index, column: BarStateColumns.computed(field))
        }
        computedCount = selected.count
        if withObserved && !samplesOnly {
            sql += ", observed"
            observedColumn = next
            next += 1
            for (index, field) in BarStateColumns.fields.enumerated()
            where mask >> (BarStateColumns.observedMaskShift + UInt64(field.maskBit)) & 1 != 0 {
                select(index, column: BarStateColumns.observed(field))
            }
        } else {
            observedColumn = -1
        }
        sql += " FROM frames WHERE key BETWEEN ? AND ? ORDER BY key"
        observedCount = selected.count - computedCount
        columns = .allocate(capacity: Swift.max(1, selected.count))
        _ = columns.initialize(from: selected)
        self.samplesOnly = samplesOnly
        statement = try database.prepare(sql)
        baseKey = sessionKey << 32
        try statement.bind([.int(baseKey), .int(baseKey | 0xFFFF_FFFF)])
        self.withObserved = withObserved
    }

    deinit { columns.deallocate() }

    /// Overwrites `frame` with the next frame and returns `true`, or returns `false` at the end.
    ///
    /// Why the columns are read through `sqlite3_column_value`: every `sqlite3_column_*` call
    /// enters and leaves the connection's mutex and runs `sqlite3ApiExit`; the old type-then-value
    /// pair paid that twice per column, the `sqlite3_value_*` accessors on the column's value pay
    /// it once (Benchmarks/README.md).
    ///
    /// - Throws: ``DatabaseError`` when SQLite fails mid-session (an I/O error, a corrupt page).
    package func read(into frame: inout SessionFrame) throws(DatabaseError) -> Bool {
        guard try statement.step() else { return false }
        let handle = statement.handle
        frame.seq = Int(sqlite3_value_int64(sqlite3_column_value(handle, 0)) - baseKey)
        let phase = Self.integer(handle, 3).flatMap { ScrollPhase(rawValue: UInt8(clamping: $0)) }
        frame.sample = ScrollSample(
            t: Double(Self.integer(handle, 1) ?? 0) / 1_000_000, y: Self.number(handle, 2) ?? 0, phase: phase,
            vy: Self.number(handle, 4), frameDuration: Self.integer(handle, 5).map { Double($0) / 1_000_000 })
        if samplesOnly {
            frame.computed = BarState()
            frame.observed = nil
            return true
        }
        let columns = UnsafePointer(self.columns.baseAddress!)
        Self.readState(handle, columns: columns, count: computedCount, into: &frame.computed)
        if observedColumn >= 0, sqlite3_value_type(sqlite3_column_value(handle, observedColumn)) != SQLITE_NULL {
            var state = BarState()
            Self.readState(handle, columns: columns + computedCount, count: observedCount, into: &state)
            frame.observed = state
        } else {
            frame.observed = nil
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

    /// Overwrites `state` with the fields in the `count` result columns at `columns`, the others
    /// `nil`; the inverse of ``BarStateColumns/bind(_:plan:to:from:)``.
    @inline(__always)
    private static func readState(
        _ handle: OpaquePointer, columns: UnsafePointer<StateColumn>, count: Int, into state: inout BarState
    ) {
        state = BarState()
        for index in 0..<count {
            let column = columns[index]
            if column.entry.storage.isNumber {
                BarStateColumns.set(Self.number(handle, column.column), column.entry, in: &state)
            } else {
                BarStateColumns.set(Self.integer(handle, column.column).map(Double.init), column.entry, in: &state)
            }
        }
    }
}
