/// One stream's bar states (computed or observed) for the frames of a ``FrameColumns`` block: a
/// column of numbers per ``BarStateField`` and a bit mask per field of the rows that have it.
///
/// Values are what ``BarStateField/value(in:)`` gives (booleans 0 or 1, an enumeration its code);
/// a value whose row's bit is clear is garbage and must not be read. A field's column starts at
/// `values + field.maskBit * FrameColumns.capacity`, so a detector finds it without a lookup.
public final class FrameStateColumns {
    /// Fields' slots: one per mask bit in use.
    public static let slots = BarStateField.allCases.map(\.maskBit).max()! + 1

    /// `slots × FrameColumns.capacity` numbers, a field's rows together.
    public let values: UnsafeMutablePointer<Double>
    /// Per slot, bit `row` set when that row has the field.
    public let known: UnsafeMutablePointer<UInt64>

    public init() {
        // Not zeroed: a row's value is only meaningful under its bit (a reused block keeps the
        // last block's values too), and zeroing these ~7.7 KB for each of a session's blocks (two
        // per analysis) was ~30 k instructions of a five-sample session's report
        // (Benchmarks/README.md, "Tiny sessions").
        values = .allocate(capacity: Self.slots * FrameColumns.capacity)
        known = .allocate(capacity: Self.slots)
        known.initialize(repeating: 0, count: Self.slots)
    }

    deinit {
        values.deallocate()
        known.deallocate()
    }

    /// The column of `field`: its value in row `i` is `column(field)[i]`.
    @inline(__always)
    public func column(_ field: BarStateField) -> UnsafeMutablePointer<Double> {
        values + field.maskBit * FrameColumns.capacity
    }

    /// The rows that have `field`.
    @inline(__always)
    public func rows(_ field: BarStateField) -> UInt64 { known[field.maskBit] }

    /// Forgets every value.
    @inline(__always)
    public func clear() { known.update(repeating: 0, count: Self.slots) }

    /// Writes `state`'s fields into `row` (whose bits must be clear).
    public func set(_ state: BarState, at row: Int) {
        let bit: UInt64 = 1 << UInt64(row)
        for field in Self.fields {
            guard let value = field.value(in: state) else { continue }
            values[field.maskBit * FrameColumns.capacity + row] = value
            known[field.maskBit] |= bit
        }
    }

    /// The state of `row`, as ``set(_:at:)`` wrote it.
    public func state(at row: Int) -> BarState {
        var state = BarState()
        for field in Self.fields where known[field.maskBit] >> UInt64(row) & 1 != 0 {
            field.set(values[field.maskBit * FrameColumns.capacity + row], in: &state)
        }
        return state
    }

    /// Cached: `allCases` builds a new array on every access.
    private static let fields = BarStateField.allCases
}
