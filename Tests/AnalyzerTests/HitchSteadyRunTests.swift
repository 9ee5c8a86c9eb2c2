@testable import Analyzer
import BarModel
import Simulation
import Testing

/// The shortcuts of the hitch detector's plain runs on a display whose rate is inferred: a mean
/// interval up to ``RateRounding/shortestFrameMean`` takes the shortest frame's rate without the
/// rounding, and intervals whose start recorded no duration go through a loop of their own once
/// three rates after are known. Each is held to the rule written out plainly, with the input where
/// it must not apply next to the one where it does.
@Suite("hitch detector, steady runs")
struct HitchSteadyRunTests {
    /// The rate the rule gives a mean, computed in full.
    static func plainRate(_ mean: Double, step: Double, shortest: Double) -> Double {
        max(shortest, (mean / step).rounded() * step)
    }

    /// `fps`, and the nominal interval where `fps` is unknown.
    static let displays: [(fps: Double?, expected: Double?)] = [
        (120, 1.0 / 120), (90, 1.0 / 90), (80, 1.0 / 80), (100, 0.01), (nil, 1.0 / 120), (nil, 1.0 / 60), (nil, 1.0 / 30), (nil, nil),
    ]

    @Test("means up to the largest with the shortest frame's rate have it; the next mean up has another")
    func shortestFrameMean() {
        var random = SeededGenerator(seed: 4242)
        for display in Self.displays {
            let shortest = display.fps.map { 1 / $0 } ?? 1.0 / 120
            let step = display.fps.map { 0.5 / $0 } ?? (display.expected ?? 1.0 / 120) / 2
            let rates = RateRounding(shortestFrame: shortest, step: step)
            let limit = rates.shortestFrameMean
            #expect(Self.plainRate(limit, step: step, shortest: shortest) == shortest, "fps \(String(describing: display.fps))")
            // Counter-case: one pattern above, the rounding reaches the next step.
            #expect(Self.plainRate(limit.nextUp, step: step, shortest: shortest) > shortest, "fps \(String(describing: display.fps))")
            #expect(rates.rate(limit.nextUp, nil) > shortest)
            var means = [0, -0.0, -1, limit, limit.nextDown, limit.nextUp, limit.nextUp.nextUp, shortest, step, .infinity, -.infinity]
            means += (0..<2000).map { _ in Double.random(in: 0...0.1, using: &random) }
            means += (0..<2000).map { _ in Double(bitPattern: limit.bitPattern &+ UInt64.random(in: 0...2000, using: &random) &- 1000) }
            for mean in means {
                #expect(rates.rate(mean, nil) == Self.plainRate(mean, step: step, shortest: shortest), "mean \(mean)")
            }
            // Pairs: their mean, as the rule takes it.
            for _ in 0..<2000 {
                let first = Double.random(in: 0...0.05, using: &random)
                let second = Double.random(in: 0...0.05, using: &random)
                #expect(rates.rate(first, second) == Self.plainRate((first + second) / 2, step: step, shortest: shortest))
            }
            #expect(rates.rate(.nan, nil).isNaN == Self.plainRate(.nan, step: step, shortest: shortest).isNaN)
        }
    }

    @Test("without a positive, finite step no mean is taken as the shortest frame's")
    func noStep() {
        for step in [0, -1.0 / 240, .infinity, .nan] {
            let rates = RateRounding(shortestFrame: 1.0 / 120, step: step)
            #expect(rates.shortestFrameMean.isNaN, "step \(step)")
        }
        // Counter-case: a positive step gives a limit.
        #expect(!RateRounding(shortestFrame: 1.0 / 120, step: 1.0 / 240).shortestFrameMean.isNaN)
    }

    /// What ends the steady intervals at one sample.
    enum Break: CaseIterable, CustomTestStringConvertible {
        /// A frame that records its duration: the loop leaves, the next three intervals have no
        /// rate after the one three before.
        case recordedDuration
        /// Intervals of 1/60 s for a while: plain no more, the run ends, the rate before counts.
        case slowerRate
        /// A late frame: the run ends, and the rate before the next is read from `before`.
        case lateFrame
        /// None: the run goes on to the end.
        case none
        var testDescription: String { "\(self)" }
    }

    /// 200 samples on a 120 Hz display without recorded durations, each interval between the
    /// shortest frame and the late threshold (so pairs have the shortest frame's rate or the next
    /// step's), broken at sample `at` by `kind`.
    static func run(seed: UInt64, breakingAt at: Int, with kind: Break) -> [ScrollSample] {
        var random = SeededGenerator(seed: seed)
        var samples: [ScrollSample] = []
        var t = 0.0
        for index in 0..<200 {
            var interval = Double.random(in: 0.0081...0.0124, using: &random)
            var recorded: Double?
            switch kind {
            case .recordedDuration where index == at: recorded = 1.0 / 120
            case .slowerRate where (at..<at + 6).contains(index): interval = 1.0 / 60
            case .lateFrame where index == at: interval = 0.03
            default: break
            }
            t += interval
            samples.append(ScrollSample(t: t, y: 600 * t, phase: .drag, frameDuration: recorded))
        }
        return samples
    }

    @Test("runs of inferred rates decide as samples one at a time and as the reference, broken at every third row", arguments: Break.allCases)
    func steadyRuns(_ kind: Break) {
        for at in stride(from: 3, to: 140, by: kind == .none ? 40 : 3) {
            let samples = Self.run(seed: UInt64(at), breakingAt: at, with: kind)
            let noChanges = Array(repeating: false, count: samples.count)
            let make = { HitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5) }
            let blocks = HitchBlockTests.byBlocks(samples, barChanged: noChanges, blockSize: 64, make: make)
            #expect(blocks == HitchBlockTests.bySamples(samples, barChanged: noChanges, make: make), "break at \(at)")
            var reference = ReferenceHitchDetector(expected: 1.0 / 120, fps: 120, factor: 1.5)
            for sample in samples { reference.observe(sample) }
            reference.finish()
            #expect(blocks.counters[2] == reference.movingSeconds, "break at \(at)")
            #expect(blocks.counters[9] == reference.jitter, "break at \(at)")
            #expect(blocks.overruns == reference.overruns, "break at \(at)")
            // The late frame is a hitch; nothing else is.
            #expect(blocks.counters[0] == (kind == .lateFrame ? 1 : 0), "break at \(at)")
        }
    }
}
