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

    /// `+3.1 [+2.4, +3.9] ms/s`; without an interval, `+3.1 ms/s [unbounded]`.
    package static func shift(_ result: MetricComparison) -> String {
        guard let shift = result.shift else { return "–" }
        let signed = { (value: Double) in value > 0 ? "+" + number(value) : number(value) }
        let unit = result.metric.unit.isEmpty ? "" : " " + result.metric.unit
        guard let low = result.shiftLow, let high = result.shiftHigh else { return signed(shift) + unit + " [unbounded]" }
        return signed(shift) + " [" + signed(low) + ", " + signed(high) + "]" + unit
    }

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
    }

    /// `1 regressed, 2 improved, 20 unchanged, 7 inconclusive`.
    package static func summary(_ report: ComparisonReport) -> String {
        Verdict.allCases.map { "\(report.count($0)) \($0.rawValue)" }.joined(separator: ", ")
    }
}
