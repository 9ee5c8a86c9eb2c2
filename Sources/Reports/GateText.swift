package import Analyzer

/// The lines a failing CI gate prints on standard error, so the log names what failed even when
/// the report itself went to a file (`report --fail-on`, `compare --fail-on`).
package enum GateText {
    /// `demo-blur-hover: ERROR 1.72–4.02 s flapping background (computed): background flipped 13 times …`
    package static func line(_ finding: Finding, session: String) -> String {
        let severity = finding.severity == .error ? "ERROR" : "warning"
        return TerminalText.escaped(
            "\(session): \(severity) \(ReportText.span(finding)) s \(ReportText.kind(finding)) \(ReportText.signalAndStream(finding)): \(finding.message)")
    }
}
