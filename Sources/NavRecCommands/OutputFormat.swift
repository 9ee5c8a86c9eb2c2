/// How tabular results are printed: an aligned table, RFC 4180 CSV, or a JSON array of objects.
enum OutputFormat: String, CaseIterable {
    case table, csv, json

    /// The format named by `--format`, defaulting to a table.
    static func parse(_ text: String?, command: String) throws(UsageError) -> OutputFormat {
        guard let text else { return .table }
        guard let format = OutputFormat(rawValue: text) else {
            throw UsageError("unknown format '\(text)'; use table, csv or json", command: command)
        }
        return format
    }
}
