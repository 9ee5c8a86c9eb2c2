package import Analyzer

extension SessionAnalysis {
    /// The analysis without its timeline digest's buckets, spans and late frames: most of a long
    /// session's analysis (up to 400 filled buckets and 2,000 late frames), which only charts (HTML,
    /// Perfetto) read. Formats that
    /// keep every session until the end (Markdown, JUnit, SARIF) keep this, so their memory grows
    /// by the findings and metrics of a session, not by its chart.
    package var withoutCharts: SessionAnalysis {
        var kept = self
        kept.timeline.removeBuckets()
        kept.timeline.spans = []
        kept.timeline.hitches = []
        return kept
    }
}
