import Analyzer
import BarModel

/// A tuning run's trade-off table as text cells, shared by the text, CSV and HTML renderings.
struct TuningTable {
    static let header = [
        "value", "flapping sessions", "episodes", "toggles", "mismatches +", "mismatches −", "switches",
        "delay median ms", "delay p95 ms", "delay median pt", "delay p95 pt", "pareto", "recommended",
    ]
    /// Machine-friendly names of the same columns, for CSV.
    static let csvHeader = [
        "value", "flapping_sessions", "flapping_episodes", "toggles", "mismatches_introduced", "mismatches_removed",
        "paired_switches", "delay_median_s", "delay_p95_s", "delay_median_pt", "delay_p95_pt", "pareto", "recommended",
        "replay_s",
    ]

    let run: TuningRun

    init(_ run: TuningRun) { self.run = run }

    func isRecommended(_ result: TuningValueResult) -> Bool { run.recommendation.value == result.value }

    /// One row per value, as the text table shows it.
    var rows: [[String]] {
        run.results.map { result in
            [
                formatNumber(result.value),
                "\(result.flappingSessions) (\(percentText(fraction(result.flappingSessions))))",
                String(result.flappingEpisodes), String(result.toggles),
                String(result.mismatchesIntroduced), String(result.mismatchesRemoved), String(result.pairedSwitches),
                result.delayMedian.map(millisecondsText) ?? "–", result.delayP95.map(millisecondsText) ?? "–",
                result.delayMedianPoints.map { formatNumber(rounded($0, 1)) } ?? "–",
                result.delayP95Points.map { formatNumber(rounded($0, 1)) } ?? "–",
                result.isPareto ? "*" : "", isRecommended(result) ? "<-" : "",
            ]
        }
    }

    /// Fraction of the replayed sessions.
    func fraction(_ count: Int) -> Double { run.sessions > 0 ? Double(count) / Double(run.sessions) : 0 }

    /// RFC 4180 CSV, full precision, one row per value.
    func csv() -> String {
        func number(_ value: Double?) -> String { value.map(formatNumber) ?? "" }
        var text = Self.csvHeader.joined(separator: ",") + "\r\n"
        for result in run.results {
            text += [
                formatNumber(result.value), String(result.flappingSessions), String(result.flappingEpisodes),
                String(result.toggles), String(result.mismatchesIntroduced), String(result.mismatchesRemoved),
                String(result.pairedSwitches), number(result.delayMedian), number(result.delayP95),
                number(result.delayMedianPoints), number(result.delayP95Points), result.isPareto ? "1" : "0",
                isRecommended(result) ? "1" : "0", formatNumber(rounded(result.replaySeconds, 6)),
            ].joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// The run's first line: what was replayed.
    var headline: String {
        var text = "\(run.parameter.name) over \(run.sessions) session\(run.sessions == 1 ? "" : "s")"
            + " (\(run.samples) samples), \(run.results.count) values, delays against \(formatNumber(run.reference))"
        if run.skippedSessions > 0 {
            text += "; \(run.skippedSessions) selected session\(run.skippedSessions == 1 ? "" : "s") without \(run.parameter.behavior) left out"
        }
        return text
    }

    /// The recommendation line.
    var recommendation: String {
        guard let value = run.recommendation.value else { return "no recommendation: \(run.recommendation.reason)" }
        return "recommended: \(run.parameter.name)=\(formatNumber(value)): \(run.recommendation.reason)"
    }

    /// The recommendation's notes, one line each (`note: …`).
    var notes: [String] { run.recommendation.notes.map { "note: " + $0 } }

    /// What the delay columns measure.
    var delayNote: String {
        switch run.parameter.response {
        case .switchDelay:
            "Delays: each switch of \(run.parameter.signal.name) against the reference's latest switch to the same value."
        case .settleTime(let signal):
            "Delays: time for \(signal.name) to settle, from leaving 0 or 1 until it rests at 0 or 1 again (points: scroll meanwhile)."
        }
    }

    /// The rule as the options that set it.
    var rule: String {
        "rule: --max-flapping-sessions \(percentText(run.rule.maxFlappingSessions))"
            + (run.rule.maxDelay.map { " --max-delay \(millisecondsText($0))ms" } ?? " (no --max-delay)")
    }
}
