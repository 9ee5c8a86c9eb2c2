/// A value animating linearly toward a target, interruptible: retargeting mid-way starts a new
/// animation from the value at that moment (as UIKit's and SwiftUI's animations do).
///
/// `a(t) = a0 + (target - a0) * min(1, (t - t0) / duration)`.
public struct LinearAnimation: Sendable, Hashable {
    public private(set) var target: Double
    private var from: Double
    private var start: Double
    /// Seconds a full change takes; 0 jumps straight to the target.
    public let duration: Double

    /// An animation resting at `value`.
    public init(resting value: Double, duration: Double) {
        self.target = value
        self.from = value
        self.start = 0
        self.duration = duration
    }

    /// The animated value at time `t` (seconds).
    public func value(at t: Double) -> Double {
        guard duration > 0 else { return target }
        let elapsed = t - start
        // Once the animation is over (most frames) the progress is exactly 1 — a quotient of
        // `elapsed ≥ duration > 0` rounds to at least 1 — so the value is the same without the
        // division, the slowest instruction of a bar model's step.
        if elapsed >= duration { return from + (target - from) }
        let progress = min(1, max(0, elapsed / duration))
        return from + (target - from) * progress
    }

    /// Starts animating toward `newTarget` at time `t`; a no-op when that is already the target.
    public mutating func retarget(_ newTarget: Double, at t: Double) {
        guard newTarget != target else { return }
        from = value(at: t)
        start = t
        target = newTarget
    }
}
