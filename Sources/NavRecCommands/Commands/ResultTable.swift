internal import BarModel
internal import Reports
internal import Store

/// Rows of named columns, printed as an aligned table, RFC 4180 CSV or a JSON array of objects.
struct ResultTable {
    var columns: [String]
    var rows: [[SQLValue]] = []

    /// The rows in `format`, ending with a newline (nothing for an empty CSV/table body but the header).
    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: renderTable()
        case .csv: renderCSV()
        case .json: renderJSON()
        }
    }

    /// Columns padded by display width, values escaped for the terminal (``TerminalText``): ids
    /// and names from recordings may hold emoji, CJK or control characters.
    private func renderTable() -> String {
        let cells = rows.map { $0.map(Self.plain) }
        let widths = tableWidths(cells)
        let numeric = numericColumns()
        var text = Self.tableLine(columns, widths: widths, numeric: numeric)
        text += Self.tableLine(widths.map { String(repeating: "-", count: $0) }, widths: widths, numeric: numeric.map { _ in false })
        for row in cells { text += Self.tableLine(row, widths: widths, numeric: numeric) }
        return text
    }

    /// Each column's display width in the table: its widest cell of `cells` (the rows as
    /// ``plain`` text), escaped, or its name.
    func tableWidths(_ cells: [[String]]) -> [Int] {
        var widths = columns.map { TerminalText.width(TerminalText.escaped($0)) }
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TerminalText.width(TerminalText.escaped(cell)))
            }
        }
        return widths
    }

    /// Which columns hold only numbers (and NULLs): right-aligned in the table.
    func numericColumns() -> [Bool] {
        columns.indices.map { index in
            !rows.isEmpty && rows.allSatisfy { row in
                switch row[index] {
                case .int, .double, .null: true
                case .text: false
                }
            }
        }
    }

    /// One line of the table: `values` escaped and padded to `widths` by display width (a wider
    /// value pushes the rest of the line).
    static func tableLine(_ values: [String], widths: [Int], numeric: [Bool]) -> String {
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

    private func renderCSV() -> String {
        var text = Self.csvHeader(columns)
        for row in rows { text += Self.csvRow(row) }
        return text
    }

    /// The CSV header line.
    static func csvHeader(_ columns: [String]) -> String {
        columns.map(Self.csvField).joined(separator: ",") + "\r\n"
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

    private func renderJSON() -> String {
        guard !rows.isEmpty else { return "[]\n" }
        return "[\n" + rows.map { Self.jsonRow(columns, $0) }.joined(separator: ",\n") + "\n]\n"
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
