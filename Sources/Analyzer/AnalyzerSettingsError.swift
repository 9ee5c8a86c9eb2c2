/// A `--set DETECTOR.KEY=VALUE` assignment the analyzer cannot use; the message says what it knows.
package struct AnalyzerSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole message, e.g. "unknown key 'flapping.windw'; known: … (did you mean 'flapping.window'?)".
    package var description: String

    package init(_ description: String) { self.description = description }
}
