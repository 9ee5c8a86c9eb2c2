/// One row of `tuning_runs` with its `tuning_values` rows: a `navrec tune` run as stored.
package struct StoredTuningRun: Sendable, Hashable {
    /// One row of `tuning_values`.
    package struct Value: Sendable, Hashable {
        package var value: Double
        package var flappingSessions: Int
        package var flappingEpisodes: Int
        package var toggles: Int
        package var mismatchesIntroduced: Int
        package var mismatchesRemoved: Int
        package var pairedSwitches: Int
        /// Seconds.
        package var delayMedian: Double?
        package var delayP95: Double?
        /// Points of scroll.
        package var delayMedianPoints: Double?
        package var delayP95Points: Double?
        package var replaySeconds: Double
        package var pareto: Bool
        package var recommended: Bool

        package init(
            value: Double, flappingSessions: Int, flappingEpisodes: Int, toggles: Int, mismatchesIntroduced: Int,
            mismatchesRemoved: Int, pairedSwitches: Int, delayMedian: Double?, delayP95: Double?,
            delayMedianPoints: Double?, delayP95Points: Double?, replaySeconds: Double, pareto: Bool, recommended: Bool
        ) {
            self.value = value
            self.flappingSessions = flappingSessions
            self.flappingEpisodes = flappingEpisodes
            self.toggles = toggles
            self.mismatchesIntroduced = mismatchesIntroduced
            self.mismatchesRemoved = mismatchesRemoved
            self.pairedSwitches = pairedSwitches
            self.delayMedian = delayMedian
            self.delayP95 = delayP95
            self.delayMedianPoints = delayMedianPoints
            self.delayP95Points = delayP95Points
            self.replaySeconds = replaySeconds
            self.pareto = pareto
            self.recommended = recommended
        }
    }

    package var behavior: String
    package var parameter: String
    package var referenceValue: Double
    /// `''` for every session, the session ids comma-separated, or `where: CONDITION`.
    package var selection: String
    package var sessions: Int
    package var skippedSessions: Int
    package var samples: Int
    /// Detector `--set` assignments, `''` for the defaults.
    package var settings: String
    /// Fraction of sessions allowed to flap.
    package var maxFlappingSessions: Double
    /// Seconds.
    package var maxDelay: Double?
    package var recommendedValue: Double?
    package var reason: String
    package var wallSeconds: Double
    package var threads: Int
    package var values: [Value]

    package init(
        behavior: String, parameter: String, referenceValue: Double, selection: String, sessions: Int,
        skippedSessions: Int, samples: Int, settings: String, maxFlappingSessions: Double, maxDelay: Double?,
        recommendedValue: Double?, reason: String, wallSeconds: Double, threads: Int, values: [Value]
    ) {
        self.behavior = behavior
        self.parameter = parameter
        self.referenceValue = referenceValue
        self.selection = selection
        self.sessions = sessions
        self.skippedSessions = skippedSessions
        self.samples = samples
        self.settings = settings
        self.maxFlappingSessions = maxFlappingSessions
        self.maxDelay = maxDelay
        self.recommendedValue = recommendedValue
        self.reason = reason
        self.wallSeconds = wallSeconds
        self.threads = threads
        self.values = values
    }
}
