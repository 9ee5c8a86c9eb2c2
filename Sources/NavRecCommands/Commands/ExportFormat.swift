internal import ArgumentKit

/// What `navrec export` writes.
enum ExportFormat: String, CommandLineChoice {
    /// A Chrome JSON trace, as ui.perfetto.dev and chrome://tracing read it.
    case perfetto
}
