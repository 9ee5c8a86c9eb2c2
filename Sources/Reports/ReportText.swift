package import Analyzer
import BarModel

/// Wording and number formats the human-readable renderers share.
package enum ReportText {
    /// A failing CI gate's line on standard error, so the log names what failed even when the
    /// report itself went to a file (`report --fail-on`):
    /// `demo-blur-hover: ERROR 1.72–4.02 s flapping background (computed): background flipped 13 times …`
    package static func gateLine(_ finding: Finding, session: String) -> String {
        let severity = finding.severity == .error ? "ERROR" : "warning"
        return TerminalText.escaped("\(session): \(severity) \(span(finding)) s \(kind(finding)) \(signalAndStream(finding)): \(finding.message)")
    }

    /// `0.02–0.07 s`, or `0.5 s` for an instant.
    static func span(_ finding: Finding) -> String {
        finding.start == finding.end ? secondsText(finding.start) : "\(secondsText(finding.start))–\(secondsText(finding.end))"
    }

    /// "1 finding", "2 findings".
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// A whole number with thousands separators: `25,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// The session's behaviours, comma-separated.
    static func behaviors(_ session: SessionAnalysis) -> String {
        let names = session.behaviors.enabledNames
        return names.isEmpty ? "no behaviours" : names.joined(separator: ", ")
    }

    /// "Music › AlbumDetail" from app and screen, when known.
    static func place(_ session: SessionAnalysis) -> String? {
        let parts = [session.app, session.screen].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " › ")
    }

    /// The facts of a session's headline, in order.
    static func facts(_ session: SessionAnalysis) -> [String] {
        var facts = [
            "\(secondsText(session.duration)) s", count(session.sampleCount, "sample"),
        ]
        if let rate = session.fps { facts.append("\(formatNumber(rate)) fps") }
        facts.append("hitches \(decimalText(session.hitchTimeRatio, digits: 1)) ms/s")
        facts.append("frame jitter \(decimalText(session.frameJitter, digits: 3)) ms")
        // Only when there are any: most sessions have none, and a gap explains a long recording
        // with little movement.
        if session.gaps > 0 {
            facts.append("\(session.gaps) gap\(session.gaps == 1 ? "" : "s") (\(secondsText(session.gapTime)) s)")
        }
        if let device = session.device { facts.append(device) }
        if let os = session.os { facts.append(os) }
        if !session.replayed.isEmpty { facts.append("replayed with " + session.replayed.joined(separator: ", ")) }
        return facts
    }

    /// "1 session, 2 findings: 1 warning, 1 error".
    static func totals(_ totals: Report.Totals) -> String {
        "\(count(totals.sessions, "session")), \(count(totals.findings, "finding")): "
            + "\(count(totals.bySeverity[.warning] ?? 0, "warning")), \(count(totals.bySeverity[.error] ?? 0, "error"))"
    }

    /// "flapping 1, jitter 0, hitch 0, title_mismatch 0".
    static func byKind(_ totals: Report.Totals) -> String {
        Finding.Kind.allCases.map { "\($0.name) \(totals.byKind[$0] ?? 0)" }.joined(separator: ", ")
    }

    /// Sessions with errors first, then with warnings, each by number of errors, then warnings;
    /// otherwise in report order.
    static func worstFirst(_ sessions: [SessionAnalysis]) -> [SessionAnalysis] {
        func rank(_ session: SessionAnalysis) -> (Int, Int) {
            (session.findings.count { $0.severity == .error }, session.findings.count { $0.severity == .warning })
        }
        return sessions.enumerated().sorted { lhs, rhs in
            let left = rank(lhs.element), right = rank(rhs.element)
            if left != right { return left > right }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The stream a finding is about as the human-readable reports name it (`computed`,
    /// `observed`, `comparison`); `nil` for a hitch, which is about the timing of the frames the
    /// app logged, not a bar-state stream: "(observed)" on it read as the app's reported bar state,
    /// also in sessions that have none. The JSON, SARIF and the database keep its `source`
    /// `observed`.
    static func stream(_ finding: Finding) -> String? {
        finding.kind == .hitch ? nil : finding.source.name
    }

    /// The finding's signal followed by its stream in parentheses, when it has one:
    /// `background (computed)`, `frames`.
    static func signalAndStream(_ finding: Finding) -> String {
        stream(finding).map { "\(finding.signal) (\($0))" } ?? finding.signal
    }

    /// A finding as the human-readable reports list it: a computed finding that the app's observed
    /// stream shows too (same kind, subkind, signal, span and count: the app has the bug navrec's
    /// model reproduces) is one row whose stream is `computed + observed`, with the computed
    /// sentence (which carries the fix), not two rows that read the same.
    struct Row {
        var finding: Finding
        /// `computed`, `observed`, `comparison`, `computed + observed`; `nil` for a hitch.
        var stream: String?

        /// `background (computed + observed)`, `frames`.
        var signalAndStream: String { stream.map { "\(finding.signal) (\($0))" } ?? finding.signal }
    }

    /// The rows of a session's findings, in order, each observed finding that repeats a computed
    /// one merged into it.
    static func rows(_ findings: [Finding]) -> [Row] {
        func same(_ a: Finding, _ b: Finding) -> Bool {
            a.kind == b.kind && a.subkind == b.subkind && a.signal == b.signal && a.start == b.start && a.end == b.end
                && a.count == b.count && a.severity == b.severity
        }
        var merged = Set<Int>()
        var rows: [Row] = []
        for (index, finding) in findings.enumerated() where !merged.contains(index) {
            if finding.source == .computed, finding.kind != .hitch,
               let twin = findings.indices.first(where: { !merged.contains($0) && findings[$0].source == .observed && same(findings[$0], finding) }) {
                merged.insert(twin)
                rows.append(Row(finding: finding, stream: "computed + observed"))
            } else {
                rows.append(Row(finding: finding, stream: stream(finding)))
            }
        }
        return rows
    }

    /// The line that says which `--set` assignments a report was made with; `nil` for none.
    static func settings(_ assignments: [String]) -> String? {
        assignments.isEmpty ? nil : "with " + assignments.map { "--set \($0)" }.joined(separator: " ")
    }

    /// "flapping", or "title_mismatch/both_visible".
    static func kind(_ finding: Finding) -> String {
        finding.subkind.map { "\(finding.kind.name)/\($0)" } ?? finding.kind.name
    }
}
