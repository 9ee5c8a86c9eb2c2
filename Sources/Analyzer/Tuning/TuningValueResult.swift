/// The trade-off figures of one candidate value over every tuned session.
package struct TuningValueResult: Sendable, Hashable {
    package var value: Double
    /// Sessions with at least one flapping episode the parameter governs.
    package var flappingSessions = 0
    package var flappingEpisodes = 0
    package var toggles = 0
    /// Title mismatches beyond the reference value's, summed per session (`max(0, here − there)`).
    package var mismatchesIntroduced = 0
    /// Title mismatches the reference value had and this one has not, summed per session.
    package var mismatchesRemoved = 0
    /// Switches of the tuned signal paired with a reference switch (``SwitchDelay/delays(reference:candidate:)``).
    package var pairedSwitches = 0
    /// Median and 95th percentile of the switch delays, seconds; `nil` without switches.
    package var delayMedian: Double?
    package var delayP95: Double?
    /// The same in points of scroll.
    package var delayMedianPoints: Double?
    package var delayP95Points: Double?
    /// Seconds spent replaying the sessions with this value (summed over threads).
    package var replaySeconds = 0.0
    /// Not dominated by another value (``TuningRun/paretoFront(_:)``).
    package var isPareto = false
}
