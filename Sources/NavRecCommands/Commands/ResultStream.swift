internal import Store

/// A query's rows printed as they come (`navrec query`), so memory stays flat however many rows
/// a statement returns.
///
/// The first ``pageRows`` rows are held: a result that fits is printed exactly as
/// ``ResultTable`` prints it. Beyond that, CSV and JSON are the same bytes, streamed; the table
/// keeps the widths and alignment of the first page (a wider cell later pushes the rest of its line).
final class ResultStream {
    /// Rows held to align the table before streaming starts.
    static let pageRows = 1_000

    private let format: OutputFormat
    private let output: Output
    private var page: ResultTable
    /// Set once the first page is out: the table's widths and numeric columns from then on.
    private var layout: (widths: [Int], numeric: [Bool])?

    init(columns: [String], format: OutputFormat, output: Output) {
        self.format = format
        self.output = output
        page = ResultTable(columns: columns)
        page.rows.reserveCapacity(Self.pageRows)
    }

    func append(_ row: [SQLValue]) {
        if let layout {
            switch format {
            case .table: output.write(ResultTable.tableLine(row.map(ResultTable.plain), widths: layout.widths, numeric: layout.numeric))
            case .csv: output.write(ResultTable.csvRow(row))
            case .json: output.write(",\n" + ResultTable.jsonRow(page.columns, row))
            }
            return
        }
        page.rows.append(row)
        if page.rows.count == Self.pageRows { startStreaming() }
    }

    /// Prints the held page's start, as the whole result would begin.
    private func startStreaming() {
        let cells = page.rows.map { $0.map(ResultTable.plain) }
        let widths = page.tableWidths(cells)
        let numeric = page.numericColumns()
        switch format {
        case .table:
            output.write(ResultTable.tableLine(page.columns, widths: widths, numeric: numeric))
            output.write(ResultTable.tableLine(widths.map { String(repeating: "-", count: $0) }, widths: widths, numeric: numeric.map { _ in false }))
            for row in cells { output.write(ResultTable.tableLine(row, widths: widths, numeric: numeric)) }
        case .csv:
            output.write(ResultTable.csvHeader(page.columns))
            for row in page.rows { output.write(ResultTable.csvRow(row)) }
        case .json:
            output.write("[\n" + page.rows.map { ResultTable.jsonRow(page.columns, $0) }.joined(separator: ",\n"))
        }
        layout = (widths, numeric)
        page.rows = []
    }

    /// Ends the result.
    func finish() {
        guard layout != nil else {
            output.write(page.render(format))
            return
        }
        if format == .json { output.write("\n]\n") }
    }
}
