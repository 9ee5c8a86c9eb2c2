import Analyzer

/// The report for pull requests (`--format markdown`): a summary and an overview table at the top,
/// then a table of findings per session.
public struct MarkdownRenderer: Sendable {
    public init() {}

    /// The report as GitHub-flavoured Markdown ending in a newline.
    public func render(_ report: Report) -> String {
        var lines = ["# navrec report", ""]
        let worst = report.worstSeverity
        let verdict = worst == .error ? "❌" : worst == .warning ? "⚠️" : "✅"
        lines.append("\(verdict) **\(ReportText.totals(report))** (\(ReportText.byKind(report)))")
        lines.append("")
        if !report.sessions.isEmpty {
            lines.append("| Session | Behaviours | Duration | Samples | Hitches | Warnings | Errors |")
            lines.append("|---|---|--:|--:|--:|--:|--:|")
            for session in report.sessions {
                let warnings = session.findings.count { $0.severity == .warning }
                let errors = session.findings.count { $0.severity == .error }
                lines.append("| \(cell(session.id)) | \(cell(ReportText.behaviors(session))) | \(ReportText.seconds(session.duration)) s"
                    + " | \(session.sampleCount) | \(decimalText(session.hitchTimeRatio, digits: 1)) ms/s | \(warnings) | \(errors) |")
            }
            lines.append("")
        }
        for session in report.sessions {
            var title = "## \(cell(session.id))"
            if let place = ReportText.place(session) { title += " (\(cell(place)))" }
            lines.append(title)
            lines.append("")
            lines.append(cell(([ReportText.behaviors(session)] + ReportText.facts(session)).joined(separator: " · ")))
            lines.append("")
            guard !session.findings.isEmpty else {
                lines.append("No findings.")
                lines.append("")
                continue
            }
            lines.append("| Severity | When (s) | Kind | Signal | Source | Finding |")
            lines.append("|---|---|---|---|---|---|")
            for finding in session.findings {
                let severity = finding.severity == .error ? "**error**" : "warning"
                lines.append("| \(severity) | \(ReportText.span(finding)) | \(cell(ReportText.kind(finding))) | `\(finding.signal)`"
                    + " | \(finding.source.name) | \(cell(finding.message)) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// Text safe inside a table cell: pipes escaped, HTML-significant characters neutralised,
    /// newlines folded.
    private func cell(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
