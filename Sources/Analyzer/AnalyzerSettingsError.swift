/// A `--set DETECTOR.KEY=VALUE` assignment the analyzer cannot use; the message says what it knows.
public struct AnalyzerSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole message, e.g. "unknown key 'flapping.windw'; known: … (did you mean 'flapping.window'?)".
    public var description: String

    public init(_ description: String) { self.description = description }
}
