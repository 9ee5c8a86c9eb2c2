package import BarModel

/// How bar-state fields map to `frames` columns, derived from ``BarStateField``: each field has a
/// computed-state column named ``BarStateField/columnName`` and an observed-state column with the
/// `o_` prefix. Lengths and fractions are stored in the thousandths encoding
/// (``ParameterBinder/thousandths(_:)``), booleans and enumerations as their code.
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

    /// One field as the binder and the cursor need it, so that the per-field work is a load at a
    /// known offset rather than a switch over the field (the import's hot path; Benchmarks/README.md).
    struct Entry {
        var field: BarStateField
        var bit: UInt64
        /// For a number field, the offset of its `Double?` in ``BarState``; -1 for the others,
        /// which go through ``BarStateField/value(in:)`` and ``BarStateField/set(_:in:)``.
        var numberOffset: Int
    }

    /// ``fields`` with their encodings, in a buffer that lives as long as the process.
    /// Written once, before first use, and only read afterwards.
    nonisolated(unsafe) static let entries: UnsafeBufferPointer<Entry> = {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: fields.count)
        for (index, field) in fields.enumerated() {
            var offset = -1
            if field.isNumber {
                precondition(field.keyPath is KeyPath<BarState, Double?>, "\(field) is a number but not a Double?")
                offset = MemoryLayout<BarState>.offset(of: field.keyPath)!
            }
            (entries + index).initialize(to: Entry(field: field, bit: 1 << UInt64(field.maskBit), numberOffset: offset))
        }
        return UnsafeBufferPointer(start: entries, count: fields.count)
    }()

    /// The value of `entry`'s field in the state at `state`, as ``BarStateField/value(in:)`` gives it.
    @inline(__always)
    static func value(_ entry: Entry, in state: UnsafePointer<BarState>) -> Double? {
        entry.numberOffset >= 0
            ? UnsafeRawPointer(state).load(fromByteOffset: entry.numberOffset, as: Double?.self)
            : entry.field.value(in: state.pointee)
    }

    /// Sets `entry`'s field in `state`, as ``BarStateField/set(_:in:)`` does.
    @inline(__always)
    static func set(_ value: Double?, _ entry: Entry, in state: inout BarState) {
        if entry.numberOffset >= 0 {
            withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: value, toByteOffset: entry.numberOffset, as: Double?.self) }
        } else {
            entry.field.set(value, in: &state)
        }
    }

    /// Binds the fields of the state at `state` to parameters `first`, `first + 1`, … in ``fields``
    /// order and returns the mask bits of those that hold a value. A pointer, not a value, so the
    /// state is not copied per call; `entries` is ``entries``, passed in by a caller that keeps it
    /// so the lazily initialized global is not checked per call.
    @inline(__always)
    static func bind(
        _ state: UnsafePointer<BarState>, entries: UnsafeBufferPointer<Entry>, to binder: ParameterBinder, from first: Int32
    ) -> UInt64 {
        var mask: UInt64 = 0
        // Wrapping arithmetic: parameter numbers stay far below Int32.max, and the overflow checks
        // showed in the import's profile.
        var index = first
        for entry in entries {
            defer { index &+= 1 }
            let value = value(entry, in: state)
            guard let value else {
                binder.bindNull(index)
                continue
            }
            if entry.numberOffset >= 0 { binder.bindNumber(index, value) } else { binder.bind(index, Int64(value)) }
            mask |= entry.bit
        }
        return mask
    }
}
