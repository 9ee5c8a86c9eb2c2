package import BarModel

/// How bar-state fields map to `frame_chunks` columns, derived from ``BarStateField``: each field
/// has a computed-state column named ``BarStateField/columnName`` and an observed-state column with
/// the `o_` prefix. Lengths and fractions are stored in the thousandths encoding
/// (``DigitColumn/thousandths(_:)``), booleans and enumerations as their code.
///
/// `session_columns.mask` has bit ``BarStateField/maskBit`` for a field's computed column and bit
/// 32 + ``BarStateField/maskBit`` for its observed column.
package enum BarStateColumns {
    /// The fields in column order.
    package static let fields = BarStateField.allCases

    /// Offset of the observed-state bits in `session_columns.mask`.
    package static let observedMaskShift: UInt64 = 32

    /// The computed-state column of `field`.
    package static func computed(_ field: BarStateField) -> String { field.columnName }

    /// The observed-state column of `field`.
    package static func observed(_ field: BarStateField) -> String { "o_" + field.columnName }

    /// The numeric fields (lengths and fractions), which `observed_gaps` compares.
    package static let gapFields = fields.filter { $0.kind == .length || $0.kind == .fraction }

    /// The `frame_chunks` columns of a chunk's largest `<field>_gap` and of the earliest `t` with it
    /// (NULL when no sample has the gap): what `observed_gaps` gives over the chunk's positions,
    /// kept per chunk so that a session's largest gaps (`observed_drift`) read one row per 64 samples
    /// instead of decoding every sample (9–17 s of CPU at 2,000 sessions, and over Datasette's 1 s
    /// limit on a small fleet). The import writes them from the values it holds (``FrameChunkBuilder``,
    /// with SQLite's reading of a column stored as text); ``SchemaSQL`` works them out in SQL for a
    /// migration and the `observed` delete trigger.
    package static func gapMaximumColumn(_ field: BarStateField) -> String { field.columnName + "_gap_max" }
    package static func gapTimeColumn(_ field: BarStateField) -> String { field.columnName + "_gap_t" }

    /// The declarations of those columns: each of ``gapFields``' maximum, then its time.
    static let gapSummaryColumns: [(name: String, type: String)] = gapFields.flatMap {
        [(gapMaximumColumn($0), "REAL"), (gapTimeColumn($0), "REAL")]
    }

    /// One field as the binder and the cursor need it, so that the cursor's per-field work is a
    /// store at a known offset rather than a switch over the field, on the per-sample read path.
    struct Entry {
        var field: BarStateField
        var bit: UInt64
        var storage: Storage
    }

    /// Where an ``Entry``'s value lives in ``BarState``.
    enum Storage {
        /// A `Double?` at this offset (lengths and fractions).
        case number(offset: Int)
        /// A `Bool?` at this offset.
        case boolean(offset: Int)
        /// Another type (an enumeration): through ``BarStateField/value(in:)`` and ``BarStateField/set(_:in:)``.
        case field

        /// Whether the column holds the thousandths encoding rather than a code.
        var isNumber: Bool {
            if case .number = self { true } else { false }
        }
    }

    /// ``fields`` with their encodings, in a buffer that lives as long as the process.
    /// Written once, before first use, and only read afterwards.
    nonisolated(unsafe) static let entries: UnsafeBufferPointer<Entry> = {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: fields.count)
        for (index, field) in fields.enumerated() {
            let storage: Storage
            switch field.kind {
            case .length, .fraction:
                precondition(field.keyPath is KeyPath<BarState, Double?>, "\(field) is a number but not a Double?")
                storage = .number(offset: MemoryLayout<BarState>.offset(of: field.keyPath)!)
            case .boolean:
                precondition(field.keyPath is KeyPath<BarState, Bool?>, "\(field) is a boolean but not a Bool?")
                storage = .boolean(offset: MemoryLayout<BarState>.offset(of: field.keyPath)!)
            case .enumeration:
                storage = .field
            }
            (entries + index).initialize(to: Entry(field: field, bit: 1 << UInt64(field.maskBit), storage: storage))
        }
        return UnsafeBufferPointer(start: entries, count: fields.count)
    }()

    /// Sets `entry`'s field in `state`, as ``BarStateField/set(_:in:)`` does.
    @inline(__always)
    static func set(_ value: Double?, _ entry: Entry, in state: inout BarState) {
        switch entry.storage {
        case .number(let offset):
            withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: value, toByteOffset: offset, as: Double?.self) }
        case .boolean(let offset):
            withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: value.map { $0 != 0 }, toByteOffset: offset, as: Bool?.self) }
        case .field:
            entry.field.set(value, in: &state)
        }
    }
}
