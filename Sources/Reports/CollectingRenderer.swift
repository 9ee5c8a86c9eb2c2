package import Analyzer

/// A ``ReportRenderer`` for formats whose beginning depends on every session (Markdown's summary,
/// JUnit's and SARIF's totals): it keeps the sessions, without their charts
/// (``SessionAnalysis/withoutCharts``), and renders the whole report at the end.
package struct CollectingRenderer: ReportRenderer {
    private let renderWhole: @Sendable (Report) -> String
    private var sessions: [SessionAnalysis] = []

    /// A renderer that hands the collected report to `render`.
    package init(_ render: @escaping @Sendable (Report) -> String) {
        renderWhole = render
    }

    package mutating func begin() -> String { "" }

    package mutating func session(_ session: SessionAnalysis) -> String {
        sessions.append(session.withoutCharts)
        return ""
    }

    package mutating func end(_ totals: Report.Totals) -> String {
        defer { sessions = [] }
        return renderWhole(Report(sessions: sessions))
    }
}
