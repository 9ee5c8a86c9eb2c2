/// One switch of a binary signal in a replay: when, where, and to which value.
public struct SignalSwitch: Sendable, Hashable {
    /// Seconds from the session start.
    public var t: Double
    /// Scroll offset at the switch, points.
    public var y: Double
    /// The value the signal switched to.
    public var on: Bool

    public init(t: Double, y: Double, on: Bool) {
        self.t = t
        self.y = y
        self.on = on
    }
}
