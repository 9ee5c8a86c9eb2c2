@testable import Analyzer
import BarModel
import Testing

/// ``HitchDetector/observe(_:barChanged:)`` takes runs of plain frames without the merger
/// (``HitchDetector/takePlain``); these tests hold it to the detector fed a sample at a time and
/// to ``ReferenceHitchDetector``, on streams that enter and leave such runs at every row of a
/// block: each counter-case (a merged callback, a late frame, a lifecycle event, an idle frame, a
/// frame whose recorded duration makes it late) must leave the fast path and give the other answer.
@Suite("hitch detector, a block at a time")
struct HitchBlockTests {
    /// What a detector decided, to compare.
    struct Decisions: Equatable {
        var lateFrames: [[Double]]
        var counters: [Double]
        var overruns: OverrunHistogram
    }

    static func decisions(_ detector: HitchDetector, lateFrames: [[Double]]) -> Decisions {
        Decisions(
            lateFrames: lateFrames,
            counters: [
                Double(detector.hitchCount), detector.hitchSeconds, detector.movingSeconds, Double(detector.hangCount),
                detector.longestHitch, detector.firstHitch ?? -1, detector.lastHitch ?? -1, Double(detector.gapCount),
                detector.gapSeconds, detector.jitter, detector.hitchTimeRatio,
            ],
            overruns: detector.overruns)
    }

    static func late(_ detector: HitchDetector) -> [[Double]] {
        detector.newHitches.map { [$0.start, $0.end, $0.late, $0.hang ? 1 : 0] }
    }

    /// The detector fed `samples` in blocks of `blockSize` rows.
    static func byBlocks(
        _ samples: [ScrollSample], barChanged: [Bool], blockSize: Int, make: () -> HitchDetector
    ) -> Decisions {
        var detector = make()
        var lateFrames: [[Double]] = []
        let block = FrameColumns()
        var start = 0
        while start < samples.count {
            block.count = 0
            var changed: UInt64 = 0
            for (row, index) in (start..<min(samples.count, start + blockSize)).enumerated() {
                block.append(seq: index, sample: samples[index], computed: BarState(), observed: nil)
                if barChanged[index] { changed |= 1 << UInt64(row) }
            }
            detector.observe(block, barChanged: changed)
            lateFrames += late(detector)
            start += blockSize
        }
        detector.finish()
        return decisions(detector, lateFrames: lateFrames + late(detector))
    }

    /// The detector fed `samples` one at a time.
    static func bySamples(_ samples: [ScrollSample], barChanged: [Bool], make: () -> HitchDetector) -> Decisions {
        var detector = make()
        var lateFrames: [[Double]] = []
        for (index, sample) in samples.enumerated() {
            detector.observe(t: sample.t, y: sample.y, phase: sample.phase, frameDuration: sample.frameDuration, barChanged: barChanged[index])
            lateFrames += late(detector)
        }
        detector.finish()
        return decisions(detector, lateFrames: lateFrames + late(detector))
    }

    @Test("random streams: blocks of 64 and of 5 rows decide as samples one at a time", arguments: HitchEquivalenceTests.displays)
    func randomStreams(_ display: HitchEquivalenceTests.Display) {
        for seed in [4, 5] as [UInt64] {
            let (samples, lifecycle, barChanged) = HitchEquivalenceTests.streamWithBarChanges(seed: seed, count: 3000)
            for policy in HitchEquivalenceTests.policies {
                let make = {
                    HitchDetector(expected: display.expected, fps: display.fps, factor: 1.5, lifecycle: lifecycle, policy: policy, pixel: 0.5)
                }
                let expected = Self.bySamples(samples, barChanged: barChanged, make: make)
                #expect(Self.byBlocks(samples, barChanged: barChanged, blockSize: 64, make: make) == expected)
                #expect(Self.byBlocks(samples, barChanged: barChanged, blockSize: 5, make: make) == expected)
            }
        }
    }

    /// What breaks a run of plain 120 Hz frames at one sample.
    enum Break: CaseIterable, CustomTestStringConvertible {
        case mergedCallback, lateFrame, lifecycle, idleFrame, shortRecordedDuration
        var testDescription: String { "\(self)" }
    }

    /// 160 samples of a drag at 120 Hz (600 pt/s), broken at sample `at` by `kind`; and the
    /// lifecycle events.
    static func plainRun(breakingAt at: Int, with kind: Break) -> (samples: [ScrollSample], lifecycle: [Double]) {
        var samples: [ScrollSample] = []
        var lifecycle: [Double] = []
        var t = 0.0
        for index in 0..<160 {
            var interval = 1.0 / 120
            var phase = ScrollPhase.drag
            var recorded: Double?
            if index == at {
                switch kind {
                case .mergedCallback: interval = 0.001
                case .lateFrame: interval = 0.05
                case .lifecycle: lifecycle.append(t + interval / 2)
                case .idleFrame: phase = .idle
                case .shortRecordedDuration: break
                }
            }
            // A frame that recorded 4 ms: the interval after it (8.33 ms) is late against it.
            if kind == .shortRecordedDuration, index == at - 1 { recorded = 0.004 }
            t += interval
            let y = kind == .idleFrame && index == at ? samples.last?.y ?? 0 : 600 * t
            samples.append(ScrollSample(t: t, y: y, phase: phase, frameDuration: recorded))
        }
        return (samples, lifecycle)
    }

    @Test("a plain run broken at each row of a block leaves the fast path there", arguments: Break.allCases)
    func brokenRuns(_ kind: Break) {
        for at in 2..<140 {
            let (samples, lifecycle) = Self.plainRun(breakingAt: at, with: kind)
            let noChanges = Array(repeating: false, count: samples.count)
            let make = { HitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5, lifecycle: lifecycle) }
            let blocks = Self.byBlocks(samples, barChanged: noChanges, blockSize: 64, make: make)
            #expect(blocks == Self.bySamples(samples, barChanged: noChanges, make: make), "break at \(at)")
            var reference = ReferenceHitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5, lifecycle: lifecycle)
            var referenceLate: [[Double]] = []
            for sample in samples {
                reference.observe(sample)
                referenceLate += reference.newHitches.map { [$0.start, $0.end, $0.late, $0.hang ? 1 : 0] }
            }
            reference.finish()
            referenceLate += reference.newHitches.map { [$0.start, $0.end, $0.late, $0.hang ? 1 : 0] }
            #expect(blocks.lateFrames == referenceLate)
            #expect(blocks.counters[2] == reference.movingSeconds)
            #expect(blocks.counters[9] == reference.jitter)
            #expect(blocks.overruns == reference.overruns)
            // Each break gives its own answer: a late frame is a hitch, a lifecycle event a gap,
            // a frame late against its recorded duration a hitch; the others are on time.
            switch kind {
            case .lateFrame, .shortRecordedDuration: #expect(blocks.counters[0] == 1, "break at \(at)")
            case .lifecycle, .mergedCallback, .idleFrame: #expect(blocks.counters[0] == 0, "break at \(at)")
            }
        }
    }

    @Test("an unbroken run: every interval moving and on time")
    func unbrokenRun() {
        let (samples, _) = Self.plainRun(breakingAt: -5, with: .lateFrame)
        let blocks = Self.byBlocks(samples, barChanged: Array(repeating: false, count: samples.count), blockSize: 64) {
            HitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5)
        }
        #expect(blocks.counters[0] == 0 && blocks.counters[7] == 0)
        #expect(blocks.overruns.total == samples.count - 1)
    }
}
