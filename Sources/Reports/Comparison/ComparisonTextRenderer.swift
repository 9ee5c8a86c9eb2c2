package import Comparison

/// `navrec compare` as a terminal table, benchstat-like: one row per group × metric, regressions
/// first, the shift with its interval and the adjusted p-value, then a one-line summary.
package struct ComparisonTextRenderer: Sendable {
    package func render(_ report: ComparisonReport) -> String {
        // Labels and groups come from the command line and the recordings: escaped (TerminalText).
        var text = "base: \(TerminalText.escaped(report.base)) (\(report.baseSessions) sessions)\n"
            + "head: \(TerminalText.escaped(report.head)) (\(report.headSessions) sessions)\n"
        text += ComparisonText.rules(report) + "\n\n"
        let confidence = ComparisonText.percent(report.rules.confidence)
        let header = ["group", "metric", "base", "head", "shift [\(confidence) CI]", "mean shift [\(confidence) CI]", "sessions > 0", "p (adj.)", "n", "verdict"]
        let rows = report.results.map { result in
            [
                TerminalText.escaped(result.group), result.metric.name, ComparisonText.value(result.baseMedian, result.metric),
                ComparisonText.value(result.headMedian, result.metric), ComparisonText.shift(result), ComparisonText.meanShift(result),
                ComparisonText.shares(result), ComparisonText.smallestP(result), "\(result.baseCount)/\(result.headCount)", result.verdict.rawValue,
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { TerminalText.width($0[column]) }.max() ?? 0 }
        for row in [header] + rows {
            text += row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : TerminalText.padded(cell, to: widths[column])
            }.joined(separator: "  ") + "\n"
        }
        return text + "\n" + ComparisonText.summary(report) + "\n"
    }
}
