@testable import Analyzer
import BarModel
import Testing

@Suite("settings")
struct AnalyzerSettingsTests {
    @Test("defaults are ANALYSIS.md's")
    func defaults() throws {
        let settings = AnalyzerSettings()
        #expect(settings.flapping.window == 1.0)
        #expect(settings.flapping.minToggles == 3)
        #expect(settings.flapping.hysteresisStep == 0.5)
        #expect(settings.flapping.swipeDistanceStep == 5)
        #expect(settings.flapping.maxSwipeDistance == 100)
        #expect(settings.jitter.window == 0.25)
        #expect(settings.jitter.minReversals == 3)
        #expect(settings.jitter.epsilon == 0.5)
        #expect(settings.jitter.fractionEpsilon == 0.02)
        #expect(settings.hitch.factor == 1.5)
        #expect(settings.hitch.warning == 5)
        #expect(settings.hitch.error == 10)
        #expect(settings.titleMismatch.errorAfter == 0.5)
        var behaviors = BehaviorSet()
        try behaviors.add("customTitle")
        try behaviors.add("hideOnSwipe")
        #expect(abs(settings.titleMismatch.tolerance(for: behaviors) - 0.45) < 1e-12)
    }

    @Test("DETECTOR.KEY=VALUE sets the typed parameter", arguments: [
        ("flapping.window=0.5", \AnalyzerSettings.flapping.window, 0.5),
        ("flapping.swipeDistanceStep=10", \AnalyzerSettings.flapping.swipeDistanceStep, 10),
        ("flapping.maxSwipeDistance=60", \AnalyzerSettings.flapping.maxSwipeDistance, 60),
        ("jitter.epsilon=1", \AnalyzerSettings.jitter.epsilon, 1),
        ("jitter.fractionEpsilon=0.05", \AnalyzerSettings.jitter.fractionEpsilon, 0.05),
        ("hitch.warning=10", \AnalyzerSettings.hitch.warning, 10),
        ("hitch.error=25", \AnalyzerSettings.hitch.error, 25),
        ("title_mismatch.errorAfter=1s", \AnalyzerSettings.titleMismatch.errorAfter, 1),
    ] as [(String, any WritableKeyPath<AnalyzerSettings, Double> & Sendable, Double)])
    func setNumbers(_ assignment: String, _ path: any WritableKeyPath<AnalyzerSettings, Double> & Sendable, _ value: Double) throws {
        var settings = AnalyzerSettings()
        try settings.set(assignment)
        #expect(settings[keyPath: path] == value)
    }

    @Test("counts, tolerance and replayed behaviour parameters")
    func setOthers() throws {
        var settings = AnalyzerSettings()
        try settings.set("flapping.minToggles=4")
        try settings.set("jitter.minReversals=5")
        try settings.set("title_mismatch.tolerance=0.3")
        try settings.set("blurHeader.hysteresis=1.5")
        try settings.set("blurHeader.hysteresis=2")
        #expect(settings.flapping.minToggles == 4)
        #expect(settings.jitter.minReversals == 5)
        #expect(settings.titleMismatch.tolerance(for: BehaviorSet()) == 0.3)
        #expect(settings.replay == [AnalyzerSettings.Replay(behavior: "blurHeader", parameter: "hysteresis", value: .number(2))])
        try settings.set("title_mismatch.tolerance=auto")
        #expect(settings.titleMismatch.tolerance == nil)
    }

    @Test("mistakes are errors that list what is known and guess what was meant", arguments: [
        ("flapping.windw=1", ["unknown key 'flapping.windw'", "flapping.minToggles", "did you mean 'flapping.window'?"]),
        ("flaping.window=1", ["unknown detector or behaviour 'flaping'", "blurHeader", "did you mean 'flapping.window'?"]),
        ("jitter.epsilon=-1", ["jitter.epsilon must be a non-negative number, got '-1'"]),
        ("flapping.minToggles=2.5", ["flapping.minToggles must be a whole number of at least 1"]),
        ("flapping.window", ["expected DETECTOR.KEY=VALUE"]),
        ("blurHeader.hysteresys=1", ["unknown parameter 'hysteresys' for blurHeader", "did you mean 'hysteresis'?"]),
        ("largeTitle.hysteresis=wide", ["largeTitle.hysteresis must be a finite number >= 0"]),
    ])
    func errors(_ assignment: String, _ fragments: [String]) {
        var settings = AnalyzerSettings()
        #expect {
            try settings.set(assignment)
        } throws: { error in
            let message = (error as? AnalyzerSettingsError)?.description ?? ""
            return fragments.allSatisfy { message.contains($0) }
        }
    }

    @Test("a replayed parameter only applies to sessions that have the behaviour")
    func replayScope() throws {
        let samples = [(0.0, 50.0), (0.017, 53), (0.033, 51), (0.05, 54)]
        let fixture = try Fixture(["largeTitle"], samples: samples)
        let analysis = try fixture.analyze(["blurHeader.hysteresis=3"])
        #expect(analysis.replayed.isEmpty)
        #expect(analysis.findings.map(\.signal) == ["inlineTitleVisible"])
        let replayed = try fixture.analyze(["largeTitle.hysteresis=3"])
        #expect(replayed.replayed == ["largeTitle.hysteresis=3"])
        #expect(replayed.behaviors.largeTitle?.hysteresis == 3)
        #expect(replayed.findings.isEmpty)
    }
}

@Suite("timeline digest")
struct TimelineDigestTests {
    @Test("a long session fits the fixed number of buckets with ranges and visible fractions")
    func buckets() throws {
        // 10 s at 120 Hz scrolling 0 → 119.9 pt: the inline title shows from y = 52.5 on.
        let samples = (0..<1200).map { (Double($0) / 120, Double($0) / 10) }
        let fixture = try Fixture(["largeTitle"], samples: samples, fps: 120)
        let digest = try fixture.analyze().timeline
        #expect(digest.buckets.count == 400)
        #expect(digest.presentations == [.large, .inline])
        #expect(digest.hasObserved == false)
        #expect(digest.buckets.reduce(0) { $0 + $1.samples } == 1200)
        let first = try #require(digest.buckets.first)
        #expect(first.y == 0...0.2)
        #expect(first.barHeight == 96.3...96.5)
        #expect(first.computedVisible == [1, 0])
        #expect(digest.buckets.last?.computedVisible == [0, 1])
        #expect(first.observedVisible == [nil, nil])
        #expect(digest.spans.isEmpty)
    }
}
