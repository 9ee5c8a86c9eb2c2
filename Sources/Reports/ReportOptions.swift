public import Analyzer

/// What some formats need beyond the analyses: the CI gate's severity and where findings are in
/// the recordings.
public struct ReportOptions: Sendable {
    /// Findings at this severity or worse fail (JUnit failures; `--fail-on`, default `error`).
    public var failOn: Finding.Severity

    public init(failOn: Finding.Severity = .error) {
        self.failOn = failOn
    }
}
