@testable import Analyzer
import BarModel
import Testing

/// What a long session's spool keeps for the replay search once the main pass has seen its frames:
/// only `t` and `y` where ``HysteresisSearch/readsWholeSamples(_:settings:)`` says the search reads
/// nothing else — and there a search from `t` and `y` alone suggests what one from whole frames does.
@Suite("The replay search reads t and y only where it says so")
struct ReadsWholeSamplesTests {
    static func behaviors(_ names: [String]) throws -> BehaviorSet {
        var behaviors = BehaviorSet()
        for name in names { try behaviors.add(name) }
        return behaviors
    }

    @Test("largeTitle or blurHeader alone: t and y; a search from them equals one from whole frames", arguments: [LargeTitle.name, BlurHeader.name])
    func schmittOnly(behavior: String) throws {
        let behaviors = try Self.behaviors([behavior])
        let settings = AnalyzerSettings.Flapping()
        #expect(!HysteresisSearch.readsWholeSamples(behaviors, settings: settings))
        let threshold = try #require(HysteresisSearch.threshold(of: behavior, in: behaviors))
        let fixture = try Fixture([behavior], samples: ManyEpisodeSuggestionTests.hovers(threshold: threshold, episodes: 30, seed: 5, maxAmplitude: 6))
        let signal: BinarySignal = behavior == LargeTitle.name ? .inlineTitleVisible : .background
        let requests = try fixture.analyze().findings.filter { $0.kind == .flapping && $0.signal == signal.name }.map { finding in
            HysteresisSearch.Request(
                signal: signal, behavior: behavior, start: finding.start, end: finding.end,
                yMin: finding.flapping!.yMin, yMax: finding.flapping!.yMax)
        }
        #expect(requests.count >= 10)
        // Without the main pass's logs the search reads the samples.
        let search = HysteresisSearch(behaviors: behaviors, events: [], settings: settings)
        let noLogs = HysteresisLogs(behaviors: BehaviorSet(), settings: settings)
        let whole = try search.run(requests, logs: noLogs) { FrameArrayReader(fixture.frames) }
        let tAndY = try search.run(requests, logs: noLogs) {
            SchmittReplayTests.SampleReader(times: fixture.frames.map(\.sample.t), ys: fixture.frames.map(\.sample.y))
        }
        #expect(tAndY == whole)
        #expect(whole.contains { $0 != nil })
    }

    @Test("the counter-cases: a swipe distance, a behaviour that writes the signals' fields too, or more values than the candidates hold read whole samples")
    func wholeSamples() throws {
        let settings = AnalyzerSettings.Flapping()
        #expect(HysteresisSearch.readsWholeSamples(try Self.behaviors([BlurHeader.name, HideOnSwipe.name]), settings: settings))
        #expect(HysteresisSearch.readsWholeSamples(try Self.behaviors([LargeTitle.name, CustomTitle.name]), settings: settings))
        var many = settings
        many.maxHysteresis = many.hysteresisStep * Double(SchmittCandidates.capacity + 1)
        #expect(HysteresisSearch.readsWholeSamples(try Self.behaviors([BlurHeader.name]), settings: many))
        var hideOnSwipe = try Self.behaviors([BlurHeader.name, HideOnSwipe.name])
        try hideOnSwipe.set(HideOnSwipe.name, "onSwipe", to: .bool(false))
        #expect(!HysteresisSearch.readsWholeSamples(hideOnSwipe, settings: settings))
    }

    @Test("a search reads only samples past where a log stopped when every behaviour it can fix has the main pass's log; the counter-cases: whole samples, or no log of the behaviour",
          arguments: [[LargeTitle.name], [BlurHeader.name], [LargeTitle.name, Avatar.name]])
    func onlyPastLogs(names: [String]) throws {
        let settings = AnalyzerSettings.Flapping()
        let behaviors = try Self.behaviors(names)
        #expect(HysteresisSearch.readsOnlyPastLogs(behaviors, settings: settings, logs: HysteresisLogs(behaviors: behaviors, settings: settings)))
        // The logs of other behaviours cover nothing here.
        #expect(!HysteresisSearch.readsOnlyPastLogs(behaviors, settings: settings, logs: HysteresisLogs(behaviors: BehaviorSet(), settings: settings)))
        let swipe = try Self.behaviors(names + [HideOnSwipe.name])
        #expect(!HysteresisSearch.readsOnlyPastLogs(swipe, settings: settings, logs: HysteresisLogs(behaviors: swipe, settings: settings)))
    }
}
