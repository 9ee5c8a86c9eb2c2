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
        let header = columns.map(TerminalText.escaped)
        let cells = rows.map { $0.map { TerminalText.escaped(Self.plain($0)) } }
        var widths = header.map(TerminalText.width)
        for row in cells {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], TerminalText.width(cell))
            }
        }
        func line(_ values: [String], numeric: [Bool]) -> String {
            var text = ""
            for (index, value) in values.enumerated() {
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
        let numeric = columns.indices.map { index in
            !rows.isEmpty && rows.allSatisfy { row in
                switch row[index] {
                case .int, .double, .null: true
                case .text: false
                }
            }
        }
        var text = line(header, numeric: numeric)
        text += line(widths.map { String(repeating: "-", count: $0) }, numeric: numeric.map { _ in false })
        for row in cells { text += line(row, numeric: numeric) }
        return text
    }

    private func renderCSV() -> String {
        var text = columns.map(Self.csvField).joined(separator: ",") + "\r\n"
        for row in rows {
            text += row.map { value in
                switch value {
                case .null: ""
                case .text(let string): Self.csvField(string)
                default: Self.plain(value)
                }
            }.joined(separator: ",") + "\r\n"
        }
        return text
    }

    private func renderJSON() -> String {
        guard !rows.isEmpty else { return "[]\n" }
        var text = "[\n"
        for (index, row) in rows.enumerated() {
            text += "  {" + zip(columns, row).map { column, value in
                jsonQuoted(column) + ": " + Self.json(value)
            }.joined(separator: ", ") + "}"
            text += index == rows.count - 1 ? "\n" : ",\n"
        }
        return text + "]\n"
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
