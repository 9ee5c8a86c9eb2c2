/// The helpers' signatures name NavRec's types: a test target that adds NavRecTesting imports both.
@_exported public import NavRec
internal import Foundation

/// The checks behind the XCTest and Swift Testing expectations, without a test framework: each
/// returns `nil` when it holds, else the failure message those expectations record — for any
/// other framework, or to test the message itself.
public enum RecordingCheck {
    /// Checks that every session of `source` was read and has no finding of `severity` or worse.
    ///
    /// The message names the recording, and for each finding its session, time, kind, signal and
    /// stream, its message, its evidence and the fix navrec proved by replay (or that there is none);
    /// a recording without sessions, a session with a bad line, or a file that cannot be read fail
    /// too.
    public static func noFindings(
        in source: RecordingSource, atLeast severity: SessionReport.Finding.Severity = .warning,
        configuration: AnalysisConfiguration = AnalysisConfiguration()
    ) -> String? {
        let analysis: RecordingAnalysis
        do {
            analysis = try RecordingAnalyzer(configuration: configuration).analyze(source)
        } catch {
            return "navrec: cannot analyse recording \(source.name): \(error)"
        }
        return noFindings(in: analysis, atLeast: severity)
    }

    /// ``noFindings(in:atLeast:configuration:)`` for a recording already analysed.
    public static func noFindings(in analysis: RecordingAnalysis, atLeast severity: SessionReport.Finding.Severity = .warning) -> String? {
        if let problem = unreadable(analysis) { return problem }
        var lines: [String] = []
        var count = 0
        for session in analysis.sessions {
            for finding in session.findings(atLeast: severity) {
                count += 1
                lines += describe(finding, in: session)
            }
        }
        guard count > 0 else { return nil }
        let header = "navrec: recording \(analysis.name) has \(count) finding\(count == 1 ? "" : "s") at or above \(severity.rawValue):"
        return ([header] + lines).joined(separator: "\n")
    }

    /// Checks that replaying `source` with `replay` removes its `kind` findings (of `signal`, when
    /// given): without the replay the recording has at least one, with it none.
    ///
    /// The message says which held: that there was nothing to remove, or which findings the
    /// replay left (each described as ``noFindings(in:atLeast:configuration:)`` does).
    public static func replayRemovesFinding(
        _ kind: SessionReport.Finding.Kind, signal: String? = nil, in source: RecordingSource, replay: [ParameterReplay],
        configuration: AnalysisConfiguration = AnalysisConfiguration()
    ) -> String? {
        var replayed = configuration
        replayed.replay += replay
        let before: RecordingAnalysis
        let after: RecordingAnalysis
        do {
            before = try RecordingAnalyzer(configuration: configuration).analyze(source)
            after = try RecordingAnalyzer(configuration: replayed).analyze(source)
        } catch {
            return "navrec: cannot analyse recording \(source.name): \(error)"
        }
        if let problem = unreadable(before) { return problem }
        let what = signal.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
        let matches = { (finding: SessionReport.Finding) in finding.kind == kind && (signal == nil || finding.signal == signal) }
        guard before.sessions.contains(where: { $0.findings.contains(where: matches) }) else {
            return "navrec: recording \(before.name) has no \(what) finding for \(replay.map(\.description).joined(separator: ", ")) to remove"
        }
        var lines: [String] = []
        var count = 0
        for session in after.sessions {
            for finding in session.findings where matches(finding) {
                count += 1
                lines += describe(finding, in: session)
            }
        }
        guard count > 0 else { return nil }
        return (["navrec: replaying recording \(after.name) with \(replay.map(\.description).joined(separator: ", ")) leaves \(count) \(what) finding\(count == 1 ? "" : "s"):"] + lines)
            .joined(separator: "\n")
    }

    /// The message for a recording with no session or with sessions that could not be read.
    private static func unreadable(_ analysis: RecordingAnalysis) -> String? {
        if !analysis.failures.isEmpty {
            return (["navrec: recording \(analysis.name) has \(analysis.failures.count) session\(analysis.failures.count == 1 ? "" : "s") that could not be read:"]
                + analysis.failures.map { "- \($0.error)" }).joined(separator: "\n")
        }
        if analysis.sessions.isEmpty { return "navrec: recording \(analysis.name) has no session" }
        return nil
    }

    /// A finding's lines: session, time, kind, severity; its message; its evidence; its fix.
    static func describe(_ finding: SessionReport.Finding, in session: SessionReport) -> [String] {
        let kind = [finding.kind.rawValue, finding.subkind, finding.signal].compactMap { $0 }.joined(separator: " ")
        let evidence = finding.details.keys.sorted().map { "\($0) \(finding.details[$0]!)" }.joined(separator: ", ")
        let fix = session.fix(for: finding).map { "\($0) (replay proved it removes the finding; declare it in the app, or --set \($0))" }
            ?? "none proven by replay (see the message)"
        return [
            "- session \(session.id) (\(session.behaviors.joined(separator: ", "))), \(seconds(finding.start))–\(seconds(finding.end)) s: "
                + "\(finding.severity.rawValue) \(kind) (\(finding.source.rawValue))",
            "    \(finding.message)",
            "    evidence: \(evidence.isEmpty ? "none" : evidence)",
            "    fix: \(fix)",
        ]
    }

    /// Seconds with two decimals, as the text report prints a finding's span.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
