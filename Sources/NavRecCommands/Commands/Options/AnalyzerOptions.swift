internal import ArgumentKit

/// The analyzer's settings on the command line (read by ``ParsedArguments/analyzerSettings(command:)``).
enum AnalyzerOptions {
    /// `--set KEY=VALUE`, repeatable: a detector setting or a behaviour parameter to replay with.
    static let settings = Option<[String]>.repeatable(
        "set", "KEY=VALUE",
        "A detector setting (flapping.window=0.5) or a behaviour parameter to replay with (blurHeader.hysteresis=1.5).")
}
