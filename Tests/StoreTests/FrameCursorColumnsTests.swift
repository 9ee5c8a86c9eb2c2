import BarModel
import Testing
@testable import Store

/// ``FrameCursor``'s column read: a chunk decoded straight into ``FrameColumns`` holds the frames
/// the stored frames.
@Suite("Frame cursor columns")
struct FrameCursorColumnsTests {
    let directory = TemporaryDirectory()

    /// Frame `seq`: every computed field on even frames (whole thousandths), a few on odd ones; an
    /// observed state on every third frame (an empty one on every ninth); NULLs in phase, vy and frameDuration.
    static func frame(_ seq: Int) -> SessionFrame {
        var computed = BarState(barHeight: 96 - Double(seq) / 4, largeTitleAlpha: seq % 2 == 0 ? 1 : 0.25)
        if seq % 2 == 0 {
            for field in BarStateField.allCases where field.value(in: computed) == nil {
                field.set(field == .background ? Double(seq / 2 % 2) : Double(seq % 5) / 4, in: &computed)
            }
        }
        var observed: BarState?
        if seq % 3 == 0 {
            observed = seq % 9 == 0 ? BarState() : BarState(barHidden: seq % 2 == 0, inlineTitleAlpha: 0.125, background: .default)
        }
        let sample = ScrollSample(
            t: Double(seq) / 100, y: Double(seq) * 0.5 - 3, phase: seq % 4 == 0 ? nil : .drag, vy: seq % 5 == 0 ? nil : -12.5,
            frameDuration: seq % 7 == 0 ? 0.008 : nil)
        return SessionFrame(seq: seq, sample: sample, computed: computed, observed: observed)
    }

    func store(_ frames: [SessionFrame]) throws -> (SessionStore, StoredSession) {
        let store = try SessionStore(path: directory.path("c.sqlite"))
        try store.importSession { writer in
            for frame in frames { try writer.append(frame.sample, computed: frame.computed, observed: frame.observed) }
            return StoredSession(
                key: writer.sessionKey, id: "c", behaviorNames: [], parametersJSON: "{}", contentID: "auto-c", source: "test",
                samples: frames.count, observedSamples: frames.filter { $0.observed != nil }.count, events: 0, ignoredKeys: 0,
                duration: frames.last!.sample.t, importedAt: "2026-12-02T00:00:00Z")
        }
        return (store, try #require(try store.session(id: "c")))
    }

    /// The frames of every block `cursor` fills, and the blocks' sizes.
    static func columnRead(_ cursor: FrameCursor) throws -> (frames: [SessionFrame], counts: [Int]) {
        let block = FrameColumns()
        var frames: [SessionFrame] = [], counts: [Int] = []
        var frame = SessionFrame.empty
        while try cursor.read(into: block) {
            counts.append(block.count)
            for row in 0..<block.count {
                block.load(row, into: &frame)
                frames.append(frame)
            }
        }
        return (frames, counts)
    }

    @Test("a chunk a block: the column read gives the stored frames, 64 at a time")
    func chunks() throws {
        let frames = (0..<150).map(Self.frame)
        let (store, session) = try store(frames)
        let read = try Self.columnRead(try store.frames(of: session))
        #expect(read.counts == [64, 64, 22])
        #expect(read.frames == frames)
        #expect(try store.frames(of: session).readAll() == frames)
    }

    @Test("samples only: the blocks carry the samples and no state")
    func samplesOnly() throws {
        let frames = (0..<70).map(Self.frame)
        let (store, session) = try store(frames)
        let read = try Self.columnRead(try store.samples(of: session))
        #expect(read.frames.map(\.sample) == frames.map(\.sample))
        #expect(read.frames.allSatisfy { $0.computed.isEmpty && $0.observed == nil })
    }
}
