/// One switch of a binary signal in a replay: when, where, and to which value.
package struct SignalSwitch: Sendable, Hashable {
    /// Seconds from the session start.
    package var t: Double
    /// Scroll offset at the switch, points.
    package var y: Double
    /// The value the signal switched to.
    package var on: Bool
}
