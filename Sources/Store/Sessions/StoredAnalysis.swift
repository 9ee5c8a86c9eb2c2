/// One session's analysis as the `analyses` and `findings` rows store it, waiting in an
/// ``AnalysisBatch``.
struct StoredAnalysis {
    var session: StoredSession
    /// The non-default `--set` assignments, `""` for the defaults.
    var settings: String
    var hitchTimeRatio: Double
    var frameJitter: Double
    var gaps: Int
    var gapTime: Double
    var metrics: StoredMetrics
    var findings: [StoredFinding]
    /// When the analysis was made (`analyses.analyzed_at`), not when its batch was written.
    var analyzedAt: String
}
