import Testing
@testable import BarModel

@Suite("BarEngine against BEHAVIORS.md")
struct BarEngineTests {
    @Test("avatar check values through the engine", arguments: [
        (y: 0.0, barHeight: 96.5, scale: 1.0, tx: 0.0, ty: 0.0),
        (y: 26.25, barHeight: 70.25, scale: 0.9, tx: 4.0, ty: 7.0),
        (y: 52.5, barHeight: 44.0, scale: 0.8, tx: 8.0, ty: 14.0),
        (y: -23.5, barHeight: 120.0, scale: 1.0, tx: 0.0, ty: 0.0),
        (y: 200.0, barHeight: 44.0, scale: 0.8, tx: 8.0, ty: 14.0),
    ])
    func avatar(y: Double, barHeight: Double, scale: Double, tx: Double, ty: Double) throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["largeTitle", "avatar"]))
        let state = engine.step(ScrollSample(t: 0, y: y))
        #expect(state.barHeight == barHeight)
        // Exact, not approximately: users read these values back from the database.
        #expect(state.avatarScale == scale)
        #expect(state.avatarTx == tx)
        #expect(state.avatarTy == ty)
    }

    /// Steps `before` then `y` and returns the last state.
    private func final(_ behaviors: BehaviorSet, before: [Double], y: Double) -> BarState {
        var engine = BarEngine(behaviors: behaviors)
        var t = 0.0
        for value in before {
            _ = engine.step(ScrollSample(t: t, y: value))
            t += 0.1
        }
        return engine.step(ScrollSample(t: t, y: y))
    }

    @Test("largeTitle inline title at the exact threshold, with and without hysteresis", arguments: [
        // (hysteresis, previous ys, y, inline visible)
        (0.0, [Double](), 52.5, true),
        (0.0, [], 52.49, false),
        (0.0, [60], 52.5, true),
        (0.0, [60], 52.49, false),
        (1.0, [], 52.5, false),      // in the band from off: stays off
        (1.0, [60], 52.5, true),     // in the band from on: stays on
        (1.0, [], 53.49, false),
        (1.0, [], 53.5, true),       // on at exactly T + h
        (1.0, [60], 51.5, true),     // off only below T - h
        (1.0, [60], 51.49, false),
    ])
    func largeTitleThreshold(hysteresis: Double, before: [Double], y: Double, inline: Bool) throws {
        let behaviors = try makeBehaviors(["largeTitle"], ["largeTitle.hysteresis": .number(hysteresis)])
        let state = final(behaviors, before: before, y: y)
        #expect(state.inlineTitleAlpha == (inline ? 1 : 0))
        #expect(state.largeTitleAlpha == (inline ? 0 : 1))
    }

    @Test("blurHeader background at the exact threshold keeps the previous one", arguments: [
        (0.0, [Double](), 84.0, BarBackground.transparent),
        (0.0, [90], 84.0, .default),
        (0.0, [], 84.0001, .default),
        (0.0, [90], 83.9999, .transparent),
        (1.0, [], 84.5, .transparent),
        (1.0, [90], 83.5, .default),
        (1.0, [], 85.0, .transparent),   // exactly T + h keeps
        (1.0, [], 85.0001, .default),
        (1.0, [90], 83.0, .default),     // exactly T - h keeps
        (1.0, [90], 82.9999, .transparent),
    ])
    func blurHeaderThreshold(hysteresis: Double, before: [Double], y: Double, background: BarBackground) throws {
        let behaviors = try makeBehaviors(["blurHeader"], ["blurHeader.hysteresis": .number(hysteresis)])
        let state = final(behaviors, before: before, y: y)
        #expect(state.background == background)
        #expect(state.inlineTitleAlpha == (background == .default ? 1 : 0))
        #expect(state.contentTitleAlpha == (background == .transparent ? 1 : 0))
        #expect(state.barHeight == 66)
    }

    @Test("blurHeader blur alpha is clamped to 0...1", arguments: [(-10.0, 0.0), (42.0, 0.5), (84.0, 1.0), (300.0, 1.0)])
    func blurAlpha(y: Double, alpha: Double) throws {
        let state = final(try makeBehaviors(["blurHeader"]), before: [], y: y)
        #expect(state.blurAlpha == alpha)
    }

    // labelScale 1.5 makes showing = 33 + (16 - y) - 5 = 44 - y exact in binary; fadeDuration 0
    // makes the alpha equal the target.
    @Test("customTitle toolbar target at showing = 0, with and without hysteresis", arguments: [
        (0.0, [Double](), 44.0, true),
        (0.0, [], 43.99, false),
        (0.0, [50], 43.99, false),
        (1.0, [], 44.5, false),      // band, from off
        (1.0, [50], 43.5, true),     // band, from on
        (1.0, [], 45.0, true),       // showing = -1 = -h: on
        (1.0, [50], 43.0, true),     // showing = 1 = h: keeps
        (1.0, [50], 42.9999, false),
    ])
    func customTitleThreshold(hysteresis: Double, before: [Double], y: Double, toolbar: Bool) throws {
        let behaviors = try makeBehaviors(["customTitle"], [
            "customTitle.hysteresis": .number(hysteresis), "customTitle.labelScale": .number(1.5),
            "customTitle.fadeDuration": .number(0),
        ])
        let state = final(behaviors, before: before, y: y)
        #expect(state.inlineTitleAlpha == (toolbar ? 1 : 0))
        #expect(state.contentTitleAlpha == (44 - y > 0 ? 1 : 0))
        #expect(state.barHeight == 44)
    }

    /// A state switches back only once `y` is more than `RestTolerance.points` (1e-6) past the far
    /// edge; the edge where the reference counts an exact hit stays exact.
    @Test("thresholds: ulp-level noise on the far edge keeps the state, beyond 1e-6 pt it switches", arguments: [
        // (behaviour, previous ys, y, on) where on is the inline title / default background / toolbar title
        ("largeTitle", [60.0], 52.5.nextDown, true),
        ("largeTitle", [60], 52.5 - 5e-7, true),
        ("largeTitle", [60], 52.5 - 2e-6, false),
        ("largeTitle", [], 52.5.nextDown, false),
        ("largeTitle", [], 52.5, true),
        ("blurHeader", [], 84.0.nextUp, false),
        ("blurHeader", [], 84 + 5e-7, false),
        ("blurHeader", [], 84 + 2e-6, true),
        ("blurHeader", [90], 84.0.nextDown, true),
        ("blurHeader", [90], 84 - 2e-6, false),
        ("customTitle", [50], 44.0.nextDown, true),     // showing one ulp above 0
        ("customTitle", [50], 44 - 5e-7, true),
        ("customTitle", [50], 44 - 2e-6, false),
        ("customTitle", [], 44, true),                  // showing exactly 0: on, as the reference
    ] as [(String, [Double], Double, Bool)])
    func thresholdTolerance(behavior: String, before: [Double], y: Double, on: Bool) throws {
        let behaviors = try makeBehaviors([behavior], [
            "customTitle.labelScale": .number(1.5), "customTitle.fadeDuration": .number(0),
        ].filter { $0.key.hasPrefix(behavior) })
        let state = final(behaviors, before: before, y: y)
        #expect(state.inlineTitleAlpha == (on ? 1 : 0))
    }

    @Test("customTitle content label: hidden at showing <= 0, shown again only beyond 1e-6 pt", arguments: [
        ([Double](), 44.0, false),
        ([], 44.0.nextDown, false),       // within the tolerance the previous state holds (the start's: hidden)
        ([50], 44.0.nextDown, false),     // after hiding, ulp noise does not show it again
        ([50], 44 - 2e-6, true),
        ([0], 44.0.nextUp, false),
    ] as [([Double], Double, Bool)])
    func customTitleContentLabel(before: [Double], y: Double, visible: Bool) throws {
        let behaviors = try makeBehaviors(["customTitle"], ["customTitle.labelScale": .number(1.5)])
        let state = final(behaviors, before: before, y: y)
        #expect(state.contentTitleAlpha == (visible ? 1 : 0))
    }

    @Test("customTitle fade restarts from the current alpha when the target flips mid-fade")
    func customTitleFadeInterruption() throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["customTitle"]))  // fadeDuration 0.35
        #expect(engine.step(ScrollSample(t: 0, y: 0)).inlineTitleAlpha == 0)
        #expect(engine.step(ScrollSample(t: 1, y: 50)).inlineTitleAlpha == 0)        // target on: fade starts
        #expect(close(engine.step(ScrollSample(t: 1.175, y: 50)).inlineTitleAlpha, 0.5))
        let flipped = try #require(engine.step(ScrollSample(t: 1.28, y: 0)).inlineTitleAlpha)  // target off at 0.8
        #expect(close(flipped, 0.8))
        #expect(close(engine.step(ScrollSample(t: 1.28 + 0.175, y: 0)).inlineTitleAlpha, 0.4))  // half of 0.8 left
        #expect(close(engine.step(ScrollSample(t: 1.28 + 0.35, y: 0)).inlineTitleAlpha, 0))
        #expect(engine.step(ScrollSample(t: 3, y: 0)).inlineTitleAlpha == 0)
    }

    /// barHidden after a drag through `ys` (one sample per 1/60 s, phase drag unless nil); an
    /// engine stepped by ``BarEngine/stepBarHidden(_:)`` alone must give the same on every sample.
    private func hidden(after ys: [Double?], phases: [ScrollPhase]? = nil) throws -> [Bool] {
        var engine = BarEngine(behaviors: try makeBehaviors(["hideOnSwipe"]))
        var alone = engine
        return ys.enumerated().map { index, y in
            let phase = phases?[index] ?? .drag
            let sample = ScrollSample(t: Double(index) / 60, y: y ?? 0, phase: phase)
            let hidden = engine.step(sample).barHidden
            #expect(alone.stepBarHidden(sample) == hidden)
            return hidden ?? false
        }
    }

    @Test("stepBarHidden: taps and swipes as step gives them; nil without hideOnSwipe, taps only without onSwipe")
    func stepBarHiddenAlone() throws {
        var titles = BarEngine(behaviors: try makeBehaviors(["largeTitle"]))
        #expect(titles.stepBarHidden(ScrollSample(t: 0, y: 30, phase: .drag)) == nil)
        for onSwipe in [true, false] {
            var engine = BarEngine(behaviors: try makeBehaviors(["hideOnSwipe"], ["hideOnSwipe.onSwipe": .bool(onSwipe)]))
            var alone = engine
            var seen: [Bool] = []
            for index in 0..<40 {
                let t = Double(index) / 60
                if index == 30 {
                    engine.apply(ScrollEvent(t: t, target: .content))
                    alone.apply(ScrollEvent(t: t, target: .content))
                }
                // A drag up for 20 frames, then the content decelerates in place.
                let sample = ScrollSample(t: t, y: Double(min(index, 19)) * 3, phase: index < 20 ? .drag : .decelerate)
                let stepped = alone.stepBarHidden(sample)
                #expect(stepped != nil)
                let hidden = stepped ?? false
                #expect(engine.step(sample).barHidden == hidden)
                seen.append(hidden)
            }
            // A swipe up past 20 pt hides the bar at y 21 (index 7); the tap at index 30 toggles it.
            #expect(seen == (0..<40).map { onSwipe ? (7..<30).contains($0) : $0 >= 30 })
        }
    }

    @Test("hideOnSwipe measures from the drag's first sample, exclusive of swipeDistance")
    func swipeFirstSample() throws {
        #expect(try hidden(after: [0, 10, 20]) == [false, false, false])
        #expect(try hidden(after: [0, 10, 20.5]) == [false, false, true])
        #expect(try hidden(after: [100, 110, 120.5]) == [false, false, true])
    }

    @Test("hideOnSwipe re-measures from each toggle and each turning point")
    func swipeReferencePoints() throws {
        // Turning point at 15, then at 5: 24 is only 19 past the last turning point.
        #expect(try hidden(after: [0, 15, 5, 24]) == [false, false, false, false])
        #expect(try hidden(after: [0, 15, 5, 24, 25.5]) == [false, false, false, false, true])
        // After hiding at 21 the reference is 21; the turn at 41 makes it 41: 20.9 shows again.
        #expect(try hidden(after: [0, 21, 41, 21, 20.9]) == [false, true, true, true, false])
        // The toggle at 21 is also the turning point: 20.1 down from it shows the bar at once.
        #expect(try hidden(after: [0, 21, 0.9, 0.5]) == [false, true, false, false])
        // Hidden at 21, turning at 30: 10.5 is 19.5 below it, 9.9 is 20.1.
        #expect(try hidden(after: [0, 21, 30, 10.5, 9.9]) == [false, true, true, true, false])
    }

    @Test("hideOnSwipe: moving back by up to 1 pt is touch noise, not a turning point")
    func swipeTouchNoise() throws {
        // 10 → 9.2 is 0.8 back: noise, so 20.5 is 20.5 from the drag's start.
        #expect(try hidden(after: [0, 10, 9.2, 20.5]) == [false, false, false, true])
        #expect(try hidden(after: [0, 10, 9.2, 9.9, 9.3, 20.5]) == [false, false, false, false, false, true])
        // 10 → 8.9 is 1.1 back: a turning point at 10, then one at 8.9 on the way up again.
        #expect(try hidden(after: [0, 10, 8.9, 21, 28.8, 29]) == [false, false, false, false, false, true])
    }

    @Test("a step of 0 is not a turning point")
    func swipeZeroStep() throws {
        #expect(try hidden(after: [0, 10, 10, 21]) == [false, false, false, true])
    }

    @Test("a sample that is not a drag ends the drag; the next drag measures from its own first sample")
    func swipeNewDrag() throws {
        let phases: [ScrollPhase] = [.drag, .drag, .decelerate, .drag, .drag, .drag]
        #expect(try hidden(after: [0, 15, 18, 18, 38, 38.5], phases: phases) == [false, false, false, false, false, true])
    }

    @Test("a tap on the content toggles the bar, and barShown animates over duration")
    func tapToggles() throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["hideOnSwipe"]))  // duration 0.33
        #expect(engine.step(ScrollSample(t: 0, y: 0)).barShown == 1)
        engine.apply(ScrollEvent(t: 1, target: .content))
        let atTap = engine.step(ScrollSample(t: 1, y: 0))
        #expect(atTap.barHidden == true)
        #expect(atTap.barShown == 1)
        #expect(close(engine.step(ScrollSample(t: 1.165, y: 0)).barShown, 0.5))
        #expect(close(engine.step(ScrollSample(t: 1.33, y: 0)).barShown, 0))
        engine.apply(ScrollEvent(t: 2, target: .content))
        let shown = engine.step(ScrollSample(t: 2.33, y: 0))
        #expect(shown.barHidden == false)
        #expect(close(shown.barShown, 1))
        engine.apply(ScrollEvent(t: 3, target: .title))  // not the content: no toggle
        #expect(engine.step(ScrollSample(t: 3, y: 0)).barHidden == false)
    }

    @Test("onTap false ignores taps on the content")
    func tapDisabled() throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["hideOnSwipe"], ["hideOnSwipe.onTap": .bool(false)]))
        engine.apply(ScrollEvent(t: 0, target: .content))
        #expect(engine.step(ScrollSample(t: 0, y: 0)).barHidden == false)
    }

    @Test("hiding mid-animation reverses from the current barShown")
    func barShownInterrupted() throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["hideOnSwipe"], ["hideOnSwipe.duration": .number(0.4)]))
        engine.apply(ScrollEvent(t: 0, target: .content))
        #expect(close(engine.step(ScrollSample(t: 0.1, y: 0)).barShown, 0.75))
        engine.apply(ScrollEvent(t: 0.1, target: .content))
        #expect(close(engine.step(ScrollSample(t: 0.2, y: 0)).barShown, 0.8125))
    }

    @Test("dropdownTitle subtitle: nil is visible without text, empty is hidden", arguments: [
        (ParameterValue.null, true, false),
        (.string(""), false, false),
        (.string("x"), true, true),
    ])
    func subtitle(value: ParameterValue, isVisible: Bool, hasText: Bool) throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["dropdownTitle"], ["dropdownTitle.subtitle": value]))
        let state = engine.step(ScrollSample(t: 0, y: 0))
        #expect(state.subtitleVisible == isVisible)
        #expect(state.subtitleHasText == hasText)
    }

    @Test("a tap on the title toggles dropdownExpanded; other taps do not")
    func dropdownTap() throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["dropdownTitle"]))
        #expect(engine.step(ScrollSample(t: 0, y: 0)).dropdownExpanded == false)
        engine.apply(ScrollEvent(t: 0.5, target: .title))
        #expect(engine.step(ScrollSample(t: 0.5, y: 0)).dropdownExpanded == true)
        engine.apply(ScrollEvent(t: 0.6, target: .content))
        engine.apply(ScrollEvent(t: 0.6, target: .bar))
        #expect(engine.step(ScrollSample(t: 0.6, y: 0)).dropdownExpanded == true)
        engine.apply(ScrollEvent(t: 1, target: .title))
        #expect(engine.step(ScrollSample(t: 1, y: 0)).dropdownExpanded == false)
    }

    @Test("a session's first sample applies its rule")
    func firstSample() throws {
        var engine = BarEngine(behaviors: try makeBehaviors(["blurHeader"]))
        #expect(engine.step(ScrollSample(t: 0, y: 100)).background == .default)
    }
}
