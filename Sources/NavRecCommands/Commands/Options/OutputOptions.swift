internal import ArgumentKit

/// Where and how a command writes its result.
enum OutputOptions {
    /// `--output FILE`; commands name what they write with ``Option/help(_:)``.
    static let output = Option<String>.value("output", "FILE", "Write to FILE instead of standard output.")

    /// `--format`, one of `Format`'s values: each command declares its own, with its default in `help`.
    static func format<Format: CommandLineChoice>(_ help: String) -> Option<Format> {
        .choice("format", help)
    }
}
