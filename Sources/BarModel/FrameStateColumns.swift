/// One stream's bar states (computed or observed) for the frames of a ``FrameColumns`` block: a
/// column of numbers per ``BarStateField`` and a bit mask per field of the rows that have it.
///
/// Values are what ``BarStateField/value(in:)`` gives (booleans 0 or 1, an enumeration its code),
/// `-0.0` written as `0.0`, as the database gives it back; a value whose row's bit is clear is
/// garbage and must not be read. A field's column starts at
/// `values + field.maskBit * FrameColumns.capacity`, so a detector finds it without a lookup.
public final class FrameStateColumns {
    /// Fields' slots: one per mask bit in use.
    public static let slots = BarStateField.allCases.map(\.maskBit).max()! + 1

    /// `slots × FrameColumns.capacity` numbers, a field's rows together.
    @usableFromInline package let values: UnsafeMutablePointer<Double>
    /// Per slot, bit `row` set when that row has the field.
    @usableFromInline package let known: UnsafeMutablePointer<UInt64>

    /// ``values`` then ``known``, one allocation.
    private let bytes: UnsafeMutableRawBufferPointer

    public init() {
        // Not zeroed: a row's value is only meaningful under its bit (a reused block keeps the
        // last block's values too), and zeroing these ~7.7 KB for each of a session's blocks (two
        // per analysis) was ~30 k instructions of a five-sample session's report.
        let valueBytes = Self.slots * FrameColumns.capacity * MemoryLayout<Double>.stride
        bytes = .allocate(byteCount: valueBytes + Self.slots * MemoryLayout<UInt64>.stride, alignment: 16)
        values = bytes.baseAddress!.bindMemory(to: Double.self, capacity: Self.slots * FrameColumns.capacity)
        known = (bytes.baseAddress! + valueBytes).bindMemory(to: UInt64.self, capacity: Self.slots)
        known.initialize(repeating: 0, count: Self.slots)
    }

    deinit {
        bytes.deallocate()
    }

    /// Makes these columns a copy of `other`'s: the masks, and the values of the fields it has.
    public func copy(from other: FrameStateColumns) {
        let capacity = FrameColumns.capacity
        for slot in 0..<slotCount {
            let rows = other.known[slot]
            known[slot] = rows
            if rows != 0 { (values + slot * capacity).update(from: other.values + slot * capacity, count: capacity) }
        }
    }

    /// The most bytes ``pack(into:)`` writes.
    package static let packedCapacity = slots * (MemoryLayout<UInt64>.stride + FrameColumns.capacity * MemoryLayout<Double>.stride)

    /// Writes the masks, then the column of each field some row has, to `bytes`; returns how many
    /// bytes. What a spool spills: a session's behaviours use a few of the slots, and copying
    /// every slot of every block to the file and back made a long session's system time.
    package func pack(into bytes: UnsafeMutableRawPointer) -> Int {
        var offset = slotCount * MemoryLayout<UInt64>.stride
        bytes.copyMemory(from: known, byteCount: offset)
        let columnBytes = FrameColumns.capacity * MemoryLayout<Double>.stride
        for slot in 0..<slotCount where known[slot] != 0 {
            (bytes + offset).copyMemory(from: values + slot * FrameColumns.capacity, byteCount: columnBytes)
            offset += columnBytes
        }
        return offset
    }

    /// Overwrites these columns with what ``pack(into:)`` wrote at `bytes`; returns how many bytes
    /// it read.
    package func unpack(from bytes: UnsafeRawPointer) -> Int {
        var offset = slotCount * MemoryLayout<UInt64>.stride
        UnsafeMutableRawPointer(known).copyMemory(from: bytes, byteCount: offset)
        let columnBytes = FrameColumns.capacity * MemoryLayout<Double>.stride
        for slot in 0..<slotCount where known[slot] != 0 {
            UnsafeMutableRawPointer(values + slot * FrameColumns.capacity).copyMemory(from: bytes + offset, byteCount: columnBytes)
            offset += columnBytes
        }
        return offset
    }

    /// The column of `field`: its value in row `i` is `column(field)[i]`.
    @inline(__always)
    public func column(_ field: BarStateField) -> FrameColumn<Double> {
        FrameColumn(values + field.maskBit * FrameColumns.capacity)
    }

    /// The rows that have `field`.
    @inline(__always)
    public func rows(_ field: BarStateField) -> UInt64 { known[field.maskBit] }

    /// Forgets every value.
    @inline(__always)
    public func clear() { known.update(repeating: 0, count: Self.slots) }

    /// One row of the columns as a ``BarStateWriter``: what ``BarEngine`` steps into, and what
    /// ``set(_:at:)`` writes a state through.
    @usableFromInline
    struct Row: BarStateWriter {
        @usableFromInline let values: UnsafeMutablePointer<Double>
        @usableFromInline let known: UnsafeMutablePointer<UInt64>
        @usableFromInline let bit: UInt64

        @inlinable @inline(__always)
        init(_ columns: FrameStateColumns, _ row: Int) {
            values = columns.values + row
            known = columns.known
            bit = 1 << UInt64(row)
        }

        /// A number, `-0.0` as `0.0`: what the chunks give back (`StoredValues`), so that a block
        /// holds what the database would without a pass over its columns. Adding `0.0` does that
        /// in one instruction and changes no other value (a select was three).
        @inlinable @inline(__always)
        func set(_ value: Double, _ field: BarStateField) { store(value + 0, field) }

        @inlinable @inline(__always)
        func set(_ flag: Bool, _ field: BarStateField) { store(flag ? 1 : 0, field) }

        @inlinable @inline(__always)
        func set(_ background: BarBackground) { store(Double(background.rawValue), .background) }

        @inlinable @inline(__always)
        func store(_ value: Double, _ field: BarStateField) {
            values[field.maskBit &* FrameColumns.capacity] = value
            known[field.maskBit] |= bit
        }

        /// Writes `value` as `field`'s, if there is one: one line of ``FrameStateColumns/set(_:at:)``.
        @inlinable @inline(__always)
        func put(_ value: Double?, _ field: BarStateField) {
            if let value { set(value, field) }
        }

        @inlinable @inline(__always)
        func put(_ flag: Bool?, _ field: BarStateField) {
            if let flag { set(flag, field) }
        }

        /// An enumeration: its code, as ``BarStateField/value(in:)`` gives it.
        @inlinable @inline(__always)
        func put<Code: RawRepresentable>(_ code: Code?, _ field: BarStateField) where Code.RawValue: BinaryInteger {
            if let code { store(Double(code.rawValue), field) }
        }
    }

    /// The state of `row`, as ``set(_:at:)`` wrote it.
    public func state(at row: Int) -> BarState {
        var state = BarState()
        load(row, into: &state)
        return state
    }

    /// Overwrites `state` with the state of `row`, in place. A row without any field (a
    /// samples-only read, the replay's) costs a pass over the masks.
    public func load(_ row: Int, into state: inout BarState) {
        var any: UInt64 = 0
        for slot in 0..<slotCount { any |= known[slot] }
        state = BarState()
        guard any >> UInt64(row) & 1 != 0 else { return }
        let fields = Self.fields
        for index in 0..<fields.count {
            let field = fields[index]
            guard known[field.maskBit] >> UInt64(row) & 1 != 0 else { continue }
            field.set(values[field.maskBit * FrameColumns.capacity + row], in: &state)
        }
    }

    /// ``slots``, read without the static's once-check.
    private let slotCount = FrameStateColumns.slots

    /// ``BarStateField/allCases`` in a buffer that lives as long as the process: iterating the
    /// array retained and released it per row. Written once,
    /// before first use, and only read afterwards.
    nonisolated(unsafe) private static let fields: UnsafeBufferPointer<BarStateField> = {
        let fields = UnsafeMutablePointer<BarStateField>.allocate(capacity: BarStateField.allCases.count)
        fields.initialize(from: BarStateField.allCases, count: BarStateField.allCases.count)
        return UnsafeBufferPointer(start: fields, count: BarStateField.allCases.count)
    }()
}
