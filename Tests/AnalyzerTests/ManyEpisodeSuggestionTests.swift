import Analyzer
import BarModel
import Simulation
import Testing

/// The suggestion search credits each toggle to the episode containing it in one pass; these tests
/// check it against the definition itself — one full replay per episode and candidate value — on
/// sessions with dozens of episodes of different widths.
@Suite("suggestions on many-episode sessions")
struct ManyEpisodeSuggestionTests {
    /// Hovers of random width around `threshold`, each followed by a rest far from it (longer
    /// than the flapping window), at 60 Hz.
    static func hovers(threshold: Double, episodes: Int, seed: UInt64, maxAmplitude: Double) -> [(Double, Double)] {
        var random = SeededGenerator(seed: seed)
        var samples: [(Double, Double)] = []
        var t = 0.0
        func add(_ y: Double) {
            samples.append((t, y))
            t += 1.0 / 60
        }
        for _ in 0..<episodes {
            let amplitude = Double.random(in: 0.2...maxAmplitude, using: &random)
            for frame in 0..<Int.random(in: 6...40, using: &random) {
                let side: Double = frame % 2 == 0 ? -1 : 1
                add(threshold + side * Double.random(in: 0.05...amplitude, using: &random))
            }
            for _ in 0..<90 { add(threshold - 40) }
        }
        return samples
    }

    /// Zigzag drags with legs of random length, separated by idle rests, as (t, y, phase).
    static func zigzags(episodes: Int, seed: UInt64) -> [ScrollSample] {
        var random = SeededGenerator(seed: seed)
        var samples: [ScrollSample] = []
        var t = 0.0
        var y = 300.0
        for _ in 0..<episodes {
            let leg = Double.random(in: 21...60, using: &random)
            for index in 0..<Int.random(in: 3...8, using: &random) {
                let direction: Double = index % 2 == 0 ? 1 : -1
                var travelled = 0.0
                while travelled < leg {
                    let step = min(2.5, leg - travelled)
                    travelled += step
                    y += direction * step
                    samples.append(ScrollSample(t: t, y: y, phase: .drag))
                    t += 1.0 / 60
                }
            }
            for _ in 0..<90 {
                samples.append(ScrollSample(t: t, y: y, phase: .idle))
                t += 1.0 / 60
            }
        }
        return samples
    }

    /// The definition: the smallest candidate whose full replay leaves fewer than `minToggles`
    /// toggles of `signal` within the finding's span.
    static func expectedSuggestion(
        _ fixture: Fixture, finding: Finding, behavior: String, parameter: String, candidates: [Double]
    ) throws -> Double? {
        let signal = try #require(BinarySignal(rawValue: finding.signal))
        for value in candidates {
            var behaviors = fixture.behaviors
            try behaviors.set(behavior, parameter, to: .number(value))
            var engine = ReplayEngine(behaviors: behaviors, events: fixture.events)
            var last: Bool?
            var toggles = 0
            for frame in fixture.frames {
                let now = signal.value(in: engine.step(frame.sample))
                if let now, let last, now != last, frame.sample.t >= finding.start, frame.sample.t <= finding.end {
                    toggles += 1
                }
                last = now ?? last
            }
            if toggles < 3 { return value }
        }
        return nil
    }

    @Test("hysteresis suggestions equal one replay per episode and value", arguments: [
        ("blurHeader", 84.0, UInt64(1)), ("blurHeader", 84.0, 2), ("largeTitle", 52.5, 3), ("largeTitle", 52.5, 4),
    ])
    func hysteresis(behavior: String, threshold: Double, seed: UInt64) throws {
        let names = behavior == "largeTitle" ? ["largeTitle", "avatar"] : [behavior]
        let fixture = try Fixture(names, samples: Self.hovers(threshold: threshold, episodes: 40, seed: seed, maxAmplitude: 8))
        let findings = try fixture.analyze().findings.filter { $0.kind == .flapping }
        #expect(findings.count >= 30)
        let candidates = (1...40).map { Double($0) * 0.5 }
        var distinct = Set<Double>()
        for finding in findings {
            let expected = try Self.expectedSuggestion(
                fixture, finding: finding, behavior: behavior, parameter: "hysteresis", candidates: candidates)
            #expect(finding.flapping?.suggestedHysteresis == expected, "episode at \(finding.start) s")
            if let expected { distinct.insert(expected) }
        }
        #expect(distinct.count >= 5, "episodes of different widths need different fixes")
    }

    @Test("swipeDistance suggestions equal one replay per episode and value", arguments: [UInt64(5), 6])
    func swipeDistance(seed: UInt64) throws {
        var set = BehaviorSet()
        try set.add("hideOnSwipe")
        var fixture = try Fixture(["hideOnSwipe"], samples: [])
        var engine = ReplayEngine(behaviors: set, events: [])
        fixture.frames = Self.zigzags(episodes: 30, seed: seed).enumerated().map { index, sample in
            SessionFrame(seq: index, sample: sample, computed: engine.step(sample))
        }
        let findings = try fixture.analyze().findings.filter { $0.kind == .flapping }
        #expect(findings.count >= 20)
        let candidates = (5...20).map { Double($0) * 5 }
        var distinct = Set<Double>()
        for finding in findings {
            let expected = try Self.expectedSuggestion(
                fixture, finding: finding, behavior: "hideOnSwipe", parameter: "swipeDistance", candidates: candidates)
            #expect(finding.flapping?.suggestedSwipeDistance == expected, "episode at \(finding.start) s")
            if let expected { distinct.insert(expected) }
        }
        #expect(distinct.count >= 4)
    }
}
