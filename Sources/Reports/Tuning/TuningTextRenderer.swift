import Analyzer

/// The tuning run as an aligned table with the recommendation below it (`--format text`).
struct TuningTextRenderer: Sendable {
    func render(_ run: TuningRun) -> String {
        let table = TuningTable(run)
        let rows = [TuningTable.header] + table.rows
        let widths = TuningTable.header.indices.map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        var text = table.headline + "\n\n"
        for row in rows {
            let cells = row.enumerated().map { column, cell in TerminalText.rightAligned(cell, to: widths[column]) }
            text += cells.joined(separator: "  ").replacing(/\s+$/, with: "") + "\n"
        }
        text += "\n* Pareto-optimal: no other value has at most as many flapping sessions, toggles, added mismatches and p95 delay, and fewer of one.\n"
        text += TuningTable(run).delayNote + "\n"
        text += table.recommendation + "\n" + table.rule + "\n"
        return text
    }
}
