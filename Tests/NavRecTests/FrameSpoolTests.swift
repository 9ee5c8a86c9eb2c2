import BarModel
@testable import NavRec
import Testing

/// ``FrameSpool``: the frames of a session longer than memory holds come back in order from its
/// spill file, every pass, however their blocks' packed sizes vary.
@Suite("Frame spool")
struct FrameSpoolTests {
    /// Frame `seq`: the fields present change from block to block (so packed blocks differ in
    /// size), an observed state in some blocks only; `vy` and `frameDuration` in some rows.
    static func frame(_ seq: Int) -> SessionFrame {
        let block = seq / 64
        var computed = BarState(barHeight: 96 - Double(seq % 50))
        for (index, field) in BarStateField.allCases.enumerated() where (block + index) % 3 == 0 {
            field.set(field == .background ? Double(block % 2) : Double(seq % 7) / 4, in: &computed)
        }
        let observed = block % 5 == 0 && seq % 2 == 0 ? BarState(barHeight: 44, blurAlpha: -0.0) : nil
        return SessionFrame(seq: seq, sample: ScrollSample(
            t: Double(seq) / 120, y: Double(seq % 300), phase: seq % 2 == 0 ? .drag : .decelerate, vy: seq % 3 == 0 ? Double(seq) : nil,
            frameDuration: seq % 5 == 0 ? 1.0 / 120 : nil), computed: computed, observed: observed)
    }

    func spooled(_ count: Int, into spool: FrameSpool) throws -> [SessionFrame] {
        spool.reset()
        let frames = (0..<count).map(Self.frame)
        for frame in frames { try spool.append(frame.sample, computed: frame.computed, observed: frame.observed) }
        return frames
    }

    @Test("frames past memory come back from the spill file in order, on every pass, by frame and by block",
          arguments: [1_000, FrameSpool.memoryBlocks * 64 * 2 + 64 * 3 + 17])
    func roundTrip(count: Int) throws {
        let spool = FrameSpool()
        // Twice: the second session reuses the spill file and the blocks.
        for _ in 0..<2 {
            let frames = try spooled(count, into: spool)
            #expect(spool.count == count)
            #expect(try spool.reader(session: "s").readAll() == frames)
            let reader = spool.reader(session: "s")
            let block = FrameColumns()
            var seq = 0, frame = SessionFrame.empty
            while try reader.read(into: block) {
                #expect(block.firstSeq == seq)
                for row in 0..<block.count {
                    block.load(row, into: &frame)
                    #expect(frame == frames[seq], "frame \(seq)")
                    seq += 1
                }
            }
            #expect(seq == count)
        }
        let shorter = try spooled(100, into: spool)
        #expect(try spool.reader(session: "s").readAll() == shorter)
    }

    @Test("the seal hook sees every block before it is read; without one, frames come back as given")
    func seal() throws {
        var sealed = 0
        let spool = FrameSpool { block in
            sealed += 1
            StoredValues.normalize(block)
        }
        let frames = try spooled(FrameSpool.memoryBlocks * 64 + 10, into: spool)
        let read = try spool.reader(session: "s").readAll()
        #expect(sealed >= FrameSpool.memoryBlocks + 1)
        #expect(read[0].observed?.blurAlpha?.sign == .plus)
        #expect(read.map(\.sample) == frames.map(\.sample))
        let plain = FrameSpool()
        _ = try spooled(10, into: plain)
        #expect(try plain.reader(session: "s").readAll()[0].observed?.blurAlpha?.sign == .minus)
    }

    @Test("blocks before samplesOnlyBefore spill their samples only (whole, or t and y): they come back; whole frames from that block on, also from inside a group",
          arguments: [FrameSpool.memoryBlocks - 3, FrameSpool.memoryBlocks + 5], [true, false])
    func samplesOnly(kept: Int, whole: Bool) throws {
        let spool = FrameSpool()
        spool.reset()
        spool.keepsWholeSamples = whole
        let count = FrameSpool.memoryBlocks * 64 * 2 + 64 * 3 + 17
        let frames = (0..<count).map(Self.frame)
        spool.seal = { _ in spool.samplesOnlyBefore = min(spool.sealed, kept) }
        for frame in frames { try spool.append(frame.sample, computed: frame.computed, observed: frame.observed) }
        let samples = try spool.reader(session: "s", samplesOnly: true).readAll()
        let dropped = min(kept, FrameSpool.memoryBlocks * 2) * 64
        #expect(samples.map(\.seq) == frames.map(\.seq))
        #expect(samples.map(\.sample.t) == frames.map(\.sample.t))
        #expect(samples.map(\.sample.y) == frames.map(\.sample.y))
        // The counter-case: only whole samples keep their other fields (the frames have a phase).
        #expect((samples[..<dropped].map(\.sample) == frames[..<dropped].map(\.sample)) == whole)
        #expect(samples[..<dropped].allSatisfy { ($0.sample.phase == nil) != whole })
        // The states of the blocks spilled samples only are gone, the others' kept.
        #expect(samples[..<dropped].allSatisfy { $0.computed == BarState() && $0.observed == nil })
        #expect(samples[dropped...] == frames[dropped...])
        #expect(try spool.reader(session: "s", from: kept).readAll() == Array(frames[(kept * 64)...]))
    }

    @Test("blocks before droppedBefore spill nothing: a samples-only reader starts after those spilled (inside a group too) and the rest come back; those still in memory come back",
          arguments: [(dropped: 3, kept: 70), (dropped: 70, kept: 70), (dropped: FrameSpool.memoryBlocks + 5, kept: FrameSpool.memoryBlocks + 9)])
    func dropped(dropped: Int, kept: Int) throws {
        let spool = FrameSpool()
        spool.reset()
        spool.keepsWholeSamples = false
        let count = FrameSpool.memoryBlocks * 64 * 2 + 64 * 3 + 17
        let frames = (0..<count).map(Self.frame)
        spool.seal = { _ in
            spool.samplesOnlyBefore = min(spool.sealed, kept)
            spool.droppedBefore = min(spool.sealed, dropped)
        }
        for frame in frames { try spool.append(frame.sample, computed: frame.computed, observed: frame.observed) }
        let samples = try spool.reader(session: "s", samplesOnly: true).readAll()
        // Blocks 0..<512 spilled; the dropped ones among them are gone, the rest come back in order.
        let first = min(dropped, FrameSpool.memoryBlocks * 2) * 64
        #expect(samples.map(\.seq) == Array(first..<count))
        #expect(samples.map(\.sample.y) == frames[first...].map(\.sample.y))
        #expect(samples[(kept * 64 - first)...] == frames[(kept * 64)...])
        #expect(try spool.reader(session: "s", from: kept).readAll() == Array(frames[(kept * 64)...]))
        // The counter-case: a reader asked to start at a dropped block starts after it, one asked
        // past it where it is asked.
        #expect(try spool.reader(session: "s", from: 1, samplesOnly: true).readAll().first?.seq == max(64, first))
        #expect(try spool.reader(session: "s", from: kept, samplesOnly: true).readAll().first?.seq == kept * 64)
    }
}
