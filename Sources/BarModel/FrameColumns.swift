/// Up to ``capacity`` consecutive frames of a session as columns (a struct of arrays), as the store
/// keeps them in a `frame_chunks` row: what ``SessionFrameReader/read(into:)`` fills
/// and the analyzer's detectors loop over, a column at a time, without a ``SessionFrame`` per row.
///
/// A block is reused: a reader overwrites it whole. Row `i` is the frame with seq `firstSeq + i`.
public final class FrameColumns {
    /// Rows a block holds: a `frame_chunks` row's samples, and the bits of a `UInt64` row mask.
    @inlinable public static var capacity: Int { 64 }

    /// ``count``, ``firstSeq`` and ``observedRows``, behind a pointer: stored properties of a class
    /// pay a dynamic exclusivity check per access, and ``load(_:into:)`` reads them per frame. The
    /// header and the sample columns are one allocation (``sampleBytes``), so a block is copied or
    /// spilled as one region of bytes and its two state streams (``copy(from:)``, ``pack(into:)``).
    @usableFromInline let header: UnsafeMutablePointer<(count: Int, firstSeq: Int, observedRows: UInt64)>
    /// Rows filled, 0 to ``capacity``.
    public var count: Int {
        get { header.pointee.count }
        set { header.pointee.count = newValue }
    }
    /// The seq of row 0.
    public var firstSeq: Int {
        get { header.pointee.firstSeq }
        set { header.pointee.firstSeq = newValue }
    }
    /// The samples' fields, a column each.
    public let t: FrameColumn<Double>
    public let y: FrameColumn<Double>
    public let phase: FrameColumn<ScrollPhase?>
    public let vy: FrameColumn<Double?>
    public let frameDuration: FrameColumn<Double?>
    /// The states navrec's models computed.
    public let computed = FrameStateColumns()
    /// The states the app reported, in the rows of ``observedRows`` (a row there without any field
    /// is an empty state; the others have none).
    public let observed = FrameStateColumns()
    /// Bit `row` set when that frame carried an observed state.
    public var observedRows: UInt64 {
        get { header.pointee.observedRows }
        set { header.pointee.observedRows = newValue }
    }

    /// The header and the sample columns, the block's bytes besides its two state streams'.
    private let sampleBytes: UnsafeMutableRawBufferPointer

    public init() {
        // The header first, then each column at a multiple of its alignment.
        let capacity = Self.capacity
        let headerSize = MemoryLayout<(count: Int, firstSeq: Int, observedRows: UInt64)>.stride
        let tOffset = headerSize
        let yOffset = tOffset + capacity * MemoryLayout<Double>.stride
        let vyOffset = yOffset + capacity * MemoryLayout<Double>.stride
        let frameDurationOffset = vyOffset + capacity * MemoryLayout<Double?>.stride
        let phaseOffset = frameDurationOffset + capacity * MemoryLayout<Double?>.stride
        let size = phaseOffset + capacity * MemoryLayout<ScrollPhase?>.stride
        sampleBytes = .allocate(byteCount: size, alignment: 16)
        let base = sampleBytes.baseAddress!
        header = base.bindMemory(to: (count: Int, firstSeq: Int, observedRows: UInt64).self, capacity: 1)
        header.initialize(to: (0, 0, 0))
        func column<Element>(_ offset: Int, _ initial: Element) -> FrameColumn<Element> {
            let column = (base + offset).bindMemory(to: Element.self, capacity: capacity)
            column.initialize(repeating: initial, count: capacity)
            return FrameColumn(column)
        }
        t = column(tOffset, 0)
        y = column(yOffset, 0)
        vy = column(vyOffset, nil)
        frameDuration = column(frameDurationOffset, nil)
        phase = column(phaseOffset, nil)
    }

    deinit {
        sampleBytes.deallocate()
    }

    /// Makes this block a copy of `other`: its header and sample columns whole, of each state
    /// stream the masks and the columns of the fields it has (a block's values without their
    /// row's bit are garbage either way).
    public func copy(from other: FrameColumns) {
        sampleBytes.baseAddress!.copyMemory(from: other.sampleBytes.baseAddress!, byteCount: sampleBytes.count)
        computed.copy(from: other.computed)
        observed.copy(from: other.observed)
    }

    /// The most bytes ``pack(into:)`` writes.
    package static let packedCapacity = FrameColumns().sampleBytes.count + 2 * FrameStateColumns.packedCapacity

    /// Writes the block to `bytes` (its sample columns whole, its state streams as
    /// ``FrameStateColumns/pack(into:)`` does); returns how many bytes.
    package func pack(into bytes: UnsafeMutableRawPointer) -> Int {
        bytes.copyMemory(from: sampleBytes.baseAddress!, byteCount: sampleBytes.count)
        var offset = sampleBytes.count
        offset += computed.pack(into: bytes + offset)
        return offset + observed.pack(into: bytes + offset)
    }

    /// Overwrites the block with what ``pack(into:)`` wrote at `bytes`; returns how many bytes it
    /// read.
    package func unpack(from bytes: UnsafeRawPointer) -> Int {
        sampleBytes.baseAddress!.copyMemory(from: bytes, byteCount: sampleBytes.count)
        var offset = sampleBytes.count
        offset += computed.unpack(from: bytes + offset)
        return offset + observed.unpack(from: bytes + offset)
    }

    /// Writes the block's rows without their states to `bytes` — what a replay of the samples
    /// reads, all a session's spool keeps once its main pass has seen them: the header and, when
    /// `whole`, every sample column, else only `t` and `y` of each row. Returns how many bytes.
    package func packSamples(into bytes: UnsafeMutableRawPointer, whole: Bool) -> Int {
        if whole {
            bytes.copyMemory(from: sampleBytes.baseAddress!, byteCount: sampleBytes.count)
            return sampleBytes.count
        }
        let headerSize = MemoryLayout.size(ofValue: header.pointee), size = count * MemoryLayout<Double>.stride
        bytes.copyMemory(from: header, byteCount: headerSize)
        (bytes + headerSize).copyMemory(from: t.base, byteCount: size)
        (bytes + headerSize + size).copyMemory(from: y.base, byteCount: size)
        return headerSize + 2 * size
    }

    /// Overwrites the block with what ``packSamples(into:whole:)`` wrote at `bytes` with the same
    /// `whole`, its states empty (and without `whole` its samples' other fields); returns how many
    /// bytes it read.
    package func unpackSamples(from bytes: UnsafeRawPointer, whole: Bool) -> Int {
        observed.clear()
        computed.clear()
        if whole {
            sampleBytes.baseAddress!.copyMemory(from: bytes, byteCount: sampleBytes.count)
            observedRows = 0
            return sampleBytes.count
        }
        let headerSize = MemoryLayout.size(ofValue: header.pointee)
        UnsafeMutableRawPointer(header).copyMemory(from: bytes, byteCount: headerSize)
        observedRows = 0
        let size = count * MemoryLayout<Double>.stride
        UnsafeMutableRawPointer(t.base).copyMemory(from: bytes + headerSize, byteCount: size)
        UnsafeMutableRawPointer(y.base).copyMemory(from: bytes + headerSize + size, byteCount: size)
        phase.base.update(repeating: nil, count: count)
        vy.base.update(repeating: nil, count: count)
        frameDuration.base.update(repeating: nil, count: count)
        return headerSize + 2 * size
    }

    /// The mask of the rows filled.
    @inline(__always)
    public var rows: UInt64 { Self.rows(count) }

    /// The mask of rows `0..<count`.
    @inline(__always)
    public static func rows(_ count: Int) -> UInt64 {
        count >= capacity ? .max : (1 << UInt64(count)) - 1
    }

    /// Empties the block.
    public func reset() {
        count = 0
        observedRows = 0
        computed.clear()
        observed.clear()
    }

    /// Appends a frame given as its parts as the next row (the block must not be full); the first
    /// row sets ``firstSeq``. Writers that hold no ``SessionFrame`` call this: one built to be
    /// appended was copied whole (~430 bytes) twice more.
    public func append(seq: Int, sample: ScrollSample, computed state: BarState, observed observedState: BarState?) {
        let row = append(seq: seq, sample: sample)
        computed.set(state, at: row)
        if let observedState { setObserved(observedState, at: row) }
    }

    /// Appends `sample` as the next row (the block must not be full), its states empty for the
    /// caller to write (``BarEngine/step(_:into:at:)``, ``setObserved(_:at:)``); returns the row.
    /// The first row sets ``firstSeq``. Inlinable, as ``setObserved(_:at:)``: the import and
    /// analysis paths call both once a sample.
    @inlinable
    public func append(seq: Int, sample: ScrollSample) -> Int {
        let row = header.pointee.count
        if row == 0 { header.pointee.firstSeq = seq }
        t[row] = sample.t
        y[row] = sample.y
        phase[row] = sample.phase
        vy[row] = sample.vy
        frameDuration[row] = sample.frameDuration
        header.pointee.count = row + 1
        return row
    }

    /// Gives `row`, which has no observed state yet, the observed state `state`. Always inlined:
    /// called, it took a copy of the caller's state (the call's argument), even for a frame
    /// without one, and the fields' stores could not be scheduled with the caller's.
    @inlinable @inline(__always)
    public func setObserved(_ state: BarState, at row: Int) {
        observed.set(state, at: row)
        header.pointee.observedRows |= 1 << UInt64(row)
    }

    /// ``setObserved(_:at:)`` with the state read where it lies, each field as it is written
    /// (the pointer form of ``FrameStateColumns``' `set`): the spool's path from a reader's slot.
    @inlinable @inline(__always)
    public func setObserved(_ state: UnsafePointer<BarState>, at row: Int) {
        observed.set(state, at: row)
        header.pointee.observedRows |= 1 << UInt64(row)
    }

    /// Appends `frame` as the next row (the block must not be full); the first row sets ``firstSeq``.
    public func append(_ frame: SessionFrame) {
        append(seq: frame.seq, sample: frame.sample, computed: frame.computed, observed: frame.observed)
    }

    /// The sample of `row`.
    @inline(__always)
    public func sample(_ row: Int) -> ScrollSample {
        ScrollSample(t: t[row], y: y[row], phase: phase[row], vy: vy[row], frameDuration: frameDuration[row])
    }

    /// Overwrites `frame` with row `row`.
    public func load(_ row: Int, into frame: inout SessionFrame) {
        frame.seq = firstSeq + row
        frame.sample = sample(row)
        computed.load(row, into: &frame.computed)
        if observedRows >> UInt64(row) & 1 != 0 {
            if frame.observed == nil { frame.observed = BarState() }
            observed.load(row, into: &frame.observed!)
        } else if frame.observed != nil {
            frame.observed = nil
        }
    }
}
