package import Analyzer

/// A ``ReportRenderer`` for formats whose beginning depends on every session (a summary and an
/// index at the top: Markdown, HTML): it keeps the sessions and renders the whole report at the end,
/// so its memory grows with the number of sessions.
package struct CollectingRenderer: ReportRenderer {
    private let renderWhole: @Sendable (Report) -> String
    private var sessions: [SessionAnalysis] = []

    /// A renderer that hands the collected report to `render`.
    package init(_ render: @escaping @Sendable (Report) -> String) {
        renderWhole = render
    }

    package mutating func begin() -> String { "" }

    package mutating func session(_ session: SessionAnalysis) -> String {
        sessions.append(session)
        return ""
    }

    package mutating func end(_ totals: Report.Totals) -> String {
        defer { sessions = [] }
        return renderWhole(Report(sessions: sessions))
    }
}
