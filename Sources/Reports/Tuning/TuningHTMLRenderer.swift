import Analyzer

/// The tuning run as one self-contained page (`--format html`): the trade-off curve with the
/// recommended value marked, the recommendation and the table. No scripts, nothing from the network.
/// The headers wrap, so the whole table (to its last column, "recommended") fits a 1,400 px window;
/// narrower ones scroll it sideways in its own box.
struct TuningHTMLRenderer: Sendable {
    func render(_ run: TuningRun) -> String {
        let table = TuningTable(run)
        var html = """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>navrec tune \(escape(run.parameter.name))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>Tuning <code>\(escape(run.parameter.name))</code></h1>

            """
        html += "<p class=\"summary\">\(escape(table.headline))</p>\n"
        html += "<p class=\"recommendation\">\(escape(table.recommendation))</p>\n"
        for note in table.notes { html += "<p class=\"note\">\(escape(note))</p>\n" }
        html += "<div class=\"chart-box\">\n" + TuningChart(run: run).svg() + "</div>\n"
        html += "<p class=\"legend\"><span class=\"dot pareto\"></span>Pareto-optimal <span class=\"dot dominated\"></span>dominated"
            + " <span class=\"dot ring\"></span>recommended · \(escape(table.rule))</p>\n"
        html += "<div class=\"scroll\"><table>\n<thead><tr>" + TuningTable.header.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for (row, result) in zip(table.rows, run.results) {
            let recommended = table.isRecommended(result)
            html += "<tr\(recommended ? " class=\"recommended\"" : "")>" + row.map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
        }
        html += "</tbody>\n</table></div>\n</body>\n</html>\n"
        return html
    }

    private static let style = """
        body{font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:16px;color:#212529;max-width:1240px}\
        h1{font-size:22px}.summary{color:#495057}.recommendation{font-size:15px;font-weight:600}.note{color:#a61e4d}\
        .chart-box{overflow-x:auto}svg.chart{display:block;width:100%;min-width:460px;height:auto;max-width:640px;background:#fff;border:1px solid #dee2e6;border-radius:4px}\
        svg text{font:11px sans-serif;fill:#495057}svg .grid{stroke:#e9ecef}\
        svg .front{fill:none;stroke:#1971c2;stroke-width:1.5}svg .pareto{fill:#1971c2}svg .dominated{fill:#adb5bd}\
        svg .recommended{fill:none;stroke:#e8590c;stroke-width:2.5}svg .label{text-anchor:middle}\
        svg .recommended-label{fill:#e8590c;font-weight:bold}\
        .legend{color:#495057}.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin:0 4px 0 10px}\
        .dot.pareto{background:#1971c2}.dot.dominated{background:#adb5bd}.dot.ring{border:2px solid #e8590c;width:8px;height:8px}\
        .scroll{overflow-x:auto}table{border-collapse:collapse;margin-top:10px}\
        th,td{border-bottom:1px solid #e9ecef;padding:4px 6px;text-align:right;white-space:nowrap}\
        th{font-size:12px;color:#495057;white-space:normal;vertical-align:bottom;min-width:3.5em}\
        tr.recommended td{background:#fff4e6;font-weight:600}
        """
}
