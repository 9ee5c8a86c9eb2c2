package import Analyzer
import BarModel

/// The report as one self-contained page (`--format html`): no scripts, no network, a timeline per
/// session with findings.
///
/// Streamed, so its memory does not grow with the sessions' charts: each session with findings is
/// written as it comes (in report order) with its timeline and findings table; a session without
/// findings writes nothing there. What needs every session, the summary and the index, is written
/// at the end and shown first by CSS (`order` in the page's flex column). The index has a row per
/// session (with findings first, worst first: errors, then warnings; then the clean ones, ✔),
/// linked to the sections, in a box of its own height that scrolls, so the first session is never
/// far below it; radio buttons styled as its column headers re-sort it by hitch ratio, longest
/// hitch, hangs, duration or findings, without a script (each row carries its rank per column
/// and CSS orders the rows by the checked one).
///
/// Fleet size: sections draw their full timeline while the full timelines written so far stay under
/// ``fullChartBudget`` bytes, then a compact one (where the findings and late frames are: see
/// ``TimelineChart``), so 2,000 sessions stay a few megabytes; sections lay out only when scrolled
/// near (`content-visibility: auto`), so the page is interactive as soon as it is parsed.
///
/// Phones: the page has a viewport, the charts' text is page text at 12 CSS px and plots stretch to
/// the width (no sideways scrolling), each finding becomes a card and the index keeps its first
/// columns. Severity never relies on colour alone: rows say `✖ error` or `▲ warning` (errors also
/// bold), in colours with at least 4.5:1 contrast on white (WCAG AA).
///
/// The output is well-formed XHTML (every tag closed, `&`, `<`, `>` and quotes escaped, no named
/// entities besides XML's), so XML tools can read it as well as browsers.
package struct HTMLRenderer: ReportRenderer, Sendable {
    /// Bytes of full timelines after which sections get compact ones.
    package var fullChartBudget = 1_000_000

    /// What the index needs of a session, kept until the end (about 100 bytes a session).
    private struct IndexRow: Sendable {
        var id: String
        /// Its section's number, `nil` without findings (no section).
        var section: Int?
        var errors: Int
        var warnings: Int
        var kinds: [Finding.Kind]
        var duration: Double
        var hitchRatio: Double
        var longestHitch: Double
        var hangs: Int
        var order: Int
    }

    /// The index's rows: the worst ``indexLimit`` sessions so far (trimmed at twice that).
    private var rows: [IndexRow] = []
    /// Sessions seen, and those with findings (the index's counts, beyond the rows it keeps).
    private var sessionCount = 0
    private var failingCount = 0
    /// The most sessions the index lists: the worst, by the index's own order. Its rows were the
    /// one thing HTML kept per session (720 MB at 10⁶ sessions, issue 39 item 15); beyond this the
    /// page says how many it leaves out, and memory stays flat.
    package var indexLimit = 10_000
    private var sections = 0
    private var fullChartBytes = 0
    private var compactCharts = 0

    package mutating func begin() -> String {
        """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>navrec report</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <div class="page">
        <h1>navrec report</h1>

        """
    }

    package mutating func session(_ session: SessionAnalysis) -> String {
        let errors = session.findings.count { $0.severity == .error }
        let warnings = session.findings.count - errors
        let number: Int? = session.findings.isEmpty ? nil : sections + 1
        rows.append(IndexRow(
            id: session.id, section: number, errors: errors, warnings: warnings,
            kinds: Finding.Kind.allCases.filter { kind in session.findings.contains { $0.kind == kind } },
            duration: session.duration, hitchRatio: session.hitchTimeRatio, longestHitch: session.timeline.longestHitch,
            hangs: session.timeline.hangs, order: sessionCount))
        sessionCount += 1
        if number != nil { failingCount += 1 }
        if rows.count >= 2 * indexLimit { rows = Array(rows.sorted(by: Self.isWorse).prefix(indexLimit)) }
        guard let number else { return "" }
        sections = number
        return section(session, number: number)
    }

    package mutating func end(_ totals: Report.Totals) -> String {
        var html = "<p class=\"summary\">\(escape(ReportText.totals(totals))) (\(escape(ReportText.byKind(totals))))"
        if compactCharts > 0 {
            html += "<br/>\(ReportText.count(compactCharts, "session")) with findings \(compactCharts == 1 ? "has" : "have") a compact timeline (findings and late frames)"
                + " to keep the page small: <code>navrec report SESSION --format html</code> draws the full one."
        }
        html += "</p>\n" + index() + "</div>\n</body>\n</html>\n"
        rows = []
        sessionCount = 0
        failingCount = 0
        return html
    }

    /// One session with findings: title, facts, timeline and the findings table.
    private mutating func section(_ session: SessionAnalysis, number: Int) -> String {
        var title = escape(session.id)
        if let place = ReportText.place(session) { title += " <small>\(escape(place))</small>" }
        var facts = [ReportText.behaviors(session)] + ReportText.facts(session)
        if !session.timeline.hitches.isEmpty {
            facts.append("longest hitch \(TimelineChart.milliseconds(session.timeline.longestHitch)), "
                + ReportText.count(session.timeline.hangs, "hang"))
        }
        let full = fullChartBytes < fullChartBudget
        let chart = TimelineChart(session: session, full: full).html()
        if full { fullChartBytes += chart.utf8.count } else { compactCharts += 1 }
        var html = "<section class=\"session\" id=\"session-\(number)\">\n<h2>\(title)</h2>\n"
            + "<p class=\"meta\">\(escape(facts.joined(separator: " · ")))</p>\n" + chart
        html += "<table class=\"findings\">\n<thead><tr><th>Severity</th><th>When (s)</th><th>Kind</th><th>Signal</th>"
            + "<th>Source</th><th>Finding</th></tr></thead>\n<tbody>\n"
        for row in ReportText.rows(session.findings) {
            let finding = row.finding
            let severity = finding.severity == .error ? "✖ error" : "▲ warning"
            html += "<tr class=\"\(finding.severity.name)\"><td>\(severity)</td><td>\(escape(ReportText.span(finding)))</td>"
                + "<td><i class=\"k-\(finding.kind.name)\"></i>\(escape(ReportText.kind(finding)))</td><td><code>\(escape(finding.signal))</code></td>"
                + "<td>\(row.stream ?? "—")</td><td>\(escape(finding.message))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// The columns the index sorts by: a name for the radio button, the header, and the ranking
    /// (`true` when `a` comes before `b`).
    private static let sortKeys: [(name: String, header: String, before: @Sendable (IndexRow, IndexRow) -> Bool)] = [
        ("hitches", "Hitches", { $0.hitchRatio > $1.hitchRatio }),
        ("longest", "Longest hitch", { $0.longestHitch > $1.longestHitch }),
        ("hangs", "Hangs", { $0.hangs > $1.hangs }),
        ("duration", "Duration", { $0.duration > $1.duration }),
    ]

    /// The index of every session: sessions with findings worst first, then the clean ones, in
    /// report order; each row's rank per sort key is a CSS variable.
    /// The index's order: sessions with findings first, more errors, then more warnings first,
    /// then report order.
    private static func isWorse(_ lhs: IndexRow, _ rhs: IndexRow) -> Bool {
        let left = (lhs.section == nil ? 0 : 1, lhs.errors, lhs.warnings), right = (rhs.section == nil ? 0 : 1, rhs.errors, rhs.warnings)
        if left != right { return left > right }
        return lhs.order < rhs.order
    }

    private func index() -> String {
        guard !rows.isEmpty else { return "" }
        let worst = Array(rows.sorted(by: Self.isWorse).prefix(indexLimit))
        // Rows are numbered by their place in `worst` here (`order` is the session's in the report).
        var ranks = [[Int]](repeating: [Int](repeating: 0, count: Self.sortKeys.count), count: worst.count)
        for (key, sort) in Self.sortKeys.enumerated() {
            let ordered = worst.enumerated().sorted { lhs, rhs in
                if sort.before(lhs.element, rhs.element) { return true }
                if sort.before(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }
            for (rank, entry) in ordered.enumerated() { ranks[entry.offset][key] = rank }
        }
        let failing = failingCount
        var html = "<nav class=\"index\" id=\"index\" aria-label=\"sessions\">\n"
        let omitted = sessionCount > worst.count ? " The index lists the worst \(worst.count); navrec report --format json lists them all." : ""
        html += failing == 0
            ? "<p class=\"clean\">✔ No findings in any session.\(omitted)</p>\n"
            : "<p>\(ReportText.count(sessionCount, "session")), \(failing) with findings: worst first; sort by a column's name.\(omitted)</p>\n"
        html += "<input type=\"radio\" name=\"sort\" id=\"sort-findings\" checked=\"checked\"/>"
            + Self.sortKeys.map { "<input type=\"radio\" name=\"sort\" id=\"sort-\($0.name)\"/>" }.joined() + "\n"
        html += "<div class=\"rows\">\n<div class=\"row head\"><span>Session</span><label for=\"sort-findings\">Findings</label><span>Kinds</span>"
            + Self.sortKeys.map { "<label for=\"sort-\($0.name)\">\($0.header)</label>" }.joined() + "</div>\n"
        for (place, row) in worst.enumerated() {
            let style = Self.sortKeys.indices.map { "--\(Self.sortKeys[$0].name):\(ranks[place][$0])" }.joined(separator: ";")
            let name = row.section.map { "<a href=\"#session-\($0)\">\(escape(row.id))</a>" } ?? "<span>✔ \(escape(row.id))</span>"
            let findings = row.errors > 0
                ? "<span class=\"error\">✖ \(row.errors)</span>" + (row.warnings > 0 ? " <span class=\"warning\">▲ \(row.warnings)</span>" : "")
                : row.warnings > 0 ? "<span class=\"warning\">▲ \(row.warnings)</span>" : "0"
            html += "<div class=\"row\(row.section == nil ? " clean" : "")\" style=\"\(style)\">\(name)<span>\(findings)</span>"
                + "<span>\(escape(row.kinds.map(\.name).joined(separator: ", ")))</span><span>\(decimalText(row.hitchRatio, digits: 1)) ms/s</span>"
                + "<span>\(row.longestHitch > 0 ? TimelineChart.milliseconds(row.longestHitch) : "–")</span><span>\(row.hangs)</span>"
                + "<span>\(secondsText(row.duration)) s</span></div>\n"
        }
        return html + "</div>\n</nav>\n"
    }

    private static let kindColors = Finding.Kind.allCases.map { ".k-\($0.name){background:\(TimelineChart.color(of: $0))}" }.joined()

    private static let style = """
        body{font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;\
        padding:0 12px;color:#212529;max-width:1100px}\
        .page{display:flex;flex-direction:column}.page>*{min-width:0}\
        h1{font-size:22px;order:-3}.summary{font-size:15px;order:-2}nav.index{order:-1}\
        h2{font-size:17px;margin:28px 0 4px;overflow-wrap:anywhere}h2 small{color:#6c757d;font-weight:normal}\
        .meta{color:#495057;margin:0 0 8px}\
        section.session{content-visibility:auto;contain-intrinsic-size:auto 700px}\
        nav.index input{position:absolute;opacity:0;pointer-events:none}\
        .rows{display:flex;flex-direction:column;max-height:60vh;overflow:auto;border:1px solid #dee2e6;border-radius:4px}\
        .row:not(.head){content-visibility:auto;contain-intrinsic-size:auto 22px}\
        .row{display:grid;grid-template-columns:minmax(8em,1.6fr) 6.5em minmax(6em,1.4fr) 6.5em 6.5em 4em 5em;column-gap:8px;\
        padding:3px 6px;border-bottom:1px solid #e9ecef}\
        .row>*{overflow-wrap:anywhere}.row>:nth-child(n+4){text-align:right;white-space:nowrap}.row.clean{color:#495057}\
        .row.head{order:-1;position:sticky;top:0;background:#f8f9fa;font-size:13px;color:#495057;font-weight:600}\
        .row.head label{cursor:pointer;text-decoration:underline dotted}\
        \(sortKeys.map { "#sort-\($0.name):checked~.rows .row:not(.head){order:var(--\($0.name))}" }.joined())\
        \(sortKeys.map { "#sort-\($0.name):checked~.rows label[for=sort-\($0.name)]" }.joined(separator: ","))\
        ,#sort-findings:checked~.rows label[for=sort-findings]{color:#1864ab;text-decoration:underline}\
        .timeline{border:1px solid #dee2e6;border-radius:4px;padding:6px 8px;font-size:12px;color:#495057;background:#fff}\
        .tl-row{display:grid;grid-template-columns:180px minmax(0,1fr);column-gap:8px;margin:3px 0;align-items:center}\
        .tl-label{line-height:1.2;overflow-wrap:anywhere}.tl-label b{color:#343a40}\
        .range{color:#6c757d;font-size:11px;margin-left:4px}\
        .tl-plot{position:relative;overflow:hidden}.tl-plot svg{display:block;width:100%;height:100%}\
        .tl-plot svg *{vector-effect:non-scaling-stroke}\
        .tl-plot.series{background:#f8f9fa}.tl-plot.lane{background:#f1f3f5}.tl-plot.axis{height:16px}\
        .tick,.hitch-label{position:absolute;top:0;transform:translateX(-50%);white-space:nowrap;line-height:12px}\
        .tick{top:2px}.tick.start,.hitch-label.start{transform:none}.tick.end,.hitch-label.end{transform:translateX(-100%)}\
        .hitch-label{font-size:11px;color:#212529}\
        .guide-label{position:absolute;left:4px;font-size:11px;line-height:12px;transform:translateY(-100%);\
        background:rgba(255,255,255,.85);padding:0 2px;border-radius:2px;color:#343a40}.guide-label.below{transform:none}\
        .none{position:absolute;left:6px;top:0;line-height:14px;color:#2b8a3e}\
        .legend .items{display:flex;flex-wrap:wrap;column-gap:14px}.legend .item{white-space:nowrap}\
        .legend i{display:inline-block;width:10px;height:10px;margin-right:5px;border:1.5px solid transparent;border-radius:2px;\
        vertical-align:-1px;box-sizing:border-box}\
        table{border-collapse:collapse;margin-top:10px;width:100%}\
        th,td{border-bottom:1px solid #e9ecef;padding:4px 6px;text-align:left;vertical-align:top}\
        th,.findings td:nth-child(-n+3),.findings td:nth-child(5){white-space:nowrap}th{font-size:13px;color:#495057}\
        tr.error td:first-child,span.error{color:#c92a2a;font-weight:bold}tr.warning td:first-child,span.warning{color:#9c4600}\
        a{color:#1864ab}\
        .findings i{display:inline-block;width:10px;height:10px;margin-right:5px;border-radius:2px}\(kindColors)\
        .clean{color:#237032}\
        @media (max-width:640px){body{margin:12px auto;padding:0 8px}\
        .tl-row{grid-template-columns:minmax(0,1fr);row-gap:1px}.tl-axis .tl-label{display:none}\
        .row{grid-template-columns:minmax(0,1fr) 5.5em 5.5em}.row>:nth-child(3),.row>:nth-child(n+5){display:none}\
        table.findings,table.findings tbody,table.findings tr,table.findings td{display:block;width:auto}\
        table.findings thead{display:none}table.findings tr{border:1px solid #dee2e6;border-radius:4px;margin:8px 0;padding:4px}\
        table.findings td{display:inline-block;border:0;padding:2px 4px;white-space:normal}\
        table.findings td:last-child{display:block}}
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
