import Testing
import BarModel
import Simulation

/// ``BehaviorSet/writing(_:)``: an engine of the behaviours that write some fields computes those
/// fields as the engine of the whole set does, on simulated sessions with taps and swipes.
@Suite("BehaviorSet.writing: the models a field needs")
struct BarEngineWritersTests {
    static let sets: [[String]] = [
        ["largeTitle", "avatar"], ["largeTitle", "hideOnSwipe"], ["largeTitle", "dropdownTitle"], ["blurHeader"],
        ["customTitle", "hideOnSwipe"], ["blurHeader", "hideOnSwipe", "dropdownTitle"],
    ]

    @Test("restricted engines give the same fields", arguments: sets)
    func sameFields(names: [String]) throws {
        let behaviors = try makeBehaviors(names, names.contains("hideOnSwipe") ? ["hideOnSwipe.onSwipe": .bool(true)] : [:])
        let collected = try Collected(SimulationConfiguration(
            behaviors: behaviors, gestures: [.drag(), .zigzag(), .tap(.content), .tap(.title), .fling(), .hover(), .bounce()],
            duration: 30, fps: 120, seed: 11))
        var checked = 0
        for field in BarStateField.allCases {
            let restricted = behaviors.writing([field])
            var full = BarEngine(behaviors: behaviors)
            var partial = BarEngine(behaviors: restricted)
            var nextEvent = 0
            for sample in collected.samples {
                while nextEvent < collected.events.count, collected.events[nextEvent].t <= sample.t {
                    full.apply(collected.events[nextEvent])
                    partial.apply(collected.events[nextEvent])
                    nextEvent += 1
                }
                let expected = full.step(sample)
                let actual = partial.step(sample)
                if field.value(in: expected) != nil { checked += 1 }
                guard field.value(in: actual) == field.value(in: expected) else {
                    Issue.record("""
                        \(names) \(field) at t=\(sample.t): \(String(describing: field.value(in: actual))), the whole set \
                        \(String(describing: field.value(in: expected))) (BehaviorSet.fieldsWritten, in \
                        Sources/BarModel/BehaviorSet+Writers.swift, works out who writes \(field) from one step of \
                        each behaviour: does its model write it on some steps only?)
                        """)
                    break
                }
            }
        }
        #expect(checked > 0)
    }

    @Test("only the writers are kept: avatar keeps the large title it follows")
    func kept() throws {
        let behaviors = try makeBehaviors(["largeTitle", "avatar", "hideOnSwipe", "dropdownTitle"])
        #expect(behaviors.writing([.inlineTitleAlpha]).enabledNames == ["largeTitle"])
        #expect(behaviors.writing([.avatarTx]).enabledNames == ["largeTitle", "avatar"])
        #expect(behaviors.writing([.barHidden]).enabledNames == ["hideOnSwipe"])
        #expect(behaviors.writing([.dropdownExpanded, .barShown]).enabledNames == ["hideOnSwipe", "dropdownTitle"])
        #expect(behaviors.writing([]).enabledNames == [])
    }
}
