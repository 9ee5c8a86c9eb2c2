public import Analyzer

/// A ``ReportRenderer`` for formats whose beginning depends on every session (a summary and an
/// index at the top: Markdown, HTML): it keeps the sessions and renders the whole report at the end,
/// so its memory grows with the number of sessions.
public struct CollectingRenderer: ReportRenderer {
    private let renderWhole: @Sendable (Report) -> String
    private var sessions: [SessionAnalysis] = []

    /// A renderer that hands the collected report to `render`.
    public init(_ render: @escaping @Sendable (Report) -> String) {
        renderWhole = render
    }

    public mutating func begin() -> String { "" }

    public mutating func session(_ session: SessionAnalysis) -> String {
        sessions.append(session)
        return ""
    }

    public mutating func end(_ totals: Report.Totals) -> String {
        defer { sessions = [] }
        return renderWhole(Report(sessions: sessions))
    }
}
