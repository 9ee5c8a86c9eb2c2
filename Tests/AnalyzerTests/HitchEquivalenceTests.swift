@testable import Analyzer
import BarModel
import Simulation
import Testing

/// The hitch detector keeps its intervals as indices into a ring of frames; these tests hold it to
/// the detector it replaced (``ReferenceHitchDetector``), decision for decision, on random streams
/// with every feature of the rule: merged callbacks, recorded and inferred rates, late frames,
/// hangs, rests, phase changes, jumps against the motion and lifecycle gaps.
@Suite("hitch detector equivalence")
struct HitchEquivalenceTests {
    /// A random stream of `count` samples, and lifecycle event times among them.
    static func stream(seed: UInt64, count: Int) -> (samples: [ScrollSample], lifecycle: [Double]) {
        let (samples, lifecycle, _) = streamWithBarChanges(seed: seed, count: count)
        return (samples, lifecycle)
    }

    /// As ``stream(seed:count:)``, with each sample's bar-change flag, and offsets that sometimes
    /// move by at most a pixel.
    static func streamWithBarChanges(seed: UInt64, count: Int) -> (samples: [ScrollSample], lifecycle: [Double], barChanged: [Bool]) {
        var random = SeededGenerator(seed: seed)
        var barChanged: [Bool] = []
        var samples: [ScrollSample] = []
        var lifecycle: [Double] = []
        var t = 0.0
        var y = 0.0
        var velocity = 600.0
        var phase: ScrollPhase? = .drag
        let phases: [ScrollPhase?] = [nil, .idle, .drag, .decelerate, .bounce, .animate]
        for _ in 0..<count {
            let roll = Double.random(in: 0..<1, using: &random)
            let interval: Double
            switch roll {
            case ..<0.08: interval = Double.random(in: 0.0001...0.003, using: &random)  // a second callback
            case ..<0.16: interval = Double(Int.random(in: 2...6, using: &random)) / 120  // dropped frames
            case ..<0.18: interval = Double.random(in: 0.25...0.6, using: &random)  // a hang or a pause
            case ..<0.24: interval = Double.random(in: 0.005...0.02, using: &random)  // stamp noise
            case ..<0.32: interval = 1.0 / 60
            default: interval = 1.0 / 120
            }
            t += interval
            if Double.random(in: 0..<1, using: &random) < 0.01 { lifecycle.append(t - interval / 2) }
            if Double.random(in: 0..<1, using: &random) < 0.05 { phase = phases.randomElement(using: &random)! }
            if Double.random(in: 0..<1, using: &random) < 0.03 { velocity = Double.random(in: -900...900, using: &random) }
            switch Double.random(in: 0..<1, using: &random) {
            case ..<0.15: break  // at rest
            case ..<0.18: y += Double.random(in: -40...40, using: &random)  // a jump
            case ..<0.22: y += [1.0 / 3, -1.0 / 3, 0.5, 2.0 / 3][Int.random(in: 0..<4, using: &random)]  // a pixel or two
            default: y += velocity * interval
            }
            let frameDuration: Double? = switch Int.random(in: 0..<6, using: &random) {
            case 0: 1.0 / 120
            case 1: 1.0 / 60
            default: nil
            }
            samples.append(ScrollSample(t: t, y: y, phase: phase, frameDuration: frameDuration))
            barChanged.append(Double.random(in: 0..<1, using: &random) < 0.1)
        }
        return (samples, lifecycle, barChanged)
    }

    struct Display: Sendable, CustomTestStringConvertible {
        var fps: Double?
        var expected: Double?
        var testDescription: String { "fps \(fps.map { "\($0)" } ?? "unknown"), expected \(expected.map { "\($0)" } ?? "none")" }
    }

    static let displays = [
        Display(fps: 120, expected: 1.0 / 120), Display(fps: 60, expected: 1.0 / 60),
        Display(fps: nil, expected: 1.0 / 120), Display(fps: nil, expected: nil), Display(fps: 100, expected: 0.01),
    ]

    /// Every recorder policy a header can declare, and none.
    static let policies: [RecorderPolicy] = [
        RecorderPolicy(), RecorderPolicy(moving: .everyFrame, atRest: .everyFrame), RecorderPolicy(moving: .everyFrame, atRest: .changes),
        RecorderPolicy(moving: .offsetChanges, atRest: .nothing), RecorderPolicy(moving: .offsetChanges),
    ]

    @Test("every counter, every late frame and the overrun histogram equal the reference's", arguments: displays, [1, 2, 3] as [UInt64])
    func sameDecisions(_ display: Display, seed: UInt64) {
        for policy in Self.policies { sameDecisions(display, seed: seed, policy: policy) }
    }

    func sameDecisions(_ display: Display, seed: UInt64, policy: RecorderPolicy) {
        let (samples, lifecycle, barChanged) = Self.streamWithBarChanges(seed: seed, count: 6000)
        let pixel = seed == 2 ? 1.0 / 3 : 0.5
        var detector = HitchDetector(
            expected: display.expected, fps: display.fps, factor: 1.5, lifecycle: lifecycle, policy: policy, pixel: pixel)
        var reference = ReferenceHitchDetector(
            expected: display.expected, fps: display.fps, factor: 1.5, lifecycle: lifecycle, policy: policy, pixel: pixel)
        var lateFrames: [[Double]] = []
        var referenceLateFrames: [[Double]] = []
        for (index, sample) in samples.enumerated() {
            detector.observe(t: sample.t, y: sample.y, phase: sample.phase, frameDuration: sample.frameDuration, barChanged: barChanged[index])
            reference.observe(sample, barChanged: barChanged[index])
            lateFrames += detector.newHitches.map { [Double(index), $0.start, $0.end, $0.late, $0.hang ? 1 : 0] }
            referenceLateFrames += reference.newHitches.map { [Double(index), $0.start, $0.end, $0.late, $0.hang ? 1 : 0] }
        }
        detector.finish()
        reference.finish()
        lateFrames += detector.newHitches.map { [-1, $0.start, $0.end, $0.late, $0.hang ? 1 : 0] }
        referenceLateFrames += reference.newHitches.map { [-1, $0.start, $0.end, $0.late, $0.hang ? 1 : 0] }

        #expect(lateFrames == referenceLateFrames)
        #expect(detector.hitchCount == reference.hitchCount)
        #expect(detector.hitchSeconds == reference.hitchSeconds)
        #expect(detector.movingSeconds == reference.movingSeconds)
        #expect(detector.hangCount == reference.hangCount)
        #expect(detector.longestHitch == reference.longestHitch)
        #expect(detector.firstHitch == reference.firstHitch)
        #expect(detector.lastHitch == reference.lastHitch)
        #expect(detector.gapCount == reference.gapCount)
        #expect(detector.gapSeconds == reference.gapSeconds)
        #expect(detector.jitter == reference.jitter)
        #expect(detector.overruns == reference.overruns)
        #expect(detector.hitchTimeRatio == reference.hitchTimeRatio)
        // The stream exercises the rule: hitches, hangs and gaps all occur.
        if display.expected != nil {
            #expect(detector.hitchCount > 10)
            #expect(detector.hangCount > 0)
            #expect(detector.gapCount > 10)
        }
    }

    @Test("short streams: nothing, one sample, one interval, the first frames of the ring")
    func shortStreams() {
        let (samples, lifecycle) = Self.stream(seed: 9, count: 12)
        for count in 0...samples.count {
            var detector = HitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5, lifecycle: lifecycle)
            var reference = ReferenceHitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5, lifecycle: lifecycle)
            for sample in samples.prefix(count) {
                detector.observe(t: sample.t, y: sample.y, phase: sample.phase, frameDuration: sample.frameDuration, barChanged: false)
                reference.observe(sample)
            }
            detector.finish()
            reference.finish()
            #expect(detector.hitchCount == reference.hitchCount)
            #expect(detector.gapCount == reference.gapCount)
            #expect(detector.movingSeconds == reference.movingSeconds)
            #expect(detector.overruns == reference.overruns)
        }
    }

    /// Twenty frames at 120 Hz, the eleventh 40 ms late; `y(index, t)` places each.
    static func freeze(_ y: (Int, Double) -> Double, phase: (Int) -> ScrollPhase) -> (HitchDetector, ReferenceHitchDetector) {
        var detector = HitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5)
        var reference = ReferenceHitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5)
        var t = 0.0
        for index in 0..<20 {
            t += index == 10 ? 0.04 : 1.0 / 120
            detector.observe(t: t, y: y(index, t), phase: phase(index), frameDuration: nil, barChanged: false)
            reference.observe(ScrollSample(t: t, y: y(index, t), phase: phase(index)))
        }
        detector.finish()
        reference.finish()
        return (detector, reference)
    }

    @Test("a 40 ms freeze mid-drag is a hitch of 40 − 8.33 ms; without the content keeping its pace, a gap")
    func exactValues() {
        let (moving, movingReference) = Self.freeze({ _, t in 600 * t }, phase: { _ in .drag })
        #expect(moving.hitchCount == 1)
        #expect(abs(moving.hitchSeconds - (0.04 - 1.0 / 120)) < 1e-12)
        #expect(moving.gapCount == 0)
        #expect(moving.hitchSeconds == movingReference.hitchSeconds)

        // 5 pt a frame whatever the interval: 5 pt where 24 were due is no freeze mid-motion.
        let (stalled, stalledReference) = Self.freeze({ index, _ in Double(index) * 5 }, phase: { _ in .drag })
        #expect(stalled.hitchCount == 0)
        #expect(stalled.gapCount == 1)
        #expect(abs(stalled.gapSeconds - 0.04) < 1e-12)
        #expect(stalled.gapSeconds == stalledReference.gapSeconds)

        // Ten idle frames at the display's rate show a recorder logging at rest: the late first
        // moving frame is the touch-down hitch.
        let (touchDown, touchDownReference) = Self.freeze({ index, t in index < 10 ? 0 : 600 * t }, phase: { $0 < 10 ? .idle : .drag })
        #expect(touchDown.hitchCount == 1)
        #expect(touchDown.gapCount == 0)
        #expect(touchDown.hitchSeconds == touchDownReference.hitchSeconds)
    }
}
