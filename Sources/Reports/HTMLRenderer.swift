import Analyzer
import BarModel

/// The report as one self-contained page (`--format html`): no scripts, no network, an inline SVG
/// timeline per session.
///
/// The output is well-formed XHTML (every tag closed, `&`, `<`, `>` and quotes escaped, no named
/// entities besides XML's), so XML tools can read it as well as browsers. Each timeline draws `y`,
/// the bar height (and the fraction shown, with hideOnSwipe) over time, one lane per title
/// presentation and stream (filled where the title is visible), one lane per kind of finding, pale
/// shading over the plots where flaps, jitter and title mismatches happen, and a legend of what
/// the session has (see ``TimelineChart``).
public struct HTMLRenderer: Sendable {
    /// Width of each timeline, pixels.
    public var width = 960.0

    public init() {}

    /// The report as an HTML document ending in a newline.
    public func render(_ report: Report) -> String {
        var html = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>navrec report</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>navrec report</h1>

            """
        html += "<p class=\"summary\">\(escape(ReportText.totals(report))) (\(escape(ReportText.byKind(report))))</p>\n"
        for (index, session) in report.sessions.enumerated() {
            html += sessionSection(session, index: index)
        }
        html += "</body>\n</html>\n"
        return html
    }

    private func sessionSection(_ session: SessionAnalysis, index: Int) -> String {
        var html = "<section class=\"session\" id=\"session-\(index + 1)\">\n"
        var title = escape(session.id)
        if let place = ReportText.place(session) { title += " <small>\(escape(place))</small>" }
        html += "<h2>\(title)</h2>\n"
        html += "<p class=\"meta\">" + escape(([ReportText.behaviors(session)] + ReportText.facts(session)).joined(separator: " · "))
            + "</p>\n"
        html += TimelineChart(session: session, width: width).svg()
        if session.findings.isEmpty {
            html += "<p class=\"clean\">No findings.</p>\n"
        } else {
            html += "<table class=\"findings\">\n<thead><tr><th>Severity</th><th>When (s)</th><th>Kind</th><th>Signal</th>"
                + "<th>Source</th><th>Finding</th></tr></thead>\n<tbody>\n"
            for finding in session.findings {
                // Short columns never wrap; the message takes the rest of the width.
                html += "<tr class=\"\(finding.severity.name)\"><td class=\"nowrap\">\(finding.severity.name)</td>"
                    + "<td class=\"nowrap\">\(escape(ReportText.span(finding)))</td>"
                    + "<td class=\"nowrap\"><span class=\"swatch\" style=\"background:\(TimelineChart.color(of: finding.kind))\"></span>"
                    + "\(escape(ReportText.kind(finding)))</td><td><code>\(escape(finding.signal))</code></td>"
                    + "<td class=\"nowrap\">\(finding.source.name)</td><td>\(escape(finding.message))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        return html + "</section>\n"
    }

    private static let style = """
        body{font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#212529;max-width:962px}\
        h1{font-size:22px}h2{font-size:17px;margin:28px 0 4px}h2 small{color:#868e96;font-weight:normal}\
        .summary{font-size:15px}.meta{color:#495057;margin:0 0 8px}\
        svg{display:block;background:#fff;border:1px solid #dee2e6;border-radius:4px}\
        svg text{font:11px sans-serif;fill:#495057}\
        table{border-collapse:collapse;margin-top:10px;width:100%}\
        th,td{border-bottom:1px solid #e9ecef;padding:4px 6px;text-align:left;vertical-align:top}\
        th,td.nowrap{white-space:nowrap}th{font-size:13px;color:#495057}\
        tr.error td:first-child{color:#c92a2a;font-weight:bold}tr.warning td:first-child{color:#e67700}\
        .swatch{display:inline-block;width:10px;height:10px;margin-right:5px;border-radius:2px}\
        .clean{color:#2b8a3e}
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
