/// The trade-off figures of one candidate value over every tuned session.
public struct TuningValueResult: Sendable, Hashable {
    public var value: Double
    /// Sessions with at least one flapping episode the parameter governs.
    public var flappingSessions = 0
    public var flappingEpisodes = 0
    public var toggles = 0
    /// Title mismatches beyond the reference value's, summed per session (`max(0, here − there)`).
    public var mismatchesIntroduced = 0
    /// Title mismatches the reference value had and this one has not, summed per session.
    public var mismatchesRemoved = 0
    /// Switches of the tuned signal paired with a reference switch (``SwitchDelay/delays(reference:candidate:)``).
    public var pairedSwitches = 0
    /// Median and 95th percentile of the switch delays, seconds; `nil` without switches.
    public var delayMedian: Double?
    public var delayP95: Double?
    /// The same in points of scroll.
    public var delayMedianPoints: Double?
    public var delayP95Points: Double?
    /// Seconds spent replaying the sessions with this value (summed over threads).
    public var replaySeconds = 0.0
    /// Not dominated by another value (``TuningRun/paretoFront(_:)``).
    public var isPareto = false

    public init(value: Double) { self.value = value }
}
