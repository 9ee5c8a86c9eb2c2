@testable import Analyzer
import BarModel
import Testing

@Suite("title_mismatch")
struct TitleMismatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// (large, inline) alpha from this time on.
        var states: [(Double, Double, Double)]
        var settings: [String] = []
        var expected: (subkind: String, signal: String, start: Double, end: Double, severity: Finding.Severity)?
        var testDescription: String { label }
    }

    static let cases = [
        Case(label: "a clean hand-over", states: [(0, 1, 0), (0.5, 0, 1), (1, 0, 1)], expected: nil),
        Case(label: "both visible for 0.25 s is a warning", states: [(0, 1, 0), (0.25, 1, 1), (0.5, 0, 1), (1, 0, 1)],
             expected: ("both_visible", "largeTitle+inlineTitle", 0.25, 0.5, .warning)),
        Case(label: "none visible for 0.75 s is an error", states: [(0, 1, 0), (0.25, 0, 0), (1, 0, 1), (1.5, 0, 1)],
             expected: ("none_visible", "largeTitle+inlineTitle", 0.25, 1, .error)),
        Case(label: "a run of exactly the tolerance is tolerated", states: [(0, 1, 0), (0.25, 1, 1), (0.5, 0, 1), (1, 0, 1)],
             settings: ["title_mismatch.tolerance=0.25"], expected: nil),
        Case(label: "a run of exactly 0.5 s is still a warning", states: [(0, 1, 0), (0.25, 0, 0), (0.75, 1, 0), (1, 1, 0)],
             expected: ("none_visible", "largeTitle+inlineTitle", 0.25, 0.75, .warning)),
        Case(label: "a fade within the 0.1 s tolerance", states: [(0, 1, 0), (0.5, 0.4, 0.4), (0.5625, 0, 1), (1, 0, 1)],
             expected: nil),
        Case(label: "a run to the end of the session counts to the last sample", states: [(0, 1, 0), (0.5, 1, 1), (1, 1, 1)],
             expected: ("both_visible", "largeTitle+inlineTitle", 0.5, 1, .warning)),
    ]

    @Test("exclusive title rule on the computed stream", arguments: cases)
    func exclusive(_ item: Case) throws {
        let fixture = try Fixture(behaviors: ["largeTitle"], states: item.states.map { t, large, inline in
            (t, 0, BarState(largeTitleAlpha: large, inlineTitleAlpha: inline), nil)
        })
        let findings = try fixture.analyze(item.settings).findings.filter { $0.kind == .titleMismatch }
        guard let expected = item.expected else {
            #expect(findings.isEmpty)
            return
        }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.subkind == expected.subkind)
        #expect(finding.signal == expected.signal)
        #expect(finding.source == .computed)
        #expect(finding.start == expected.start)
        #expect(finding.end == expected.end)
        #expect(finding.severity == expected.severity)
        #expect(finding.count == nil)
    }

    @Test("no title is expected while the bar is hidden")
    func hiddenBar() throws {
        let fixture = try Fixture(behaviors: ["largeTitle", "hideOnSwipe"], states: [
            (0, 0, BarState(barHidden: false, largeTitleAlpha: 1, inlineTitleAlpha: 0), nil),
            (0.2, 0, BarState(barHidden: true, largeTitleAlpha: 0, inlineTitleAlpha: 0), nil),
            (1.2, 0, BarState(barHidden: false, largeTitleAlpha: 1, inlineTitleAlpha: 0), nil),
        ])
        #expect(try fixture.analyze().findings.filter { $0.kind == .titleMismatch }.isEmpty)
    }

    @Test("customTitle's toolbar fade stays within its tolerance on a clean scroll")
    func customTitleFade() throws {
        let samples = (0...120).map { (Double($0) / 60, Double($0) * 0.8) }
        let analysis = try Fixture(["customTitle"], samples: samples).analyze()
        #expect(analysis.findings.isEmpty)
    }

    @Test("hideOnSwipe's animation: a clean swipe up and down yields no findings")
    func hideOnSwipe() throws {
        var samples: [(Double, Double)] = []
        for index in 0...90 {
            let travel = index <= 45 ? index : 90 - index
            samples.append((Double(index) / 60, Double(travel) * 2))
        }
        let analysis = try Fixture(["largeTitle", "hideOnSwipe"], samples: samples).analyze()
        #expect(analysis.findings.isEmpty)
    }

    @Test("observed_vs_expected: the app shows a title the model hides, longer than the tolerance")
    func observedVersusExpected() throws {
        // The observed stream reports the inline alpha only now and then; gaps carry the last value.
        // It never reports the large title's alpha, so its own exclusive rule judges nothing.
        let observed: [BarState?] = [
            BarState(inlineTitleAlpha: 0), nil, BarState(inlineTitleAlpha: 1), BarState(),
            nil, BarState(inlineTitleAlpha: 1), BarState(inlineTitleAlpha: 1), nil,
        ]
        let fixture = try Fixture(behaviors: ["largeTitle"], states: observed.enumerated().map { index, state in
            let collapsed = index >= 6
            return (Double(index) * 0.1, 0, BarState(largeTitleAlpha: collapsed ? 0 : 1, inlineTitleAlpha: collapsed ? 1 : 0), state)
        })
        let findings = try fixture.analyze().findings.filter { $0.kind == .titleMismatch }
        let comparison = findings.filter { $0.source == .comparison }
        #expect(comparison.count == 1)
        let finding = try #require(comparison.first)
        #expect(finding.subkind == "observed_vs_expected")
        #expect(finding.signal == "inlineTitle")
        #expect(finding.severity == .warning)
        #expect(abs(finding.start - 0.2) < 1e-9)
        #expect(abs(finding.end - 0.6) < 1e-9)
        #expect(finding.titleComparison?.differences == [
            TitleAlphaDifference(presentation: .inline, computedAlpha: 0, observedAlpha: 1),
        ])
        #expect(finding.evidence.fields.map(\.key) == ["computedAlpha", "observedAlpha", "duration", "tolerance"])
        #expect(findings.filter { $0.source == .observed }.isEmpty)
    }

    @Test("one fault, one finding: a title the app shows beside the model's is its both_visible, not also a disagreement")
    func bothVisibleAbsorbsTheComparison() throws {
        let observed: [BarState?] = [
            BarState(largeTitleAlpha: 1, inlineTitleAlpha: 0), nil, BarState(inlineTitleAlpha: 1), BarState(),
            nil, BarState(inlineTitleAlpha: 1), BarState(largeTitleAlpha: 0, inlineTitleAlpha: 1), nil,
        ]
        let fixture = try Fixture(behaviors: ["largeTitle"], states: observed.enumerated().map { index, state in
            let collapsed = index >= 6
            return (Double(index) * 0.1, 0, BarState(largeTitleAlpha: collapsed ? 0 : 1, inlineTitleAlpha: collapsed ? 1 : 0), state)
        })
        let findings = try fixture.analyze().findings.filter { $0.kind == .titleMismatch }
        // The app shows the inline title early beside the large one: one error over 0.2–0.6 s.
        #expect(findings.map { "\($0.subkind ?? "") \($0.signal) \($0.source.name) \($0.start)–\($0.end)" }
            == ["both_visible largeTitle+inlineTitle observed 0.2–0.6000000000000001"])
    }

    @Test("a nil subtitle leaves an empty label visible: one warning for the whole session")
    func emptySubtitle() throws {
        let samples = (0...30).map { (Double($0) / 60, Double($0)) }
        let analysis = try Fixture(["dropdownTitle"], samples: samples).analyze()
        #expect(analysis.findings.count == 1)
        let finding = try #require(analysis.findings.first)
        #expect(finding.subkind == "empty_subtitle_visible")
        #expect(finding.signal == "subtitleVisible")
        #expect(finding.severity == .warning)
        #expect(finding.start == 0)
        #expect(finding.end == 0.5)

        let titled = try Fixture(["dropdownTitle"], samples: samples, parameters: [("dropdownTitle", "subtitle", .string("Today"))])
        #expect(try titled.analyze().findings.isEmpty)
    }

    @Test("a comparison is absorbed only by an observed visibility fault naming its titles, within its span ± the tolerance")
    func comparisonsAbsorbedByVisibilityFaults() {
        func finding(_ signal: String, _ source: Finding.Source, _ start: Double, _ end: Double, _ evidence: Finding.Evidence) -> Finding {
            Finding(signal: signal, source: source, severity: .warning, start: start, end: end, message: signal, evidence: evidence)
        }
        let fault = Finding.Evidence.titleVisibility(TitleVisibilityEvidence(bothVisible: true, alphas: [], duration: 1, tolerance: 0.1))
        let comparison = Finding.Evidence.titleComparison(TitleComparisonEvidence(differences: [], duration: 1, tolerance: 0.1))
        let hidden = Finding.Evidence.barHiddenComparison(BarHiddenComparisonEvidence(observedBarHidden: true, duration: 1, tolerance: 0.1))
        let findings = [
            finding("largeTitle+inlineTitle", .observed, 1, 2, fault),
            finding("contentTitle+inlineTitle", .computed, 5, 6, fault),  // the model's, not the app's: absorbs nothing
            finding("inlineTitle", .comparison, 0.9, 2.1, comparison),  // within ± 0.1 s: absorbed
            finding("largeTitle+inlineTitle", .comparison, 1.5, 1.6, comparison),  // absorbed
            finding("inlineTitle", .comparison, 0.85, 2, comparison),  // starts before 1 − 0.1: kept
            finding("inlineTitle", .comparison, 1, 2.15, comparison),  // ends after 2 + 0.1: kept
            finding("contentTitle", .comparison, 1.2, 1.8, comparison),  // a title the fault does not name: kept
            finding("contentTitle", .comparison, 5.2, 5.8, comparison),  // inside the computed one: kept
            finding("barHidden", .comparison, 1.2, 1.8, hidden),  // barHidden is its own finding: kept
        ]
        let kept = Analyzer.withoutComparisonsOfVisibilityFaults(findings, tolerance: 0.1)
        #expect(kept.map { "\($0.signal) \($0.start)" } == [
            "largeTitle+inlineTitle 1.0", "contentTitle+inlineTitle 5.0", "inlineTitle 0.85", "inlineTitle 1.0",
            "contentTitle 1.2", "contentTitle 5.2", "barHidden 1.2",
        ])
        // Without an observed fault nothing is dropped.
        #expect(Analyzer.withoutComparisonsOfVisibilityFaults(Array(findings.dropFirst()), tolerance: 0.1).count == findings.count - 1)
    }
}
