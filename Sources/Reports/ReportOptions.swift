public import Analyzer

/// What some formats need beyond the analyses: the CI gate's severity and where findings are in
/// the recordings.
public struct ReportOptions: Sendable {
    /// Findings at this severity or worse fail (JUnit failures; `--fail-on`, default `error`).
    public var failOn: Finding.Severity
    /// Per session id: its recording file and its findings' lines (SARIF); a session without one
    /// (imported from standard input) has results without a file location.
    public var locations: [String: RecordingLocation]

    /// navrec's version, for formats that name the tool (SARIF).
    public var toolVersion: String
    /// Whether the text report colours severities (a terminal without `NO_COLOR`).
    public var color = false

    public init(failOn: Finding.Severity = .error, locations: [String: RecordingLocation] = [:], toolVersion: String = "") {
        self.failOn = failOn
        self.locations = locations
        self.toolVersion = toolVersion
    }
}
