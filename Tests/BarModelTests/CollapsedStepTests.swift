import Testing

@testable import BarModel

/// A bar model's step skips the divisions where their result is known: the avatar's transform on
/// a collapsed bar is worked out once per engine, and blurHeader's alpha past its threshold is 1.
/// Bit for bit each must give what the formulas give.
@Suite struct CollapsedStepTests {
    /// Same bits, or both NaN.
    static func same(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    @Test("largeTitle + avatar: every step's avatar transform is the formula's at that step's bar height")
    func avatarTransform() throws {
        var generator = SystemRandomNumberGenerator()
        var collapsedSteps = 0
        for _ in 0..<500 {
            var behaviors = BehaviorSet()
            try behaviors.add(LargeTitle.name)
            try behaviors.add(Avatar.name)
            let small = [0, 44, 44.5, Double.random(in: 0...60, using: &generator)].randomElement(using: &generator)!
            try behaviors.set(LargeTitle.name, "smallHeight", to: .number(small))
            try behaviors.set(LargeTitle.name, "largeHeight", to: .number(small + [52.5, 0.1, Double.random(in: 1...80, using: &generator)].randomElement(using: &generator)!))
            try behaviors.set(LargeTitle.name, "hysteresis", to: .number([0, 5].randomElement(using: &generator)!))
            try behaviors.set(Avatar.name, "sizeSmall", to: .number([0, 32, Double.random(in: 0...40, using: &generator)].randomElement(using: &generator)!))
            try behaviors.set(Avatar.name, "bottomMarginSmall", to: .number([6, 12, 0.3].randomElement(using: &generator)!))
            let largeTitle = try #require(behaviors.largeTitle), avatar = try #require(behaviors.avatar)
            var engine = BarEngine(behaviors: behaviors)
            let collapse = largeTitle.collapseDistance
            var t = 0.0
            for _ in 0..<60 {
                let y = [collapse, collapse.nextUp, collapse.nextDown, collapse + 100, collapse - 2, -30, 0, -0.0,
                         Double.random(in: -50...(2 * collapse + 10), using: &generator)].randomElement(using: &generator)!
                t += 1.0 / 120
                let state = engine.step(ScrollSample(t: t, y: y, phase: .drag))
                let height = largeTitle.barHeight(y: y)
                let expected = avatar.transform(barHeight: height, smallHeight: largeTitle.smallHeight, largeHeight: largeTitle.largeHeight)
                #expect(Self.same(state.avatarScale, expected.scale) && Self.same(state.avatarTx, expected.tx) && Self.same(state.avatarTy, expected.ty),
                        "y \(y), heights \(largeTitle.smallHeight)–\(largeTitle.largeHeight)")
                if height == largeTitle.smallHeight { collapsedSteps += 1 }
            }
        }
        #expect(collapsedSteps > 1000)
    }

    @Test("counter-case: with hysteresis the inline title still shows below the collapse, where the bar is no longer collapsed")
    func titleShownAboveCollapse() throws {
        var behaviors = BehaviorSet()
        try behaviors.add(LargeTitle.name)
        try behaviors.add(Avatar.name)
        try behaviors.set(LargeTitle.name, "hysteresis", to: .number(5))
        let largeTitle = try #require(behaviors.largeTitle), avatar = try #require(behaviors.avatar)
        var engine = BarEngine(behaviors: behaviors)
        _ = engine.step(ScrollSample(t: 0, y: largeTitle.collapseDistance + 10))
        let y = largeTitle.collapseDistance - 2
        let state = engine.step(ScrollSample(t: 0.01, y: y))
        // A shortcut keyed on the title would take the collapsed transform here.
        #expect(state.inlineTitleAlpha == 1)
        let expected = avatar.transform(
            barHeight: largeTitle.barHeight(y: y), smallHeight: largeTitle.smallHeight, largeHeight: largeTitle.largeHeight)
        let collapsed = avatar.transform(
            barHeight: largeTitle.smallHeight, smallHeight: largeTitle.smallHeight, largeHeight: largeTitle.largeHeight)
        #expect(expected.scale != collapsed.scale)
        #expect(state.avatarScale == expected.scale && state.avatarTx == expected.tx && state.avatarTy == expected.ty)
    }

    @Test("blurHeader's alpha: the clamped quotient at, around and past the threshold, below zero and at non-finite offsets")
    func blurAlpha() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            var blurHeader = BlurHeader()
            blurHeader.imageHeight = [150, 66.1, Double.random(in: 0...400, using: &generator)].randomElement(using: &generator)!
            blurHeader.navBarHeight = [66, 0, Double.random(in: 0...100, using: &generator)].randomElement(using: &generator)!
            let threshold = blurHeader.threshold
            for y in [threshold, threshold.nextUp, threshold.nextDown, threshold / 2, 2 * threshold, 0, -0.0, -5, .infinity, -.infinity, .nan,
                      Double.random(in: -10...(2 * abs(threshold) + 10), using: &generator)] {
                let expected = threshold > 0 ? min(1, max(0, y / threshold)) : (y > 0 ? 1 : 0)
                #expect(Self.same(blurHeader.blurAlpha(y: y), expected), "y \(y), threshold \(threshold)")
            }
        }
        // Counter-case: one ulp below the threshold is not yet fully blurred.
        let blurHeader = BlurHeader()
        #expect(blurHeader.blurAlpha(y: blurHeader.threshold.nextDown) < 1)
        #expect(blurHeader.blurAlpha(y: blurHeader.threshold) == 1)
    }
}
