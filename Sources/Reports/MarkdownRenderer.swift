import Analyzer

/// The report for pull requests (`--format markdown`): a summary, an overview of the sessions with
/// findings (worst first), a table of findings per such session, then the clean sessions folded in
/// a `<details>` block.
///
/// A GitHub comment holds 65,536 characters, so the output stays within ``limit`` UTF-8 bytes (at
/// least as many as characters, whatever GitHub counts): the summary and overview always come,
/// then session sections worst first while they fit, then the clean sessions; what does not fit is
/// left out and a line at the end says how many sessions and findings were.
package struct MarkdownRenderer: Sendable {
    /// The largest output, UTF-8 bytes.
    package var limit: Int

    package init(limit: Int = 65_000) {
        self.limit = limit
    }

    /// The report as GitHub-flavoured Markdown ending in a newline.
    package func render(_ report: Report) -> String {
        let failing = ReportText.worstFirst(report.sessions.filter { !$0.findings.isEmpty })
        let clean = report.sessions.filter { $0.findings.isEmpty }
        var head = ["# navrec report", ""]
        let worst = report.worstSeverity
        let verdict = worst == .error ? "❌" : worst == .warning ? "⚠️" : "✅"
        head.append("\(verdict) **\(ReportText.totals(report))** (\(ReportText.byKind(report)))")
        head.append("")
        if !failing.isEmpty {
            head.append("| Session | Behaviours | Duration | Samples | Hitches | Warnings | Errors |")
            head.append("|---|---|--:|--:|--:|--:|--:|")
            for session in failing { head.append(overviewRow(session)) }
            head.append("")
        }
        var output = head.joined(separator: "\n") + "\n"
        // Room for the closing line that says what was left out.
        let budget = limit - 400
        var omittedSessions = 0, omittedFindings = 0
        for session in failing {
            let section = self.section(session)
            if omittedSessions == 0, output.utf8.count + section.utf8.count <= budget {
                output += section
            } else {
                omittedSessions += 1
                omittedFindings += session.findings.count
            }
        }
        if !clean.isEmpty {
            var block = "<details><summary>\(ReportText.count(clean.count, "session")) without findings</summary>\n\n"
            block += "| Session | Behaviours | Duration | Samples | Hitches |\n|---|---|--:|--:|--:|\n"
            var listed = 0
            for session in clean {
                let row = "| \(cell(session.id)) | \(cell(ReportText.behaviors(session))) | \(ReportText.seconds(session.duration)) s"
                    + " | \(session.sampleCount) | \(decimalText(session.hitchTimeRatio, digits: 1)) ms/s |\n"
                guard output.utf8.count + block.utf8.count + row.utf8.count + 20 <= budget else { break }
                block += row
                listed += 1
            }
            omittedSessions += clean.count - listed
            if listed > 0 { output += block + "\n</details>\n" }
        }
        if omittedSessions > 0 {
            output += "\n_Left out to stay under GitHub's comment limit: \(ReportText.count(omittedSessions, "session"))"
                + (omittedFindings > 0 ? " with \(ReportText.count(omittedFindings, "finding"))" : "")
                + ". `navrec report --format html` shows everything._\n"
        }
        return output
    }

    private func overviewRow(_ session: SessionAnalysis) -> String {
        let warnings = session.findings.count { $0.severity == .warning }
        let errors = session.findings.count { $0.severity == .error }
        return "| \(cell(session.id)) | \(cell(ReportText.behaviors(session))) | \(ReportText.seconds(session.duration)) s"
            + " | \(session.sampleCount) | \(decimalText(session.hitchTimeRatio, digits: 1)) ms/s | \(warnings) | \(errors) |"
    }

    /// A session's heading, facts and findings table.
    private func section(_ session: SessionAnalysis) -> String {
        var lines: [String] = []
        var title = "## \(cell(session.id))"
        if let place = ReportText.place(session) { title += " (\(cell(place)))" }
        lines.append(title)
        lines.append("")
        lines.append(cell(([ReportText.behaviors(session)] + ReportText.facts(session)).joined(separator: " · ")))
        lines.append("")
        lines.append("| Severity | When (s) | Kind | Signal | Source | Finding |")
        lines.append("|---|---|---|---|---|---|")
        for finding in session.findings {
            let severity = finding.severity == .error ? "**error**" : "warning"
            lines.append("| \(severity) | \(ReportText.span(finding)) | \(cell(ReportText.kind(finding))) | `\(finding.signal)`"
                + " | \(ReportText.stream(finding) ?? "—") | \(cell(finding.message)) |")
        }
        lines.append("")
        return lines.joined(separator: "\n") + "\n"
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
