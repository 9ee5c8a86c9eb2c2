import BarModel
import Testing
@testable import Analyzer

/// The hysteresis values an ``Analyzer`` works out once and hands each session's main pass: the
/// values each ``SchmittToggleLog`` worked out for itself before.
@Suite("Hysteresis values worked out once for all sessions")
struct HysteresisValuesTests {
    @Test("the analyzer's values are those its settings name, and a log given them holds the values it works out itself")
    func sameValues() throws {
        var behaviors = BehaviorSet()
        try behaviors.add(LargeTitle.name)
        let settings = AnalyzerSettings()
        let analyzer = Analyzer(settings: settings, timelineBuckets: 0)
        #expect(analyzer.hysteresisValues == (1...40).map { Double($0) * 0.5 })
        let own = try #require(SchmittToggleLog(behavior: LargeTitle.name, behaviors: behaviors, settings: settings.flapping))
        let given = try #require(SchmittToggleLog(
            behavior: LargeTitle.name, behaviors: behaviors, settings: settings.flapping, values: analyzer.hysteresisValues))
        #expect(given.values == own.values)
    }

    @Test("counter-case: other settings, other values (a step of 2 up to 9: four)")
    func otherSettings() {
        var settings = AnalyzerSettings()
        settings.flapping.hysteresisStep = 2
        settings.flapping.maxHysteresis = 9
        #expect(Analyzer(settings: settings, timelineBuckets: 0).hysteresisValues == [2, 4, 6, 8])
        #expect(Analyzer(settings: AnalyzerSettings(), timelineBuckets: 0).hysteresisValues != [2, 4, 6, 8])
    }
}
