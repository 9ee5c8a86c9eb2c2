import Analyzer
import BarModel
import Testing

/// A stream of a binary signal that starts `false` at t = 0 and flips at each toggle time.
struct FlapCase: Sendable, CustomTestStringConvertible {
    var label: String
    var toggles: [Double]
    var settings: [String] = []
    /// Expected findings as (count, start, end, severity).
    var expected: [(Int, Double, Double, Finding.Severity)]
    var testDescription: String { label }
}

@Suite("flapping")
struct FlappingTests {
    static let cases: [FlapCase] = [
        FlapCase(label: "2 toggles are not flapping", toggles: [0.1, 0.2], expected: []),
        FlapCase(label: "3 toggles are a warning", toggles: [0.1, 0.2, 0.3], expected: [(3, 0.1, 0.3, .warning)]),
        FlapCase(label: "5 toggles are still a warning", toggles: [0.1, 0.2, 0.3, 0.4, 0.5], expected: [(5, 0.1, 0.5, .warning)]),
        FlapCase(label: "6 toggles are an error", toggles: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], expected: [(6, 0.1, 0.6, .error)]),
        FlapCase(label: "toggles exactly a window apart chain", toggles: [1, 2, 3], expected: [(3, 1, 3, .warning)]),
        FlapCase(label: "a rest longer than the window breaks the chain", toggles: [1, 2.5, 3.5], expected: []),
        FlapCase(label: "two episodes are two findings",
                 toggles: [0.25, 0.5, 0.75, 3, 3.25, 3.5, 3.75],
                 expected: [(3, 0.25, 0.75, .warning), (4, 3, 3.75, .warning)]),
        FlapCase(label: "minToggles 2 reports 2 toggles", toggles: [0.1, 0.2], settings: ["flapping.minToggles=2"],
                 expected: [(2, 0.1, 0.2, .warning)]),
        FlapCase(label: "minToggles 2 makes 4 toggles an error", toggles: [0.1, 0.2, 0.3, 0.4], settings: ["flapping.minToggles=2"],
                 expected: [(4, 0.1, 0.4, .error)]),
        FlapCase(label: "a shorter window breaks what the default chains", toggles: [1, 1.75, 2.5],
                 settings: ["flapping.window=0.5"], expected: []),
    ]

    private static func stream(_ toggles: [Double]) -> [(Double, Bool)] {
        var value = false
        return [(0, false)] + toggles.map { t in
            value.toggle()
            return (t, value)
        }
    }

    @Test("computed flapping at and around the defaults", arguments: cases)
    func computedStream(_ flap: FlapCase) throws {
        let fixture = try Fixture(behaviors: ["dropdownTitle"], states: Self.stream(flap.toggles).map { t, on in
            (t, 10, BarState(background: on ? .default : .transparent), nil)
        })
        let findings = try fixture.analyze(flap.settings).findings.filter { $0.kind == .flapping }
        #expect(findings.count == flap.expected.count)
        for (finding, expected) in zip(findings, flap.expected) {
            #expect(finding.signal == "background")
            #expect(finding.source == .computed)
            #expect(finding.count == expected.0)
            #expect(finding.start == expected.1)
            #expect(finding.end == expected.2)
            #expect(finding.severity == expected.3)
            // No Schmitt threshold drives a dropdownTitle bar's background, so no fix is offered.
            #expect(finding.flapping != nil && finding.flapping?.suggestedHysteresis == nil)
        }
    }

    @Test("observed samples lacking the field neither toggle nor break an episode", arguments: [0, 1, 3])
    func observedGaps(_ gaps: Int) throws {
        var states: [(t: Double, y: Double, computed: BarState, observed: BarState?)] = []
        var t = 0.0
        for (index, on) in [false, true, false, true].enumerated() {
            states.append((t, Double(index), BarState(), BarState(barHidden: on)))
            for _ in 0..<gaps {
                t += 0.1
                states.append((t, 0, BarState(), index % 2 == 0 ? BarState(blurAlpha: 0.5) : nil))
            }
            t += 0.1
        }
        let findings = try Fixture(behaviors: ["hideOnSwipe"], states: states).analyze().findings
        let flapping = findings.filter { $0.kind == .flapping }
        #expect(flapping.count == 1)
        #expect(flapping.first?.signal == "barHidden")
        #expect(flapping.first?.source == .observed)
        #expect(flapping.first?.count == 3)
        #expect(flapping.first?.start == states[gaps + 1].t)
    }

    @Test("yMin and yMax cover the samples between the first and the last toggle only")
    func yRange() throws {
        let samples: [(Double, Bool, Double)] = [(0, false, 200), (0.1, true, 90), (0.15, true, 70), (0.2, false, 95), (0.3, true, 93), (0.4, true, 300)]
        let fixture = try Fixture(behaviors: ["dropdownTitle"], states: samples.map { t, on, y in
            (t, y, BarState(dropdownExpanded: on), nil)
        })
        let finding = try #require(try fixture.analyze().findings.first)
        #expect(finding.flapping?.yMin == 70)
        #expect(finding.flapping?.yMax == 95)
        #expect(finding.message == "dropdownExpanded flipped 3 times in 0.2 s with y 70.0–95.0 pt")
    }
}

@Suite("suggested hysteresis")
struct SuggestedHysteresisTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var behavior: String
        var signal: String
        var threshold: Double
        var offsets: [Double]
        var testDescription: String { "\(behavior) \(signal) around \(threshold)" }
    }

    static let cases: [Case] = [
        Case(behavior: "blurHeader", signal: "background", threshold: 84, offsets: [-2, 1, -1, 2, -1.5]),
        Case(behavior: "blurHeader", signal: "background", threshold: 84, offsets: [-5, 0.3, -0.2, 0.4, -0.3, 3.1, -2.6, 0.1]),
        Case(behavior: "largeTitle", signal: "inlineTitleVisible", threshold: 52.5, offsets: [-2.5, 0.5, -1.5, 1.5, -0.5, 1]),
        Case(behavior: "largeTitle", signal: "inlineTitleVisible", threshold: 52.5, offsets: [-9, 4.2, -3.3, 7.7, -6.1, 0]),
    ]

    /// Toggles of `signal` within `start...end` when the session is replayed with hysteresis `h`.
    static func toggles(_ fixture: Fixture, behavior: String, signal: String, h: Double, start: Double, end: Double) throws -> Int {
        var behaviors = fixture.behaviors
        try behaviors.set(behavior, "hysteresis", to: .number(h))
        var engine = ReplayEngine(behaviors: behaviors, events: fixture.events)
        let binary = try #require(BinarySignal(rawValue: signal))
        var last: Bool?
        var count = 0
        for frame in fixture.frames {
            let value = binary.value(in: engine.step(frame.sample))
            if let value, let previous = last, previous != value, frame.sample.t >= start, frame.sample.t <= end { count += 1 }
            last = value ?? last
        }
        return count
    }

    @Test("the suggestion is the smallest multiple of 0.5 pt whose replay leaves fewer than 3 toggles", arguments: cases)
    func verifiedByReplay(_ item: Case) throws {
        let samples = item.offsets.enumerated().map { (Double($0.offset) / 60, item.threshold + $0.element) }
        let fixture = try Fixture([item.behavior], samples: samples)
        let findings = try fixture.analyze().findings
        #expect(findings.count == 1, "driven title signals are not reported again")
        let finding = try #require(findings.first)
        #expect(finding.signal == item.signal)
        guard let h = finding.flapping?.suggestedHysteresis else {
            Issue.record("no suggestion")
            return
        }
        #expect(h.truncatingRemainder(dividingBy: 0.5) == 0)
        #expect(try Self.toggles(fixture, behavior: item.behavior, signal: item.signal, h: h, start: finding.start, end: finding.end) < 3)
        #expect(try Self.toggles(fixture, behavior: item.behavior, signal: item.signal, h: h - 0.5, start: finding.start, end: finding.end) >= 3)
        // The analyzer's own replay agrees: no flapping left with the suggestion applied.
        #expect(try fixture.analyze(["\(item.behavior).hysteresis=\(h)"]).findings.allSatisfy { $0.kind != .flapping || $0.start > finding.end || $0.end < finding.start })
    }

    @Test("customTitle's content label flaps without a suggestion: no Schmitt band drives it")
    func customTitleContent() throws {
        let threshold = 22 * 1.4 + 16 - 5.0
        let samples = [-1.0, 1, -1, 1, -1].enumerated().map { (Double($0.offset) / 60, threshold + $0.element) }
        let findings = try Fixture(["customTitle"], samples: samples).analyze().findings
        let content = findings.filter { $0.signal == "contentTitleVisible" }
        #expect(content.count == 1)
        #expect(content.first?.count == 4)
        #expect(content.first?.flapping?.suggestedHysteresis == nil)
    }

    @Test("a reader's error ends the analysis with that error")
    func readerError() throws {
        struct Unreadable: Error {}
        final class FailingReader: SessionFrameReader {
            let frames: [SessionFrame]
            var next = 0
            init(_ frames: [SessionFrame]) { self.frames = frames }
            func read(into columns: FrameColumns) throws -> Bool {
                // A first block of 3 frames, then the error.
                guard next == 0 else { throw Unreadable() }
                columns.reset()
                for frame in frames.prefix(3) { columns.append(frame) }
                next = 3
                return true
            }
        }
        let fixture = try WorkedExampleTests.hover84()
        #expect(throws: Unreadable.self) {
            _ = try Analyzer().analyze(fixture.description) { _ in FailingReader(fixture.frames) }
        }
    }

    @Test("frames is read once with fps, twice without, and once or twice more for a suggestion the main pass did not replay")
    func passes() throws {
        final class Counter: @unchecked Sendable { var calls = 0 }
        // blurHeader's hysteresis is replayed in the main pass (SchmittToggleLog); hideOnSwipe's
        // swipeDistance needs the samples again, and once more here: its smallest value leaves an
        // episode flapping, so the larger ones are stepped in a second pass (ReplaySearchEndTests
        // has the case where the smallest fixes every episode and the samples are read once).
        let flapping = try WorkedExampleTests.hover84()
        var swipes = try Fixture(["hideOnSwipe"], samples: [])
        var engine = ReplayEngine(behaviors: swipes.behaviors, events: [])
        swipes.frames = ManyEpisodeSuggestionTests.zigzags(episodes: 3, seed: 5).enumerated().map { index, sample in
            SessionFrame(seq: index, sample: sample, computed: engine.step(sample))
        }
        #expect(try swipes.analyze().findings.contains { $0.flapping?.suggestedSwipeDistance != nil })
        let clean = try Fixture(["blurHeader"], samples: [(0, 0), (0.1, 10), (0.2, 20)])
        for (fixture, fps, expected) in [
            (clean, 60.0, 1), (clean, nil, 2), (flapping, 60, 1), (flapping, nil, 2), (swipes, 60, 3), (swipes, nil, 4),
        ] {
            let counter = Counter()
            var description = fixture.description
            description.fps = fps
            _ = try Analyzer().analyze(description) { _ in
                counter.calls += 1
                return FrameArrayReader(fixture.frames)
            }
            #expect(counter.calls == expected)
        }
    }
}
