/// Motion slowed by friction, as Flutter's `FrictionSimulation` and UIScrollView's deceleration.
///
/// Velocity decays geometrically, `v(t) = v0 * drag^t`, so position is its integral,
/// `x(t) = x0 + v0 * (drag^t - 1) / ln(drag)`. UIScrollView's `decelerationRate` is the factor per
/// millisecond, so its `drag` per second is `rate^1000` (see ``init(decelerationRate:position:velocity:)``).
public struct FrictionSimulation: Sendable, Hashable {
    /// The fraction of velocity left after one second, in `0 < drag < 1`.
    public let drag: Double
    /// Position at `t = 0`, points.
    public let position: Double
    /// Velocity at `t = 0`, points per second.
    public let velocity: Double
    private let dragLog: Double

    /// A simulation starting at `position` with `velocity`; `drag` must be in `0 < drag < 1`.
    public init(drag: Double, position: Double, velocity: Double) {
        precondition(drag > 0 && drag < 1, "drag must be in 0 < drag < 1")
        self.drag = drag
        self.position = position
        self.velocity = velocity
        dragLog = Math.ln(drag)
    }

    /// UIScrollView's deceleration: velocity is multiplied by `decelerationRate` every millisecond.
    public init(decelerationRate: DecelerationRate, position: Double, velocity: Double) {
        self.init(drag: decelerationRate.dragPerSecond, position: position, velocity: velocity)
    }

    /// Position at `t` seconds, points.
    public func x(_ t: Double) -> Double {
        position + velocity * (Math.power(drag, t) - 1) / dragLog
    }

    /// Velocity at `t` seconds, points per second.
    public func dx(_ t: Double) -> Double {
        velocity * Math.power(drag, t)
    }

    /// Where the motion comes to rest, points.
    public var finalX: Double { position - velocity / dragLog }

    /// The time at which the motion passes `x`, or `nil` when it never gets there.
    public func timeAtX(_ x: Double) -> Double? {
        if x == position { return 0 }
        if velocity == 0 || (x - position) / velocity < 0 { return nil }
        let argument = dragLog * (x - position) / velocity + 1
        guard argument > 0 else { return nil }
        return Math.ln(argument) / dragLog
    }

    /// The time at which the speed falls below `speed` points per second (0 when it starts below).
    public func timeAtSpeed(_ speed: Double) -> Double {
        guard abs(velocity) > speed, speed > 0 else { return 0 }
        return Math.ln(speed / abs(velocity)) / dragLog
    }
}

/// UIScrollView's `decelerationRate`: the velocity factor per millisecond.
public struct DecelerationRate: Sendable, Hashable {
    /// Factor per millisecond, in `0 < perMillisecond < 1`.
    public let perMillisecond: Double

    /// A rate given as the factor per millisecond.
    public init(perMillisecond: Double) {
        self.perMillisecond = perMillisecond
    }

    /// `UIScrollView.DecelerationRate.normal` (0.998).
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// `UIScrollView.DecelerationRate.fast` (0.99).
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// The drag per second, `perMillisecond^1000`, for ``FrictionSimulation``.
    public var dragPerSecond: Double { Math.power(perMillisecond, 1000) }
}
