import Analyzer

/// The default report (`--format text`): per session a headline and one line per finding, then
/// the totals.
///
/// ```
/// hover-84 — blurHeader — 0.07 s, 5 samples, 60 fps, hitches 0.0 ms/s, frame jitter 0.094 ms
///   warning  0.02–0.07 s  flapping background (computed): background flipped 4 times in …
/// 1 session, 1 finding: 1 warning, 0 errors (flapping 1, jitter 0, hitch 0, title_mismatch 0)
/// ```
public struct TextRenderer: Sendable {
    /// Whether severities are coloured with ANSI escapes (errors bold red, warnings yellow): for a
    /// terminal, never for files, pipes or when `NO_COLOR` is set (the caller decides).
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    /// The report as plain text ending in a newline.
    public func render(_ report: Report) -> String {
        var lines: [String] = []
        for session in report.sessions {
            var headline = session.id
            if let place = ReportText.place(session) { headline += " (\(place))" }
            headline += " — \(ReportText.behaviors(session)) — " + ReportText.facts(session).joined(separator: ", ")
            lines.append(headline)
            if session.findings.isEmpty { lines.append("  no findings") }
            for finding in session.findings {
                // Severity first and padded so errors stand out when scanning a long report.
                var severity = finding.severity == .error ? "ERROR  " : "warning"
                if color { severity = (finding.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[33m") + severity + "\u{1B}[0m" }
                lines.append("  \(severity)  \(ReportText.span(finding)) s  \(ReportText.kind(finding)) \(finding.signal)"
                    + " (\(finding.source.name)): \(finding.message)")
            }
            lines.append("")
        }
        lines.append("\(ReportText.totals(report)) (\(ReportText.byKind(report)))")
        return lines.joined(separator: "\n") + "\n"
    }
}
