package import Analyzer

/// What some formats need beyond the analyses: the CI gate's severity and where findings are in
/// the recordings.
package struct ReportOptions: Sendable {
    /// Findings at this severity or worse fail (JUnit failures; `--fail-on`, default `error`).
    package var failOn: Finding.Severity
    /// Per session id: its recording file and its findings' lines (SARIF); a session without one
    /// (imported from standard input) has results without a file location.
    package var locations: [String: RecordingLocation]

    /// navrec's version, for formats that name the tool (SARIF).
    package var toolVersion: String
    /// Whether the text report colours severities (`--color`; by default a terminal without
    /// `NO_COLOR` whose `TERM` is not `dumb`).
    package var color = false
    /// The `--set` assignments the report was made with, which text and Markdown echo (so a
    /// report whose settings removed every finding still says what it was made with).
    package var settings: [String] = []
    /// The base's findings (`--baseline`): Markdown, JUnit, SARIF and text show what is new, fixed
    /// and still present against it.
    package var baseline: FindingBaseline?

    package init(failOn: Finding.Severity = .error, locations: [String: RecordingLocation] = [:], toolVersion: String = "") {
        self.failOn = failOn
        self.locations = locations
        self.toolVersion = toolVersion
    }
}
