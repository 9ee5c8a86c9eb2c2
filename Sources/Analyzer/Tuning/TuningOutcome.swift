/// One session replayed with one value of the tuned parameter: what `navrec report --set` would
/// find, reduced to what the trade-off needs.
public struct TuningOutcome: Sendable, Hashable {
    /// Computed-stream flapping findings of the signals the parameter governs.
    public var flappingEpisodes = 0
    /// Their toggles.
    public var toggles = 0
    /// Title-mismatch findings on the computed stream and between the streams.
    public var titleMismatches = 0
    /// Every switch of the tuned signal on the replayed computed stream (switch-delay parameters).
    public var switches: [SignalSwitch] = []
    /// Every settling of the animated value, as seconds and points of scroll from leaving 0 or 1
    /// to resting at 0 or 1 again (fades).
    public var settles: [SwitchDelay] = []
    /// Samples replayed (once for the analysis, once for the switches).
    public var samples = 0

    public init() {}
}
