import Testing
@testable import BarModel

/// ``BarEngine/step(_:into:at:)``, the model stepped straight into a block's row (what `import`
/// and `analyze` store and analyse), against ``BarEngine/step(_:)``'s `BarState` written with
/// ``FrameStateColumns/set(_:at:)``: the same fields in the same rows with the same values.
@Suite("BarEngine stepped into a block's row")
struct BarEngineRowTests {
    /// Every set of behaviours that validates: the 2^6 subsets of the names, less the invalid ones.
    static let behaviorSets: [BehaviorSet] = (0..<(1 << BehaviorSet.names.count)).compactMap { bits in
        try? makeBehaviors(BehaviorSet.names.indices.filter { bits >> $0 & 1 != 0 }.map { BehaviorSet.names[$0] })
    }

    /// Sample `index` of a scroll that drags down and up past every threshold, decelerates and
    /// rests, with a tap on the content and on the title now and then.
    static func sample(_ index: Int) -> (ScrollSample, ScrollEvent?) {
        let phase: ScrollPhase = index % 90 < 50 ? .drag : (index % 90 < 75 ? .decelerate : .idle)
        let cycle = index % 120
        let y: Double = Double(cycle < 60 ? cycle : 120 - cycle) * 4.5 - 40 + Double(index % 7) * 0.3
        let event = index % 37 == 0 ? ScrollEvent(t: Double(index) / 60 - 0.001, target: index % 74 == 0 ? .title : .content) : nil
        return (ScrollSample(t: Double(index) / 60, y: y, phase: phase, vy: nil), event)
    }

    /// The two blocks' masks and values agree; the known values as rows of numbers, for messages.
    static func rows(_ columns: FrameStateColumns, count: Int) -> [[Double?]] {
        (0..<count).map { row in
            BarStateField.allCases.map { columns.rows($0) >> UInt64(row) & 1 != 0 ? columns.column($0)[row] : nil }
        }
    }

    @Test("every behaviour set, over 300 samples and four blocks: the same fields, rows and values as the BarState path")
    func sameAsBarState() throws {
        #expect(Self.behaviorSets.count > 6)
        for behaviors in Self.behaviorSets {
            var viaState = BarEngine(behaviors: behaviors), viaRow = BarEngine(behaviors: behaviors)
            let expected = FrameColumns(), actual = FrameColumns()
            var states = Set<BarState>()
            for index in 0..<300 {
                if index % 64 == 0 {
                    expected.reset()
                    actual.reset()
                }
                let (sample, event) = Self.sample(index)
                if let event {
                    viaState.apply(event)
                    viaRow.apply(event)
                }
                let state = viaState.step(sample)
                states.insert(state)
                expected.append(seq: index, sample: sample, computed: state, observed: nil)
                viaRow.step(sample, into: actual.computed, at: actual.append(seq: index, sample: sample))
                if actual.count == 64 || index == 299 {
                    for field in BarStateField.allCases {
                        #expect(actual.computed.rows(field) == expected.computed.rows(field), "\(behaviors.enabledNames) \(field)")
                    }
                    #expect(Self.rows(actual.computed, count: actual.count) == Self.rows(expected.computed, count: expected.count),
                            "\(behaviors.enabledNames)")
                }
            }
            // Not vacuous: a set with a behaviour draws states that change along the scroll.
            if !behaviors.enabledNames.isEmpty { #expect(states.count > 1, "\(behaviors.enabledNames)") }
        }
    }

    @Test("dropdownTitle's subtitle fields, worked out once per engine, as the BarState path gives them", arguments: [
        ParameterValue.null, .string(""), .string("Inbox"),
    ])
    func subtitle(value: ParameterValue) throws {
        let behaviors = try makeBehaviors(["dropdownTitle"], ["dropdownTitle.subtitle": value])
        var viaRow = BarEngine(behaviors: behaviors), viaState = BarEngine(behaviors: behaviors)
        let columns = FrameStateColumns()
        for row in 0..<3 {
            if row == 2 {
                viaRow.apply(ScrollEvent(t: 0.01, target: .title))
                viaState.apply(ScrollEvent(t: 0.01, target: .title))
            }
            viaRow.step(ScrollSample(t: Double(row) / 60, y: 0), into: columns, at: row)
            #expect(columns.state(at: row) == viaState.step(ScrollSample(t: Double(row) / 60, y: 0)))
        }
        // The counter-case: the tap on the title expands the dropdown from the next frame on.
        #expect(columns.state(at: 1).dropdownExpanded == false)
        #expect(columns.state(at: 2).dropdownExpanded == true)
        #expect(columns.state(at: 0).subtitleVisible == (value != .string("")))
        #expect(columns.state(at: 0).subtitleHasText == (value == .string("Inbox")))
    }

    @Test("the counter-cases: a field no behaviour writes keeps its bit clear; one written twice keeps the later value")
    func fieldsWritten() throws {
        let columns = FrameStateColumns()
        var largeTitle = BarEngine(behaviors: try makeBehaviors(["largeTitle"]))
        largeTitle.step(ScrollSample(t: 0, y: 0), into: columns, at: 5)
        #expect(columns.rows(.barHeight) == 1 << 5)
        #expect(columns.rows(.inlineTitleAlpha) == 1 << 5)
        for field in BarStateField.allCases where ![.barHeight, .largeTitleAlpha, .inlineTitleAlpha].contains(field) {
            #expect(columns.rows(field) == 0, "\(field)")
        }
        #expect(columns.state(at: 5) == BarState(barHeight: 96.5, largeTitleAlpha: 1, inlineTitleAlpha: 0))
        // Two title presenters (a set `validate()` refuses, which the engine still steps): customTitle
        // sets the bar's height after largeTitle did, and its fixed height is the one kept, as in a BarState.
        columns.clear()
        var presenters = BehaviorSet()
        try presenters.add("largeTitle")
        try presenters.add("customTitle")
        var both = BarEngine(behaviors: presenters), reference = BarEngine(behaviors: presenters)
        both.step(ScrollSample(t: 0, y: 0), into: columns, at: 0)
        #expect(columns.column(.barHeight)[0] == CustomTitle.barHeight)
        #expect(columns.column(.barHeight)[0] != 96.5)
        #expect(columns.state(at: 0) == reference.step(ScrollSample(t: 0, y: 0)))
        // Booleans and the background go in as the numbers `value(in:)` gives.
        columns.clear()
        var blur = BarEngine(behaviors: try makeBehaviors(["blurHeader", "hideOnSwipe"]))
        blur.step(ScrollSample(t: 0, y: 500), into: columns, at: 63)
        #expect(columns.state(at: 63).background == .default)
        #expect(columns.column(.background)[63] == 1)
        #expect(columns.column(.barHidden)[63] == 0)
        #expect(columns.rows(.barHidden) == 1 << 63)
    }
}
