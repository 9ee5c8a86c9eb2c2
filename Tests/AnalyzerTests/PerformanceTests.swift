import Analyzer
import BarModel
import Foundation
import Testing

@Suite("performance")
struct PerformanceTests {
    /// A long session streamed lazily: the analyzer must not hold it.
    @Test("a long session streams through in bounded memory (set NAVREC_BENCH=N for N samples and timing)")
    func longSession() throws {
        let count = Int(ProcessInfo.processInfo.environment["NAVREC_BENCH"] ?? "") ?? 20_000
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        try behaviors.add("avatar")
        let description = SessionDescription(
            id: "long", metadata: SessionMetadata(fps: 120), behaviors: behaviors, sampleCount: count, duration: Double(count - 1) / 120)
        let frames = { (_: Bool) in GeneratedFrames(count: count, behaviors: behaviors) }
        let clock = ContinuousClock()
        var analysis: SessionAnalysis?
        let elapsed = clock.measure { analysis = try? Analyzer().analyze(description, reader: frames) }
        #expect(analysis?.findings.isEmpty == true)
        #expect(analysis?.timeline.buckets.count == 400)
        if ProcessInfo.processInfo.environment["NAVREC_BENCH"] != nil {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("analyzed \(count) samples (2 streams) in \(seconds) s: \(Int(Double(count) / seconds)) samples/s")
        }
    }
}

/// Frames computed as they are read, so the session is never held in memory.
private final class GeneratedFrames: SessionFrameReader {
    let count: Int
    var engine: ReplayEngine
    var index = 0

    init(count: Int, behaviors: BehaviorSet) {
        self.count = count
        engine = ReplayEngine(behaviors: behaviors, events: [])
    }

    func read(into columns: FrameColumns) -> Bool {
        columns.reset()
        while columns.count < FrameColumns.capacity, index < count {
            let t = Double(index) / 120
            // Scroll up and down between 0 and 200 pt every 4 s, observed states on every other frame.
            let phase = Double(index % 960) / 960
            let sample = ScrollSample(t: t, y: 200 * (phase < 0.5 ? phase * 2 : 2 - phase * 2), phase: .drag)
            let computed = engine.step(sample)
            columns.append(seq: index, sample: sample, computed: computed, observed: index % 2 == 0 ? computed : nil)
            index += 1
        }
        return columns.count > 0
    }
}
