import Testing
@testable import BarModel

/// ``BarEngine/stepBarHidden(_:count:events:nextEvent:)`` and
/// ``BarEngine/step(_:count:events:nextEvent:into:)``, the model stepped a block at a time (the
/// hysteresis replay), against the straightforward rule: ``BarEngine/apply(_:)`` for each event at
/// or before a sample, then ``BarEngine/stepBarHidden(_:)`` or ``BarEngine/step(_:)``, a row at a time.
@Suite("BarEngine stepped a block at a time")
struct BarEngineBlockTests {
    /// Row by row: the bits of the rows hidden, and the events applied up to the block's last row.
    static func rowByRow(
        _ engine: inout BarEngine, _ samples: ArraySlice<ScrollSample>, events: [ScrollEvent], nextEvent: inout Int
    ) -> UInt64? {
        var bits: UInt64 = 0
        for (row, sample) in samples.enumerated() {
            while nextEvent < events.count, events[nextEvent].t <= sample.t {
                engine.apply(events[nextEvent])
                nextEvent += 1
            }
            guard let hidden = engine.stepBarHidden(sample) else { return nil }
            if hidden { bits |= 1 << UInt64(row) }
        }
        return bits
    }

    /// Steps `samples` through both in blocks of `blockSize` rows (the last one shorter) and
    /// expects the same bits on every block and the same events applied.
    static func expectSame(
        _ behaviors: BehaviorSet, _ samples: [ScrollSample], events: [ScrollEvent], blockSize: Int = 64
    ) {
        var straight = BarEngine(behaviors: behaviors), blocked = straight
        var straightNext = 0, blockedNext = 0
        let columns = FrameColumns()
        for first in stride(from: 0, to: samples.count, by: blockSize) {
            let rows = samples[first..<min(first + blockSize, samples.count)]
            columns.reset()
            for (offset, sample) in rows.enumerated() { _ = columns.append(seq: first + offset, sample: sample) }
            let expected = rowByRow(&straight, rows, events: events, nextEvent: &straightNext)
            let actual = blocked.stepBarHidden(columns, count: rows.count, events: events, nextEvent: &blockedNext)
            #expect(actual == expected, "block at \(first) of \(behaviors.enabledNames)")
            if expected != nil { #expect(blockedNext == straightNext, "events applied by the block at \(first)") }
        }
    }

    @Test("random drags, phases and taps, blocks of 1 to 64 rows: the bits the row-by-row step gives")
    func randomSessions() throws {
        var generator = SystemRandomNumberGenerator()
        let phases: [ScrollPhase?] = [.drag, .drag, .drag, .decelerate, .idle, .bounce, nil]
        for round in 0..<200 {
            let behaviors = try makeBehaviors(
                round % 5 == 0 ? ["largeTitle", "hideOnSwipe"] : ["hideOnSwipe"],
                ["hideOnSwipe.swipeDistance": .number(Double.random(in: 2...40, using: &generator)),
                 "hideOnSwipe.onTap": .bool(round % 3 != 0), "hideOnSwipe.onSwipe": .bool(round % 7 != 0)])
            var t = Double.random(in: 0...1, using: &generator), y = 0.0
            var samples: [ScrollSample] = []
            for _ in 0..<Int.random(in: 1...300, using: &generator) {
                // Repeated times: a tap at a sample's own time comes before it.
                if Int.random(in: 0..<4, using: &generator) != 0 { t += 1.0 / 120 }
                y += Double.random(in: -12...12, using: &generator)
                samples.append(ScrollSample(t: t, y: y, phase: phases.randomElement(using: &generator)!))
            }
            var events: [ScrollEvent] = []
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let at = Bool.random(using: &generator) ? samples.randomElement(using: &generator)!.t
                    : Double.random(in: -0.5...(t + 0.5), using: &generator)
                events.append(ScrollEvent(t: at, target: Bool.random(using: &generator) ? .content : .title))
            }
            events.sort { $0.t < $1.t }
            Self.expectSame(behaviors, samples, events: events, blockSize: round % 4 == 0 ? 64 : Int.random(in: 1...64, using: &generator))
        }
    }

    @Test("edges: a tap at a sample's time and one past the block, a hide on row 63, nil without hideOnSwipe")
    func edges() throws {
        let behaviors = try makeBehaviors(["hideOnSwipe"])
        // A drag up: hidden from the sample more than 20 pt past the first (row 7), for 64 rows.
        let samples = (0..<130).map { ScrollSample(t: Double($0) / 60, y: Double(min($0, 60)) * 3, phase: .drag) }
        // A tap at row 10's own time shows the bar on row 10 (it applies before the sample); one
        // between row 63 and 64 must wait for the next block.
        let events = [ScrollEvent(t: samples[10].t, target: .content), ScrollEvent(t: samples[63].t + 0.001, target: .content)]
        Self.expectSame(behaviors, samples, events: events)
        var engine = BarEngine(behaviors: behaviors)
        var next = 0
        let columns = FrameColumns()
        for (row, sample) in samples.prefix(64).enumerated() { _ = columns.append(seq: row, sample: sample) }
        let bits = try #require(engine.stepBarHidden(columns, count: 64, events: events, nextEvent: &next))
        #expect(next == 1)
        #expect(bits >> 63 & 1 == 1)
        #expect(bits & 0xff == 0b1000_0000)
        // No row stepped: nothing changes and no event is applied.
        #expect(engine.stepBarHidden(columns, count: 0, events: events, nextEvent: &next) == 0)
        #expect(next == 1)
        var titles = BarEngine(behaviors: try makeBehaviors(["largeTitle"]))
        var titleNext = 0
        #expect(titles.stepBarHidden(columns, count: 64, events: events, nextEvent: &titleNext) == nil)
    }

    @Test("every behaviour set, random taps and blocks of 1 to 64 rows: the fields, rows and values step(_:) gives")
    func statesAsStepGives() throws {
        var generator = SystemRandomNumberGenerator()
        #expect(BarEngineRowTests.behaviorSets.count > 6)
        for behaviors in BarEngineRowTests.behaviorSets {
            for round in 0..<3 {
                let samples = (0..<Int.random(in: 1...300, using: &generator)).map { BarEngineRowTests.sample($0).0 }
                // Taps on the content and the title, some at a sample's own time, some between blocks.
                var events = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                    let at = Bool.random(using: &generator) ? samples.randomElement(using: &generator)!.t
                        : Double.random(in: -0.1...(samples.last!.t + 0.1), using: &generator)
                    return ScrollEvent(t: at, target: Bool.random(using: &generator) ? .content : .title)
                }
                events.sort { $0.t < $1.t }
                let blockSize = round == 0 ? 64 : Int.random(in: 1...64, using: &generator)
                var straight = BarEngine(behaviors: behaviors), blocked = straight
                var straightNext = 0, blockedNext = 0
                let expected = FrameColumns(), columns = FrameColumns(), actual = FrameStateColumns()
                for first in stride(from: 0, to: samples.count, by: blockSize) {
                    let rows = samples[first..<min(first + blockSize, samples.count)]
                    expected.reset()
                    columns.reset()
                    for (offset, sample) in rows.enumerated() {
                        while straightNext < events.count, events[straightNext].t <= sample.t {
                            straight.apply(events[straightNext])
                            straightNext += 1
                        }
                        expected.append(seq: first + offset, sample: sample, computed: straight.step(sample), observed: nil)
                        _ = columns.append(seq: first + offset, sample: sample)
                    }
                    // Left from the last block: the step must write every field it sets.
                    actual.clear()
                    blocked.step(columns, count: rows.count, events: events, nextEvent: &blockedNext, into: actual)
                    #expect(blockedNext == straightNext, "events applied by the block at \(first)")
                    for field in BarStateField.allCases {
                        #expect(actual.rows(field) == expected.computed.rows(field), "\(behaviors.enabledNames) \(field) at \(first)")
                    }
                    #expect(BarEngineRowTests.rows(actual, count: rows.count) == BarEngineRowTests.rows(expected.computed, count: rows.count),
                            "\(behaviors.enabledNames) block at \(first)")
                }
            }
        }
    }
}
