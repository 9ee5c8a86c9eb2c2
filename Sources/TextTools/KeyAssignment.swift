/// A `NAME.KEY=VALUE` assignment from the command line: `--param blurHeader.hysteresis=1.5`,
/// `--set flapping.window=0.5`. The one parser for both.
public struct KeyAssignment: Sendable, Hashable {
    /// The part before the first `.`: a behaviour or detector.
    public var name: String
    /// Between that `.` and the first `=`.
    public var key: String
    /// Everything after the first `=` (may be empty, may contain `=` and `.`).
    public var value: String

    /// Splits `text` at its first `=` and the first `.` before it; `nil` when either is missing.
    public init?(_ text: String) {
        guard let equals = text.firstIndex(of: "="), let dot = text[..<equals].firstIndex(of: ".") else { return nil }
        name = String(text[..<dot])
        key = String(text[text.index(after: dot)..<equals])
        value = String(text[text.index(after: equals)...])
    }
}
