import Analyzer
import BarModel
import Testing

@Suite("suggested swipeDistance")
struct SuggestedSwipeDistanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// Finger travel of each leg of one long zigzag drag, points; legs alternate up and down.
        var legs: [Double]
        var swipeDistance = 20.0
        /// The suggestion worked out by hand.
        var expected: Double
        var testDescription: String { "legs \(legs.map { Int($0) }) with swipeDistance \(Int(swipeDistance))" }
    }

    static let cases: [Case] = [
        // Each leg travels exactly 25 pt: a swipe must travel more than swipeDistance to react.
        Case(legs: [25, 25, 25, 25, 25, 25], expected: 25),
        Case(legs: [32, 32, 32, 32, 32, 32], expected: 35),
        Case(legs: [40, 22, 38, 24, 41, 23, 39], expected: 25),
        Case(legs: [40, 40, 40, 40, 40], swipeDistance: 30, expected: 40),
    ]

    /// One drag at 60 Hz, 2.5 pt a frame, starting at y = 200.
    static func zigzag(_ legs: [Double]) -> [(Double, Double)] {
        var samples: [(Double, Double)] = [(0, 200)]
        var y = 200.0
        for (index, leg) in legs.enumerated() {
            let direction: Double = index % 2 == 0 ? 1 : -1
            var travelled = 0.0
            while travelled < leg - 1e-9 {
                let step = min(2.5, leg - travelled)
                travelled += step
                y += direction * step
                samples.append((Double(samples.count) / 60, y))
            }
        }
        return samples
    }

    /// `barHidden` toggles within `start...end` when the session is replayed with `distance`.
    static func toggles(_ fixture: Fixture, distance: Double, start: Double, end: Double) throws -> Int {
        var behaviors = fixture.behaviors
        try behaviors.set("hideOnSwipe", "swipeDistance", to: .number(distance))
        var engine = ReplayEngine(behaviors: behaviors, events: fixture.events)
        var last: Bool?
        var count = 0
        for frame in fixture.frames {
            let value = engine.step(frame.sample).barHidden
            if let value, let last, last != value, frame.sample.t >= start, frame.sample.t <= end { count += 1 }
            last = value ?? last
        }
        return count
    }

    @Test("barHidden flapping suggests the smallest multiple of 5 pt whose replay leaves fewer than 3 toggles",
          arguments: cases)
    func verifiedByReplay(_ item: Case) throws {
        let fixture = try Fixture(["hideOnSwipe"], samples: Self.zigzag(item.legs),
                                  parameters: [("hideOnSwipe", "swipeDistance", .number(item.swipeDistance))])
        let flapping = try fixture.analyze().findings.filter { $0.kind == .flapping }
        #expect(flapping.count == 1)
        let finding = try #require(flapping.first)
        #expect(finding.signal == "barHidden")
        #expect(finding.flapping?.suggestedHysteresis == nil)
        #expect(finding.flapping?.suggestedSwipeDistance == item.expected)
        #expect(finding.message.hasSuffix("; swipeDistance \(Int(item.expected)) pt removes it"))
        #expect(try Self.toggles(fixture, distance: item.expected, start: finding.start, end: finding.end) < 3)
        if item.expected - 5 > item.swipeDistance {
            #expect(try Self.toggles(fixture, distance: item.expected - 5, start: finding.start, end: finding.end) >= 3)
        }
        // The analyzer's own replay agrees: the suggestion leaves no flapping.
        let fixed = try fixture.analyze(["hideOnSwipe.swipeDistance=\(item.expected)"])
        #expect(fixed.findings.filter { $0.kind == .flapping }.isEmpty)
    }

    @Test("a zigzag on a hide-on-swipe bar reads as one finding with its fix")
    func message() throws {
        let fixture = try Fixture(["hideOnSwipe"], samples: Self.zigzag([25, 25, 25, 25]))
        let findings = try fixture.analyze().findings
        #expect(findings.map(\.message) == ["barHidden flipped 4 times in 0.5 s with y 200.0–225.0 pt; swipeDistance 25 pt removes it"])
        #expect(findings.first?.evidence.fields.map(\.key) == ["yMin", "yMax", "suggestedSwipeDistance"])
    }

    @Test("no swipeDistance can remove flapping that taps cause, so none is offered")
    func taps() throws {
        let taps = [0.1, 0.3, 0.5, 0.7].map { ScrollEvent(t: $0, target: .content) }
        let samples = (0..<60).map { (Double($0) / 60, 100.0) }
        let fixture = try Fixture(["hideOnSwipe"], samples: samples, events: taps)
        let finding = try #require(try fixture.analyze().findings.first { $0.kind == .flapping })
        #expect(finding.count == 4)
        #expect(finding.flapping != nil && finding.flapping?.suggestedSwipeDistance == nil)
        #expect(finding.message.hasSuffix("; no hideOnSwipe.swipeDistance up to 100 pt removes it"))
        let without = try Fixture(["hideOnSwipe"], samples: samples, events: taps,
                                  parameters: [("hideOnSwipe", "onSwipe", .bool(false))]).analyze()
        #expect(without.findings.first { $0.kind == .flapping }?.message == "barHidden flipped 4 times in 0.6 s with y 100.0–100.0 pt")
    }
}
