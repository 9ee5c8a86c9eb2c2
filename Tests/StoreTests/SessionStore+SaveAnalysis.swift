@testable import Store

extension SessionStore {
    /// One analysis saved through a batch of its own, as `navrec report` saves many.
    func saveAnalysis(
        of session: StoredSession, settings: String, hitchTimeRatio: Double, frameJitter: Double, gaps: Int, gapTime: Double,
        metrics: StoredMetrics = .none, findings: [StoredFinding]
    ) throws {
        let batch = beginAnalysisBatch()
        try batch.save(
            of: session, settings: settings, hitchTimeRatio: hitchTimeRatio, frameJitter: frameJitter, gaps: gaps, gapTime: gapTime,
            metrics: metrics, findings: findings)
        try batch.finish()
    }
}
