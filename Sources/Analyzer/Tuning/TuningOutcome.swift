/// One session replayed with one value of the tuned parameter: what `navrec report --set` would
/// find, reduced to what the trade-off needs.
package struct TuningOutcome: Sendable, Hashable {
    /// Computed-stream flapping findings of the signals the parameter governs.
    package var flappingEpisodes = 0
    /// Their toggles.
    package var toggles = 0
    /// Title-mismatch findings on the computed stream (the model's own, not its disagreements with the app).
    package var titleMismatches = 0
    /// Every switch of the tuned signal on the replayed computed stream (switch-delay parameters).
    package var switches: [SignalSwitch] = []
    /// Every settling of the animated value, as seconds and points of scroll from leaving 0 or 1
    /// to resting at 0 or 1 again (fades).
    package var settles: [SwitchDelay] = []
    /// Samples replayed (once for the analysis, once for the switches).
    package var samples = 0
}
