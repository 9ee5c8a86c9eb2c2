import Analyzer

/// The report for pull requests (`--format markdown`): a summary, an overview of the sessions with
/// findings (worst first), a table of findings per such session, then the clean sessions folded in
/// a `<details>` block.
///
/// A GitHub comment holds 65,536 characters, so the output stays within ``limit`` UTF-8 bytes (at
/// least as many as characters, whatever GitHub counts) at any number of sessions: the summary
/// always comes; the overview lists sessions worst first in at most half the room; then session
/// sections worst first while they fit, then the clean sessions. What does not fit is left out,
/// always the least severe, and a closing line says what was (overview rows, sections with their
/// findings, clean sessions) and how to see everything.
package struct MarkdownRenderer: Sendable {
    /// The largest output, UTF-8 bytes.
    package var limit = 65_000
    /// The `--set` assignments, echoed under the summary.
    package var settings: [String] = []
    /// The base's findings (`--baseline`): the comment then shows what changed against it.
    package var baseline: FindingBaseline?

    /// The report as GitHub-flavoured Markdown ending in a newline.
    package func render(_ report: Report) -> String {
        if let baseline { return changes(report, baseline: baseline) }
        let failing = ReportText.worstFirst(report.sessions.filter { !$0.findings.isEmpty })
        let clean = report.sessions.filter { $0.findings.isEmpty }
        var head = ["# navrec report", ""]
        let worst = report.worstSeverity
        let verdict = worst == .error ? "❌" : worst == .warning ? "⚠️" : "✅"
        let totals = report.totals
        head.append("\(verdict) **\(ReportText.totals(totals))** (\(ReportText.byKind(totals)))")
        head.append("")
        if !settings.isEmpty {
            // In code spans, which show any character as is; a backtick cannot end one early.
            head.append("Made with " + settings.map { "`--set \($0.replacing("`", with: "'"))`" }.joined(separator: " "))
            head.append("")
        }
        var output = head.joined(separator: "\n") + "\n"
        // Room for the closing line that says what was left out.
        let budget = limit - 600
        var overviewRows = 0
        if !failing.isEmpty {
            // The overview may take half the room, so some sections with the evidence still fit.
            let overviewBudget = output.utf8.count + (budget - output.utf8.count) / 2
            var table = "| Session | Behaviours | Duration | Samples | Hitches | Warnings | Errors |\n|---|---|--:|--:|--:|--:|--:|\n"
            for session in failing {
                let row = overviewRow(session) + "\n"
                guard output.utf8.count + table.utf8.count + row.utf8.count + 1 <= overviewBudget else { break }
                table += row
                overviewRows += 1
            }
            output += table + "\n"
        }
        var sections = 0, omittedFindings = 0
        // Worst first, stopping at the first that does not fit, so what is shown is always the worst.
        for session in failing {
            let section = self.section(session)
            guard output.utf8.count + section.utf8.count <= budget else { break }
            output += section
            sections += 1
        }
        for session in failing.dropFirst(sections) { omittedFindings += session.findings.count }
        var cleanListed = 0
        if !clean.isEmpty {
            var block = "<details><summary>\(ReportText.count(clean.count, "session")) without findings</summary>\n\n"
            block += "| Session | Behaviours | Duration | Samples | Hitches |\n|---|---|--:|--:|--:|\n"
            for session in clean {
                let row = "| \(cell(session.id)) | \(cell(ReportText.behaviors(session))) | \(secondsText(session.duration)) s"
                    + " | \(session.sampleCount) | \(decimalText(session.hitchTimeRatio, digits: 1)) ms/s |\n"
                guard output.utf8.count + block.utf8.count + row.utf8.count + 20 <= budget else { break }
                block += row
                cleanListed += 1
            }
            if cleanListed > 0 { output += block + "\n</details>\n" }
        }
        var leftOut: [String] = []
        if overviewRows < failing.count {
            leftOut.append("\(ReportText.count(failing.count - overviewRows, "session")) with findings from the overview"
                + " (it lists the \(overviewRows) worst)")
        }
        if sections < failing.count {
            leftOut.append("the sections of \(ReportText.count(failing.count - sections, "session"))"
                + " with \(ReportText.count(omittedFindings, "finding"))")
        }
        if cleanListed < clean.count {
            leftOut.append("\(ReportText.count(clean.count - cleanListed, "session")) without findings")
        }
        if !leftOut.isEmpty {
            output += "\n_Left out to stay under GitHub's 65,536-character comment limit (always the least severe): "
                + leftOut.joined(separator: "; ")
                + ". Everything: `navrec report --format html --output report.html` (or `--format json`)._\n"
        }
        return output
    }

    /// The pull-request view against a base (`--baseline`): what this change brought (new), what
    /// it removed (fixed) and, folded, what it left as it was (still present), one row per finding
    /// identity (``FindingGroup``) with its sessions counted and the worst one; new first, each
    /// table worst first, within ``limit`` as the full report is.
    private func changes(_ report: Report, baseline: FindingBaseline) -> String {
        let groups = FindingGroups(report, baseline: baseline)
        let new = groups.groups(.new).sorted { $0.ranksBefore($1) }
        let fixed = groups.groups(.fixed).sorted { $0.ranksBefore($1) }
        let unchanged = groups.groups(.unchanged).sorted { $0.ranksBefore($1) }
        let notRecorded = groups.groups(.notRecorded)
        let worstNew = new.map(\.severity).max()
        let verdict = worstNew == .error ? "❌" : worstNew == .warning ? "⚠️" : "✅"
        var output = "# navrec report: changes against the base\n\n"
        output += "\(verdict) **\(new.count) new**, \(fixed.count) fixed, \(unchanged.count) still present"
            + " (findings by screen and kind; \(ReportText.count(report.sessions.count, "session")) here,"
            + " \(baseline.sessions) in the base `\(baseline.name.replacing("`", with: "'"))`)\n\n"
        if !settings.isEmpty {
            output += "Made with " + settings.map { "`--set \($0.replacing("`", with: "'"))`" }.joined(separator: " ") + "\n\n"
        }
        let budget = limit - 800
        var leftOut: [String] = []
        func table(_ title: String, _ header: String, _ rows: [FindingGroup], folded: Bool = false, row: (FindingGroup) -> String) {
            guard !rows.isEmpty else { return }
            var text = folded ? "<details><summary>\(title) (\(rows.count))</summary>\n\n" : "## \(title) (\(rows.count))\n\n"
            text += header
            var listed = 0
            for group in rows {
                let line = row(group) + "\n"
                guard output.utf8.count + text.utf8.count + line.utf8.count + 20 <= budget else { break }
                text += line
                listed += 1
            }
            if listed < rows.count { leftOut.append("\(rows.count - listed) of the \(rows.count) \(title.lowercased())") }
            guard listed > 0 else { return }
            output += text + (folded ? "\n</details>\n\n" : "\n")
        }
        func severity(_ group: FindingGroup) -> String { group.severity == .error ? "**error**" : "warning" }
        func finding(_ group: FindingGroup) -> String {
            let identity = group.identity
            let kind = identity.subkind.map { "\(identity.kind.name)/\($0)" } ?? identity.kind.name
            return "\(cell(kind)) `\(identity.signal)`" + (identity.kind == .hitch ? "" : " (\(identity.source.name))")
        }
        func worst(_ group: FindingGroup) -> String {
            guard let worst = group.worst else { return "" }
            return cell("\(worst.sessionID) at \(ReportText.span(worst.finding)) s: \(worst.finding.message)")
        }
        table("New", "| Severity | Screen | Finding | Sessions | Worst |\n|---|---|---|--:|---|\n", new) { group in
            "| \(severity(group)) | \(cell(group.identity.subject)) | \(finding(group)) | \(group.sessions) of \(group.subjectSessions) | \(worst(group)) |"
        }
        table("Fixed", "| Severity in the base | Screen | Finding | Sessions in the base | Sessions here |\n|---|---|---|--:|--:|\n", fixed) { group in
            "| \(severity(group)) | \(cell(group.identity.subject)) | \(finding(group)) | \(group.baseSessions) of \(group.baseSubjectSessions)"
                + " | 0 of \(group.subjectSessions) |"
        }
        table("Still present", "| Severity | Screen | Finding | Sessions | In the base | Worst |\n|---|---|---|--:|--:|---|\n",
              unchanged, folded: true) { group in
            "| \(severity(group)) | \(cell(group.identity.subject)) | \(finding(group)) | \(group.sessions) of \(group.subjectSessions)"
                + " | \(group.baseSessions) of \(group.baseSubjectSessions) | \(worst(group)) |"
        }
        if new.isEmpty && fixed.isEmpty && unchanged.isEmpty { output += "No findings here or in the base.\n\n" }
        if !notRecorded.isEmpty {
            let subjects = Set(notRecorded.map(\.identity.subject)).count
            output += "_Not compared: \(ReportText.count(notRecorded.count, "finding")) of \(ReportText.count(subjects, "screen"))"
                + " the base recorded and this run did not (neither fixed nor present)._\n"
        }
        if !leftOut.isEmpty {
            output += "\n_Left out to stay under GitHub's 65,536-character comment limit (always the least severe): "
                + leftOut.joined(separator: "; ")
                + ". Everything: `navrec report --baseline BASE` (text), or every finding: `navrec report --format html --output report.html`._\n"
        }
        return output
    }

    private func overviewRow(_ session: SessionAnalysis) -> String {
        let warnings = session.findings.count { $0.severity == .warning }
        let errors = session.findings.count { $0.severity == .error }
        return "| \(cell(session.id)) | \(cell(ReportText.behaviors(session))) | \(secondsText(session.duration)) s"
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
        for row in ReportText.rows(session.findings) {
            let finding = row.finding
            let severity = finding.severity == .error ? "**error**" : "warning"
            lines.append("| \(severity) | \(ReportText.span(finding)) | \(cell(ReportText.kind(finding))) | `\(finding.signal)`"
                + " | \(row.stream ?? "—") | \(cell(finding.message)) |")
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
