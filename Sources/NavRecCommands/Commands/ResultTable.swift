internal import BarModel
internal import Reports
internal import Store

/// Rows of named columns, printed as an aligned table, RFC 4180 CSV or a JSON array of objects.
struct ResultTable {
    var columns: [String]
    var rows: [[SQLValue]] = []

    /// The table's layout: each column's display width and whether it is right-aligned.
    typealias Layout = (widths: [Int], numeric: [Bool])

    /// The rows in `format`, ending with a newline (nothing for an empty CSV/table body but the header).
    func render(_ format: OutputFormat) -> String {
        if format == .json, rows.isEmpty { return "[]\n" }
        return opening(format).text + (format == .json ? "\n]\n" : "")
    }

    /// The rows in `format` as the first page of a longer result: all of ``render(_:)`` but JSON's
    /// closing bracket, and the table's layout, which the rows after them keep (``ResultStream``).
    /// Columns are padded by display width, values escaped for the terminal (``TerminalText``): ids
    /// and names from recordings may hold emoji, CJK or control characters.
    func opening(_ format: OutputFormat) -> (text: String, layout: Layout) {
        switch format {
        case .table:
            let cells = rows.map { $0.map(Self.plain) }
            let layout = (widths: tableWidths(cells), numeric: numericColumns())
            var text = Self.tableLine(columns, layout)
            text += Self.tableLine(layout.widths.map { String(repeating: "-", count: $0) }, (layout.widths, layout.numeric.map { _ in false }))
            for row in cells { text += Self.tableLine(row, layout) }
            return (text, layout)
        case .csv:
            return (columns.map(Self.csvField).joined(separator: ",") + "\r\n" + rows.map(Self.csvRow).joined(), ([], []))
        case .json:
            return ("[\n" + rows.map { Self.jsonRow(columns, $0) }.joined(separator: ",\n"), ([], []))
        }
    }

    /// Each column's display width in the table: its widest cell of `cells` (the rows as
    /// ``plain`` text), escaped, or its name.
    private func tableWidths(_ cells: [[String]]) -> [Int] {
        var widths = columns.map { TerminalText.width(TerminalText.escaped($0)) }
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TerminalText.width(TerminalText.escaped(cell)))
            }
        }
        return widths
    }

    /// Which columns hold only numbers (and NULLs): right-aligned in the table.
    private func numericColumns() -> [Bool] {
        columns.indices.map { index in
            !rows.isEmpty && rows.allSatisfy { row in
                switch row[index] {
                case .int, .double, .null: true
                case .text: false
                }
            }
        }
    }

    /// One line of the table: `values` escaped and padded to the layout's widths by display width
    /// (a wider value pushes the rest of the line).
    static func tableLine(_ values: [String], _ layout: Layout) -> String {
        let (widths, numeric) = layout
        var text = ""
        for (index, raw) in values.enumerated() {
            let value = TerminalText.escaped(raw)
            let isLast = index == values.count - 1
            if numeric[index] {
                text += TerminalText.rightAligned(value, to: widths[index])
            } else {
                text += isLast ? value : TerminalText.padded(value, to: widths[index])
            }
            if !isLast { text += "  " }
        }
        return text + "\n"
    }

    /// One CSV line.
    static func csvRow(_ row: [SQLValue]) -> String {
        row.map { value in
            switch value {
            case .null: ""
            case .text(let string): Self.csvField(string)
            default: Self.plain(value)
            }
        }.joined(separator: ",") + "\r\n"
    }

    /// One row as a JSON object on its line, indented, without the separator.
    static func jsonRow(_ columns: [String], _ row: [SQLValue]) -> String {
        "  {" + zip(columns, row).map { column, value in jsonQuoted(column) + ": " + Self.json(value) }.joined(separator: ", ") + "}"
    }

    /// A value as table text: NULL empty, numbers shortest round-trip.
    static func plain(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .int(let number): String(number)
        case .double(let number): number.isFinite ? "\(number)" : "null"
        case .text(let string): string
        }
    }

    static func json(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .int(let number): String(number)
        case .double(let number): number.isFinite ? "\(number)" : "null"
        case .text(let string): jsonQuoted(string)
        }
    }

    /// RFC 4180: quote fields with commas, quotes or line breaks, doubling the quotes.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
