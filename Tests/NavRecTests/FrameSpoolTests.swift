@testable import BarModel
@testable import NavRec
import Recording
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

    @Test("the seal hook sees every block before it is read; with or without one, frames come back as given, their states' -0.0 as 0.0")
    func seal() throws {
        var sealed = 0
        let spool = FrameSpool { _ in sealed += 1 }
        let frames = try spooled(FrameSpool.memoryBlocks * 64 + 10, into: spool)
        let read = try spool.reader(session: "s").readAll()
        #expect(sealed >= FrameSpool.memoryBlocks + 1)
        #expect(read[0].observed?.blurAlpha?.sign == .plus)
        #expect(read.map(\.sample) == frames.map(\.sample))
        let plain = FrameSpool()
        _ = try spooled(10, into: plain)
        #expect(try plain.reader(session: "s").readAll()[0].observed?.blurAlpha?.sign == .plus)
    }

    /// A spool that spilled 512 blocks and holds 3 more and a part in memory, the frames appended
    /// to it, and `atSeal` run as each block is sealed (it sets what the blocks keep).
    static func spilled(wholeSamples: Bool, atSeal: @escaping (FrameSpool) -> Void) throws -> (FrameSpool, [SessionFrame]) {
        let spool = FrameSpool()
        spool.reset()
        spool.keepsWholeSamples = wholeSamples
        let frames = (0..<(FrameSpool.memoryBlocks * 64 * 2 + 64 * 3 + 17)).map(Self.frame)
        spool.seal = { [unowned spool] _ in atSeal(spool) }
        for frame in frames { try spool.append(frame.sample, computed: frame.computed, observed: frame.observed) }
        return (spool, frames)
    }

    @Test("blocks before samplesOnlyBefore spill their samples only (whole, or t and y): they come back; whole frames from that block on, also from inside a group",
          arguments: [FrameSpool.memoryBlocks - 3, FrameSpool.memoryBlocks + 5], [true, false])
    func samplesOnly(kept: Int, whole: Bool) throws {
        let (spool, frames) = try Self.spilled(wholeSamples: whole) { spool in spool.samplesOnlyBefore = min(spool.sealed, kept) }
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
        let (spool, frames) = try Self.spilled(wholeSamples: false) { spool in
            spool.samplesOnlyBefore = min(spool.sealed, kept)
            spool.droppedBefore = min(spool.sealed, dropped)
        }
        let samples = try spool.reader(session: "s", samplesOnly: true).readAll()
        // Blocks 0..<512 spilled; the dropped ones among them are gone, the rest come back in order.
        let first = min(dropped, FrameSpool.memoryBlocks * 2) * 64
        #expect(samples.map(\.seq) == Array(first..<frames.count))
        #expect(samples.map(\.sample.y) == frames[first...].map(\.sample.y))
        #expect(samples[(kept * 64 - first)...] == frames[(kept * 64)...])
        #expect(try spool.reader(session: "s", from: kept).readAll() == Array(frames[(kept * 64)...]))
        // The counter-case: a reader asked to start at a dropped block starts after it, one asked
        // past it where it is asked.
        #expect(try spool.reader(session: "s", from: 1, samplesOnly: true).readAll().first?.seq == max(64, first))
        #expect(try spool.reader(session: "s", from: kept, samplesOnly: true).readAll().first?.seq == kept * 64)
    }

    @Test("a frame appended from a reader's slot, the model stepped into its row, reads back as one appended with the model's BarState, across blocks")
    func modelledFromSlot() throws {
        let behaviors = try BehaviorSet([("largeTitle", []), ("avatar", []), ("hideOnSwipe", [])])
        var viaSlot = BarEngine(behaviors: behaviors), viaState = BarEngine(behaviors: behaviors)
        let fromSlot = FrameSpool(), fromStates = FrameSpool()
        var slot = RecordingSlot()
        var expected: [SessionFrame] = []
        for seq in 0..<(64 * 2 + 5) {
            let sample = ScrollSample(t: Double(seq) / 60, y: Double(seq % 40 < 20 ? seq % 40 : 40 - seq % 40) * 6 - 20, phase: seq % 50 < 30 ? .drag : .idle)
            // An observed state on two frames in three, on every ninth an empty one (still observed).
            let observed: BarState? = seq % 3 == 0 ? nil : (seq % 9 == 1 ? BarState() : BarState(barHeight: 44, barHidden: seq % 2 == 0))
            slot.hold(.sample(sample, observed: observed))
            try fromSlot.append(sample, modelling: &slot, with: &viaSlot)
            let computed = viaState.step(sample)
            try fromStates.append(sample, computed: computed, observed: observed)
            expected.append(SessionFrame(seq: seq, sample: sample, computed: computed, observed: observed))
        }
        let frames = try fromSlot.reader(session: "s").readAll()
        #expect(frames == expected)
        #expect(frames == (try fromStates.reader(session: "s").readAll()))
        // The counter-cases: a frame without an observed state has none; an empty one is kept as empty.
        #expect(frames[3].observed == nil)
        #expect(frames[1].observed == BarState())
        #expect(Set(frames.map(\.computed)).count > 2)
    }

    @Test("the stored form of a sample goes in the block while the model steps on the sample as read")
    func storedSampleModelledAsRead() throws {
        let behaviors = try BehaviorSet([("customTitle", [])])
        var engine = BarEngine(behaviors: behaviors), reference = BarEngine(behaviors: behaviors)
        let spool = FrameSpool()
        var slot = RecordingSlot()
        var computed: [BarState] = []
        // customTitle's toolbar title fades over time: its alpha depends on the unrounded t.
        for (index, y) in [0.0, 200, 200, 200, 0, 0].enumerated() {
            let sample = ScrollSample(t: Double(index) * 0.0166666666, y: y)
            slot.hold(.sample(sample, observed: nil))
            try spool.append(StoredValues.sample(sample), modelling: &slot, with: &engine)
            computed.append(reference.step(sample))
        }
        let frames = try spool.reader(session: "s").readAll()
        #expect(frames.map(\.computed) == computed)
        #expect(frames.map(\.sample.t) == (0..<6).map { StoredValues.sample(ScrollSample(t: Double($0) * 0.0166666666, y: 0)).t })
        // The counter-case: stepped on the stored times, the fade gives other alphas.
        var rounded = BarEngine(behaviors: behaviors)
        let fromStored = [0.0, 200, 200, 200, 0, 0].enumerated().map { rounded.step(StoredValues.sample(ScrollSample(t: Double($0) * 0.0166666666, y: $1))) }
        #expect(fromStored != computed)
    }
}
