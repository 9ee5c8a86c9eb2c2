import Testing
@testable import BarModel

/// ``FrameColumns``: frames scattered into columns and gathered back, and ``FrameArrayReader``
/// that fills blocks from frames in memory.
@Suite("Frame columns")
struct FrameColumnsTests {
    /// Frame `seq`: every field of the computed state on even frames, some on odd ones; an
    /// observed state on every third frame (an empty one on every ninth).
    static func frame(_ seq: Int) -> SessionFrame {
        var computed = BarState(barHeight: 96 - Double(seq) / 4, largeTitleAlpha: seq % 2 == 0 ? 1 : 0.25)
        if seq % 2 == 0 {
            for field in BarStateField.allCases where field.value(in: computed) == nil {
                field.set(field == .background ? Double(seq / 2 % 2) : Double(seq % 5) / 4, in: &computed)
            }
        }
        var observed: BarState?
        if seq % 3 == 0 {
            observed = seq % 9 == 0 ? BarState() : BarState(barHidden: seq % 2 == 0, background: .default, dropdownExpanded: false)
        }
        let sample = ScrollSample(
            t: Double(seq) / 120, y: Double(seq) * 0.5 - 3, phase: seq % 4 == 0 ? nil : .drag, vy: seq % 5 == 0 ? nil : -12.5,
            frameDuration: seq % 7 == 0 ? 1.0 / 120 : nil)
        return SessionFrame(seq: seq, sample: sample, computed: computed, observed: observed)
    }

    /// The rows of a full block where `included` holds.
    static func mask(_ included: (Int) -> Bool) -> UInt64 {
        var mask: UInt64 = 0
        for row in 0..<64 where included(row) { mask |= 1 << UInt64(row) }
        return mask
    }

    @Test("appended frames load back unchanged; the rows and field masks say which rows have what")
    func roundTrip() {
        let block = FrameColumns()
        let frames = (10..<74).map(Self.frame)
        for frame in frames { block.append(frame) }
        #expect(block.count == 64)
        #expect(block.firstSeq == 10)
        #expect(block.rows == .max)
        var loaded = SessionFrame.empty
        for (row, frame) in frames.enumerated() {
            block.load(row, into: &loaded)
            #expect(loaded == frame)
            #expect(block.sample(row) == frame.sample)
        }
        // Rows 2, 5, 8, …: seqs 12, 15, 18, … are the multiples of 3.
        #expect(block.observedRows == Self.mask { $0 % 3 == 2 })
        #expect(block.computed.rows(.barHeight) == .max)
        #expect(block.computed.rows(.avatarTx) == Self.mask { $0 % 2 == 0 })
        #expect(block.computed.column(.barHeight)[3] == 96 - 13.0 / 4)
        #expect(block.computed.column(.largeTitleAlpha)[1] == 0.25)
        // Booleans are 0 or 1, an enumeration its code.
        #expect(block.observed.column(.background)[2] == Double(BarBackground.default.rawValue))
        #expect(block.observed.column(.barHidden)[2] == 1)
        #expect(block.observed.rows(.barHidden) & 1 << 8 == 0)  // seq 18: an empty observed state
        block.reset()
        #expect(block.count == 0 && block.observedRows == 0 && block.computed.rows(.barHeight) == 0)
    }

    @Test("a partial block's row mask", arguments: [0, 1, 63, 64])
    func rowMask(count: Int) {
        #expect(FrameColumns.rows(count) == Self.mask { $0 < count })
    }

    @Test("frames in memory are read in blocks of 64 in order, then a partial one, then an empty end")
    func defaultRead() throws {
        let frames = (0..<150).map(Self.frame)
        let reader: any SessionFrameReader = FrameArrayReader(frames)
        let block = FrameColumns()
        var read: [SessionFrame] = []
        var counts: [Int] = []
        while try reader.read(into: block) {
            counts.append(block.count)
            var frame = SessionFrame.empty
            for row in 0..<block.count {
                block.load(row, into: &frame)
                read.append(frame)
            }
        }
        #expect(counts == [64, 64, 22])
        #expect(read == frames)
        #expect(block.count == 0)
        #expect(try !reader.read(into: block))
    }

    @Test("a packed block unpacks to the same frames; only the fields some row has take room")
    func packRoundTrip() {
        let full = FrameColumns(), sparse = FrameColumns()
        for seq in 10..<74 { full.append(Self.frame(seq)) }
        // Two fields computed, nothing observed: a block of a simple behaviour.
        for seq in 0..<64 { sparse.append(seq: seq, sample: ScrollSample(t: Double(seq), y: 1), computed: BarState(barHeight: 44, blurAlpha: 0.5), observed: nil) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: FrameColumns.packedCapacity, alignment: 16)
        defer { buffer.deallocate() }
        for block in [full, sparse] {
            let written = block.pack(into: buffer)
            let unpacked = FrameColumns()
            // The unpacked block held other frames: nothing of them may show through.
            for seq in 0..<64 { unpacked.append(Self.frame(seq + 1)) }
            #expect(unpacked.unpack(from: buffer) == written)
            #expect(unpacked.count == 64 && unpacked.firstSeq == block.firstSeq && unpacked.observedRows == block.observedRows)
            var expected = SessionFrame.empty, loaded = SessionFrame.empty
            for row in 0..<64 {
                block.load(row, into: &expected)
                unpacked.load(row, into: &loaded)
                #expect(loaded == expected)
            }
        }
        // Every slot of the computed stream, some of the observed: more than the sparse block's
        // two columns, less than every column of both streams.
        let masks = 2 * FrameStateColumns.slots * MemoryLayout<UInt64>.stride
        let column = 64 * MemoryLayout<Double>.stride
        let sampleBytes = FrameColumns.packedCapacity - 2 * FrameStateColumns.packedCapacity
        #expect(sparse.pack(into: buffer) == sampleBytes + masks + 2 * column)
        #expect(full.pack(into: buffer) > sampleBytes + masks + FrameStateColumns.slots * column)
        #expect(full.pack(into: buffer) < FrameColumns.packedCapacity)
    }
}
