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
    private var layout: ResultTable.Layout?

    init(columns: [String], format: OutputFormat, output: Output) {
        self.format = format
        self.output = output
        page = ResultTable(columns: columns)
        page.rows.reserveCapacity(Self.pageRows)
    }

    func append(_ row: [SQLValue]) {
        if let layout {
            switch format {
            case .table: output.write(ResultTable.tableLine(row.map(ResultTable.plain), layout))
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
        let opening = page.opening(format)
        output.write(opening.text)
        layout = opening.layout
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
