import Analyzer

/// The tuning run as an aligned table with the recommendation below it (`--format text`).
///
/// With a `width` (a terminal's), columns are left out from the least telling (points, episodes,
/// removed mismatches, switches, medians) until the table fits, and a line names them; into a pipe
/// or file (`nil`) every column is kept, so scripts see one shape.
struct TuningTextRenderer: Sendable {
    var width: Int?

    /// Header indices of the columns a narrow terminal loses first, in that order; value, flapping
    /// sessions, added mismatches, p95 delay and the marks always stay.
    static let dropOrder = [9, 10, 2, 5, 6, 7, 3]

    func render(_ run: TuningRun) -> String {
        let table = TuningTable(run)
        let rows = [TuningTable.header] + table.rows
        let widths = TuningTable.header.indices.map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        var kept = Array(TuningTable.header.indices)
        func lineWidth() -> Int { kept.map { widths[$0] }.reduce(0, +) + 2 * (kept.count - 1) }
        var dropped: [Int] = []
        if let width {
            for column in Self.dropOrder where lineWidth() > width {
                kept.removeAll { $0 == column }
                dropped.append(column)
            }
        }
        var text = table.headline + "\n\n"
        for row in rows {
            let cells = kept.map { column in TerminalText.rightAligned(row[column], to: widths[column]) }
            text += cells.joined(separator: "  ").replacing(/\s+$/, with: "") + "\n"
        }
        if !dropped.isEmpty {
            text += "\n(left out to fit \(width ?? 0) columns: \(dropped.sorted().map { TuningTable.header[$0] }.joined(separator: ", "));"
                + " --format csv or a wider terminal shows them)\n"
        }
        text += "\n* Pareto-optimal: no other value has at most as many flapping sessions, toggles, added mismatches and p95 delay, and fewer of one.\n"
        text += table.delayNote + "\n"
        text += table.recommendation + "\n"
        for note in table.notes { text += note + "\n" }
        text += table.rule + "\n"
        return text
    }
}
