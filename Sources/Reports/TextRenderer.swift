package import Analyzer

/// The default report (`--format text`): per session with findings a headline and one line per
/// finding, one line for the sessions without findings, then the totals.
///
/// ```
/// hover-84 — blurHeader — 0.07 s, 5 samples, 60 fps, hitches 0.0 ms/s, frame jitter 0.094 ms
///   warning  0.02–0.07 s  flapping background (computed): background flipped 4 times in …
///
/// 2 sessions without findings: clean-1, clean-2 (--all lists them)
/// 3 sessions, 1 finding: 1 warning, 0 errors (flapping 1, jitter 0, hitch 0, title_mismatch 0)
/// ```
///
/// A report over thousands of sessions stays readable: what needs attention, then one line for the
/// rest. With ``listAll`` every session gets its headline, the clean ones with "no findings". It
/// streams (``ReportRenderer``): sessions print in report order as they come. Ids, places and
/// devices come from recordings, so every line is escaped for the terminal (``TerminalText``).
package struct TextRenderer: ReportRenderer, Sendable {
    /// Whether sessions without findings are listed one by one.
    package var listAll: Bool
    /// Whether severities are coloured with ANSI escapes (errors bold red, warnings yellow): for a
    /// terminal, never for files, pipes or when `NO_COLOR` is set (the caller decides).
    package var color: Bool
    /// The `--set` assignments, echoed before the totals.
    package var settings: [String]
    /// Clean sessions not listed, and the first few of their ids for the summary line.
    private var cleanCount = 0
    private var cleanExamples: [String] = []
    private static let cleanExampleLimit = 3
    /// The base's findings (`--baseline`): the report ends with what changed against it.
    package var baseline: FindingBaseline?
    /// With a base: the worst severity per identity seen, and the subjects recorded.
    private var seen: [FindingIdentity: Finding.Severity] = [:]
    private var subjects = Set<String>()

    package init(listAll: Bool = false, color: Bool = false, settings: [String] = []) {
        self.listAll = listAll
        self.color = color
        self.settings = settings
    }

    package mutating func begin() -> String {
        cleanCount = 0
        cleanExamples = []
        seen = [:]
        subjects = []
        return ""
    }

    package mutating func session(_ session: SessionAnalysis) -> String {
        if baseline != nil {
            let subject = FindingIdentity.subject(of: session)
            subjects.insert(subject)
            for finding in session.findings {
                let identity = FindingIdentity(finding, subject: subject)
                seen[identity] = max(seen[identity] ?? finding.severity, finding.severity)
            }
        }
        if session.findings.isEmpty, !listAll {
            cleanCount += 1
            if cleanExamples.count < Self.cleanExampleLimit { cleanExamples.append(TerminalText.escaped(session.id)) }
            return ""
        }
        var headline = session.id
        if let place = ReportText.place(session) { headline += " (\(place))" }
        headline += " — \(ReportText.behaviors(session)) — " + ReportText.facts(session).joined(separator: ", ")
        var lines = [TerminalText.escaped(headline)]
        if session.findings.isEmpty { lines.append("  no findings") }
        for row in ReportText.rows(session.findings) {
            let finding = row.finding
            // Severity first and padded so errors stand out when scanning a long report.
            var severity = finding.severity == .error ? "ERROR  " : "warning"
            if color { severity = (finding.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[33m") + severity + "\u{1B}[0m" }
            lines.append("  \(severity)  " + TerminalText.escaped("\(ReportText.span(finding)) s  \(ReportText.kind(finding)) \(row.signalAndStream)"
                + ": \(finding.message)"))
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    package mutating func end(_ totals: Report.Totals) -> String {
        var text = ""
        if cleanCount > 0 {
            let more = cleanCount > cleanExamples.count ? ", …" : ""
            text += "\(ReportText.count(cleanCount, "session")) without findings: \(cleanExamples.joined(separator: ", "))\(more)"
                + " (--all lists \(cleanCount == 1 ? "it" : "them"))\n"
        }
        if let line = ReportText.settings(settings) { text += line + "\n" }
        text += "\(ReportText.totals(totals)) (\(ReportText.byKind(totals)))\n"
        if let baseline { text += changes(baseline) }
        return text
    }

    /// The identities new, fixed and still present against the base (`--baseline`), new first.
    private func changes(_ baseline: FindingBaseline) -> String {
        let new = seen.filter { !baseline.contains($0.key) }.sorted { $0.key < $1.key }
        let present = seen.filter { baseline.contains($0.key) }.sorted { $0.key < $1.key }
        let fixed = baseline.findings.filter { seen[$0.key] == nil && subjects.contains($0.key.subject) }.sorted { $0.key < $1.key }
        var lines = ["", TerminalText.escaped("Against \(baseline.name) (by screen and kind): \(new.count) new, \(fixed.count) fixed, \(present.count) still present")]
        func line(_ label: String, _ identity: FindingIdentity, _ severity: Finding.Severity) -> String {
            "  " + label + String(repeating: " ", count: max(1, 9 - label.count))
                + TerminalText.escaped("\(identity.subject): \(identity.testName), \(severity.name)")
        }
        lines += new.map { line("new", $0.key, $0.value) }
        lines += fixed.map { line("fixed", $0.key, $0.value.severity) }
        lines += present.map { line("present", $0.key, $0.value) }
        return lines.joined(separator: "\n") + "\n"
    }
}
