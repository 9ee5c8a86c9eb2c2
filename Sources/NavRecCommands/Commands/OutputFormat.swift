internal import ArgumentKit

/// How tabular results are printed: an aligned table, RFC 4180 CSV, or a JSON array of objects.
enum OutputFormat: String, CommandLineChoice {
    case table, csv, json

}
