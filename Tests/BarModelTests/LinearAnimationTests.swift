import Testing

@testable import BarModel

/// ``LinearAnimation/value(at:)`` skips the division once the animation is over; bit for bit it
/// must give the formula `from + (target − from) × min(1, max(0, (t − start) / duration))`.
@Suite struct LinearAnimationTests {
    /// The formula as written, with the progress always divided out.
    static func formula(from: Double, target: Double, start: Double, duration: Double, at t: Double) -> Double {
        guard duration > 0 else { return target }
        let progress = min(1, max(0, (t - start) / duration))
        return from + (target - from) * progress
    }

    /// An animation from `from` to `target` started at `start`: resting at `from`, retargeted then.
    static func animation(from: Double, target: Double, start: Double, duration: Double) -> LinearAnimation {
        var animation = LinearAnimation(resting: from, duration: duration)
        animation.retarget(target, at: start)
        return animation
    }

    /// Same bits, or both NaN.
    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test("random animations, read at their end, just before and after it, inside, before the start and at non-finite times")
    func equalsFormulaBitForBit() {
        var generator = SystemRandomNumberGenerator()
        let values: [Double] = [0, -0.0, 1, 0.1, 0.3, 0.7, 1e-300, -5, 96.5]
        let durations: [Double] = [0.33, 0.35, 1e-300, .leastNonzeroMagnitude, 1e300, 0.1 + 0.2, 1]
        var checked = 0
        for _ in 0..<20_000 {
            let from = Bool.random(using: &generator) ? values.randomElement(using: &generator)! : Double.random(in: -2...2, using: &generator)
            var target = values.randomElement(using: &generator)!
            if target == from { target = from + 1 }
            let duration = Bool.random(using: &generator) ? durations.randomElement(using: &generator)! : Double.random(in: 0.01...2, using: &generator)
            let start = [0, 1e6, 17.5, Double.random(in: 0...1000, using: &generator)].randomElement(using: &generator)!
            let end = start + duration
            let times: [Double] = [
                end, end.nextUp, end.nextDown, start, start + duration / 2, start - 1, start + 2 * duration,
                Double.random(in: start - 1...start + 3 * duration, using: &generator), .infinity, -.infinity, .nan,
            ]
            let animation = Self.animation(from: from, target: target, start: start, duration: duration)
            // Where the retarget left it: the resting value read at `start` (-0.0 comes back as 0.0).
            let started = Self.formula(from: from, target: from, start: 0, duration: duration, at: start)
            for t in times {
                let expected = Self.formula(from: started, target: target, start: start, duration: duration, at: t)
                #expect(Self.same(animation.value(at: t), expected), "from \(from) to \(target), \(start) + \(duration), at \(t)")
                checked += 1
            }
        }
        #expect(checked == 220_000)
    }

    @Test("counter-case: over, the value is from + (target − from), which need not be the target itself")
    func overIsNotAlwaysTheTarget() {
        let (from, target) = (0.7, 0.1)
        #expect(from + (target - from) != target)
        let animation = Self.animation(from: from, target: target, start: 2, duration: 0.35)
        // A shortcut to the target would read 0.1 here.
        #expect(animation.value(at: 10) != target)
        #expect(Self.same(animation.value(at: 2.35), Self.formula(from: from, target: target, start: 2, duration: 0.35, at: 2.35)))
        #expect(Self.same(animation.value(at: 10), from + (target - from)))
        // A resting animation and one with no duration give their target.
        #expect(LinearAnimation(resting: 1, duration: 0.33).value(at: 5) == 1)
        #expect(Self.animation(from: 0.3, target: 0.1, start: 2, duration: 0).value(at: 2) == 0.1)
    }
}
