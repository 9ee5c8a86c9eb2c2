package import Analyzer

/// Renders a report as it is produced, one session at a time, so a report over 100,000 sessions
/// needs the memory of one.
///
/// The caller writes `begin()`, then `session(_:)` for each session in report order, then
/// `end(_:)` with the totals over every session passed. Renderers that hold nothing per session
/// (text, JSON) stream; ``CollectingRenderer`` adapts a renderer that needs the whole report.
package protocol ReportRenderer {
    /// Text before the first session.
    mutating func begin() -> String
    /// Text for one session; called in report order.
    mutating func session(_ session: SessionAnalysis) -> String
    /// Text after the last session.
    mutating func end(_ totals: Report.Totals) -> String
}

extension ReportRenderer {
    /// The whole report rendered at once: `begin`, every session, `end`.
    package func render(_ report: Report) -> String {
        var renderer = self
        var text = renderer.begin()
        for session in report.sessions { text += renderer.session(session) }
        return text + renderer.end(report.totals)
    }
}
