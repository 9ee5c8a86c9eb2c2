import Analyzer
import BarModel

/// The report as one self-contained page (`--format html`): no scripts, no network, an inline SVG
/// timeline per session.
///
/// Built to hold hundreds of sessions and to read on a phone: an index table at the top lists the
/// sessions with findings worst first (errors, then warnings) with links to their sections, which
/// follow in that order; clean sessions come last, each collapsed in a `<details>` element. The
/// page has a viewport, the timelines scale to the page width (scrolling sideways below 560 px
/// rather than shrinking their text further), and on narrow screens each finding becomes a card.
/// Severity never relies on colour alone: rows say `✖ error` or `▲ warning` (errors also bold),
/// in colours with at least 4.5:1 contrast on white (WCAG AA).
///
/// The output is well-formed XHTML (every tag closed, `&`, `<`, `>` and quotes escaped, no named
/// entities besides XML's), so XML tools can read it as well as browsers. Each timeline draws `y`,
/// the bar height (and the fraction shown, with hideOnSwipe) over time, one lane per title
/// presentation and stream (filled where the title is visible), one lane per kind of finding, pale
/// shading over the plots where flaps, jitter and title mismatches happen, and a legend of what
/// the session has (see ``TimelineChart``).
package struct HTMLRenderer: Sendable {
    /// Width of each timeline, pixels.
    package var width = 960.0

    package init() {}

    /// The report as an HTML document ending in a newline.
    package func render(_ report: Report) -> String {
        var html = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>navrec report</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>navrec report</h1>

            """
        html += "<p class=\"summary\">\(escape(ReportText.totals(report))) (\(escape(ReportText.byKind(report))))</p>\n"
        let failing = ReportText.worstFirst(report.sessions.filter { !$0.findings.isEmpty })
        let clean = report.sessions.filter { $0.findings.isEmpty }
        html += index(failing, clean: clean.count)
        for (number, session) in failing.enumerated() {
            html += sessionSection(session, index: number)
        }
        if !clean.isEmpty {
            html += "<h2 id=\"clean\">\(escape(ReportText.count(clean.count, "session"))) without findings</h2>\n"
        }
        for (number, session) in clean.enumerated() {
            html += sessionSection(session, index: failing.count + number)
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// The index: sessions with findings, worst first, linked to their sections.
    private func index(_ failing: [SessionAnalysis], clean: Int) -> String {
        guard !failing.isEmpty else {
            return clean > 0 ? "<p class=\"clean\">✔ No findings in any session.</p>\n" : ""
        }
        var html = "<nav><table class=\"index\">\n<thead><tr><th>Session</th><th>Errors</th><th>Warnings</th><th>Kinds</th>"
            + "<th>Duration</th><th>Hitches</th></tr></thead>\n<tbody>\n"
        for (number, session) in failing.enumerated() {
            let errors = session.findings.count { $0.severity == .error }
            let warnings = session.findings.count { $0.severity == .warning }
            let kinds = Finding.Kind.allCases.filter { kind in session.findings.contains { $0.kind == kind } }.map(\.name)
            html += "<tr class=\"\(errors > 0 ? "error" : "warning")\"><td><a href=\"#session-\(number + 1)\">\(escape(session.id))</a></td>"
                + "<td class=\"num\">\(errors > 0 ? "<span class=\"error\">✖ \(errors)</span>" : "0")</td>"
                + "<td class=\"num\">\(warnings > 0 ? "<span class=\"warning\">▲ \(warnings)</span>" : "0")</td>"
                + "<td>\(escape(kinds.joined(separator: ", ")))</td><td class=\"num\">\(ReportText.seconds(session.duration)) s</td>"
                + "<td class=\"num\">\(decimalText(session.hitchTimeRatio, digits: 1)) ms/s</td></tr>\n"
        }
        if clean > 0 {
            html += "<tr><td colspan=\"6\"><a href=\"#clean\">\(escape(ReportText.count(clean, "session"))) without findings</a> (collapsed)</td></tr>\n"
        }
        return html + "</tbody>\n</table></nav>\n"
    }

    private func sessionSection(_ session: SessionAnalysis, index: Int) -> String {
        var title = escape(session.id)
        if let place = ReportText.place(session) { title += " <small>\(escape(place))</small>" }
        let meta = "<p class=\"meta\">" + escape(([ReportText.behaviors(session)] + ReportText.facts(session)).joined(separator: " · "))
            + "</p>\n"
        let chart = "<div class=\"chart\">" + TimelineChart(session: session, width: width).svg() + "</div>\n"
        if session.findings.isEmpty {
            return "<details class=\"session clean\" id=\"session-\(index + 1)\"><summary>✔ \(title) — no findings</summary>\n"
                + meta + chart + "</details>\n"
        }
        var html = "<section class=\"session\" id=\"session-\(index + 1)\">\n<h2>\(title)</h2>\n" + meta + chart
        html += "<table class=\"findings\">\n<thead><tr><th>Severity</th><th>When (s)</th><th>Kind</th><th>Signal</th>"
            + "<th>Source</th><th>Finding</th></tr></thead>\n<tbody>\n"
        for finding in session.findings {
            // Short columns never wrap; the message takes the rest of the width.
            let severity = finding.severity == .error ? "✖ error" : "▲ warning"
            html += "<tr class=\"\(finding.severity.name)\"><td class=\"nowrap severity\">\(severity)</td>"
                + "<td class=\"nowrap\">\(escape(ReportText.span(finding)))</td>"
                + "<td class=\"nowrap\"><span class=\"swatch\" style=\"background:\(TimelineChart.color(of: finding.kind))\"></span>"
                + "\(escape(ReportText.kind(finding)))</td><td><code>\(escape(finding.signal))</code></td>"
                + "<td class=\"nowrap\">\(ReportText.stream(finding) ?? "—")</td><td>\(escape(finding.message))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        return html + "</section>\n"
    }

    private static let style = """
        body{font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;\
        padding:0 12px;color:#212529;max-width:962px}\
        h1{font-size:22px}h2{font-size:17px;margin:28px 0 4px;overflow-wrap:anywhere}h2 small{color:#6c757d;font-weight:normal}\
        .summary{font-size:15px}.meta{color:#495057;margin:0 0 8px}\
        .chart{overflow-x:auto}\
        svg{display:block;width:100%;min-width:560px;height:auto;background:#fff;border:1px solid #dee2e6;border-radius:4px}\
        svg text{font:11px sans-serif;fill:#495057}\
        table{border-collapse:collapse;margin-top:10px;width:100%}\
        th,td{border-bottom:1px solid #e9ecef;padding:4px 6px;text-align:left;vertical-align:top}\
        th,td.nowrap{white-space:nowrap}th{font-size:13px;color:#495057}td.num{text-align:right;white-space:nowrap}\
        tr.error td.severity,span.error{color:#c92a2a;font-weight:bold}tr.warning td.severity,span.warning{color:#9c4600}\
        a{color:#1864ab}\
        .swatch{display:inline-block;width:10px;height:10px;margin-right:5px;border-radius:2px}\
        .clean{color:#237032}details.session{margin:6px 0;border-bottom:1px solid #e9ecef;padding:4px 0}\
        details.session summary{cursor:pointer;font-weight:600;overflow-wrap:anywhere}details.session .meta{margin-top:6px}\
        @media (max-width:640px){body{margin:12px auto;padding:0 8px}\
        table.findings,table.findings tbody,table.findings tr,table.findings td{display:block;width:auto}\
        table.findings thead{display:none}table.findings tr{border:1px solid #dee2e6;border-radius:4px;margin:8px 0;padding:4px}\
        table.findings td{display:inline-block;border:0;padding:2px 4px;white-space:normal}\
        table.findings td:last-child{display:block}\
        table.index th:nth-child(n+4),table.index td:nth-child(n+4){display:none}}
        """
}

/// Escapes text for XHTML content and attribute values.
func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.append(character)
        }
    }
    return result
}
