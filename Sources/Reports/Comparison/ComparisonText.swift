package import Comparison
import Analyzer
import BarModel

/// The figures of a comparison as every renderer prints them.
package enum ComparisonText {
    /// A value with its unit: `2.31 ms/s`, `0.0120` (fractions without unit).
    package static func value(_ value: Double?, _ metric: ComparedMetric, signed: Bool = false) -> String {
        guard let value else { return "–" }
        var text = number(value)
        if signed, value > 0 { text = "+" + text }
        return metric.unit.isEmpty ? text : text + " " + metric.unit
    }

    /// Up to three significant decimals: `2.31`, `0.012`, `140`.
    package static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return formatNumber(rounded(value, digits) == 0 ? 0 : rounded(value, digits))
    }

    /// `+3.1 [+2.4, +3.9] ms/s`; without an interval, `+3.1 ms/s [unbounded]`, or across strata
    /// (van Elteren: no interval) `+3.1 ms/s (4 strata)`.
    package static func shift(_ result: MetricComparison) -> String {
        guard let shift = result.shift else { return "–" }
        let unit = result.metric.unit.isEmpty ? "" : " " + result.metric.unit
        guard let low = result.shiftLow, let high = result.shiftHigh else {
            return signed(shift) + unit + (result.strata > 1 ? " (\(result.strata) strata)" : " [unbounded]")
        }
        return signed(shift) + " [" + signed(low) + ", " + signed(high) + "]" + unit
    }

    /// The mean test's shift and interval: `+1.37 [+0.4, +2.3] /min`.
    package static func meanShift(_ result: MetricComparison) -> String {
        guard let mean = result.mean else { return "–" }
        let unit = result.metric.unit.isEmpty ? "" : " " + result.metric.unit
        return signed(mean.shift) + " [" + signed(mean.low) + ", " + signed(mean.high) + "]" + unit
    }

    /// The shares of sessions above 0: `0 % → 20 %`; `–` for a metric without one.
    package static func shares(_ result: MetricComparison) -> String {
        guard let share = result.share else { return "–" }
        return percentage(share.baseShare) + " → " + percentage(share.headShare)
    }

    /// `20 %`, `2.5 %`.
    package static func percentage(_ fraction: Double) -> String { formatNumber(rounded(fraction * 100, fraction * 100 >= 10 ? 0 : 1)) + " %" }

    /// The smallest adjusted p of the row's tests with the test's name: `0.0003 share`; `–` untested.
    package static func smallestP(_ result: MetricComparison) -> String {
        let tested: [(ComparisonStatistic, Double)] = [
            (.median, result.adjustedP), (.share, result.shareAdjustedP),
        ].compactMap { statistic, q in q.map { (statistic, $0) } }
        let decided = result.decidedBy.flatMap { statistic in tested.first { $0.0 == statistic } }
        guard let best = decided ?? tested.min(by: { $0.1 < $1.1 }) else { return "–" }
        return p(best.1) + " " + best.0.rawValue
    }

    /// A failing gate's line on standard error: the row, why, and its figures.
    package static func gateLine(_ result: MetricComparison) -> String {
        var figures = "median \(value(result.baseMedian, result.metric)) → \(value(result.headMedian, result.metric)), "
            + "mean \(value(result.baseMean, result.metric)) → \(value(result.headMean, result.metric))"
        if result.share != nil { figures += ", sessions above 0 " + shares(result) }
        return TerminalText.escaped("\(result.group) \(result.metric.name): \(result.reason) (\(figures); n \(result.baseCount)/\(result.headCount))")
    }

    static func signed(_ value: Double) -> String { value > 0 ? "+" + number(value) : number(value) }

    /// `0.0003`, `<0.0001`, `–` when not tested.
    package static func p(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value < 0.0001 ? "<0.0001" : formatNumber(rounded(value, 4))
    }

    /// `99 %`.
    package static func percent(_ confidence: Double) -> String { formatNumber(rounded(confidence * 100, 3)) + " %" }

    /// The rule line under every report's title.
    package static func rules(_ report: ComparisonReport) -> String {
        "confidence \(percent(report.rules.confidence)), \(report.correction) across \(report.tests) test\(report.tests == 1 ? "" : "s"),"
            + " at least \(report.rules.minimumSessions) sessions a side; grouped by \(report.groupBy.isEmpty ? "nothing" : report.groupBy.joined(separator: ", "))"
            + (report.strata.isEmpty ? "" : ", within \(report.strata.joined(separator: " × "))")
    }

    /// `1 regressed, 2 improved, 20 unchanged, 7 inconclusive`.
    package static func summary(_ report: ComparisonReport) -> String {
        Verdict.allCases.map { "\(report.count($0)) \($0.rawValue)" }.joined(separator: ", ")
    }
}
