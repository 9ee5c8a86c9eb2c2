internal import Analyzer
internal import Store

extension StoredMetrics {
    /// An analysis's metrics in the `analyses` columns' order (``StoredMetrics/columns``).
    init(_ metrics: SessionMetrics) {
        self.init([
            metrics.movingTime, metrics.overrunP50, metrics.overrunP90, metrics.overrunP99, metrics.hangsPerMinute,
            metrics.flappingEpisodesPerMinute, metrics.flappingTogglesPerMinute, metrics.titleDisagreementPerMinute,
            metrics.jitterFindingsPerMinute, metrics.gapFraction,
        ])
    }
}
