package import Comparison

/// `navrec compare` for a pull-request comment: a summary line, then a table of every regressed and
/// improved result, then the others, as long as the comment stays within ``limit`` UTF-8 bytes
/// (GitHub takes 65,536 characters; bytes are never fewer). Rows that do not fit are counted per
/// verdict in a closing line that points at the JSON output.
package struct ComparisonMarkdownRenderer: Sendable {
    package var limit = 65_536

    package func render(_ report: ComparisonReport) -> String {
        let regressed = report.count(.regressed)
        var text = regressed > 0 ? "### navrec compare: \(regressed) regression\(regressed == 1 ? "" : "s")\n\n" : "### navrec compare: no regression\n\n"
        text += "Base **\(Self.escape(report.base))** (\(report.baseSessions) sessions) against head **\(Self.escape(report.head))** (\(report.headSessions) sessions): "
        text += ComparisonText.summary(report) + ".\n\n" + ComparisonText.rules(report) + ".\n\n"
        let confidence = ComparisonText.percent(report.rules.confidence)
        text += "| | group | metric | base | head | shift [\(confidence) CI] | mean shift [\(confidence) CI] | sessions > 0 | p (adj.) | n |\n"
        text += "|---|---|---|---|---|---|---|---|---|---|\n"
        // The closing line is at most this long (counts of four verdicts, each below 10^12).
        let reserve = 200
        var left: [Verdict: Int] = [:]
        for result in report.results {
            let row = "| \(Self.icon(result.verdict)) \(result.verdict.rawValue) | \(Self.escape(result.group)) | \(result.metric.name) | "
                + "\(ComparisonText.value(result.baseMedian, result.metric)) | \(ComparisonText.value(result.headMedian, result.metric)) | "
                + "\(ComparisonText.shift(result)) | \(ComparisonText.meanShift(result)) | \(ComparisonText.shares(result)) | "
                + "\(ComparisonText.smallestP(result)) | \(result.baseCount)/\(result.headCount) |\n"
            if left.isEmpty, text.utf8.count + row.utf8.count + reserve <= limit {
                text += row
            } else {
                left[result.verdict, default: 0] += 1
            }
        }
        if !left.isEmpty {
            let counts = Verdict.allCases.compactMap { verdict in left[verdict].map { "\($0) \(verdict.rawValue)" } }
            text += "\n… and \(counts.joined(separator: ", ")) more rows (GitHub's comment limit): see `navrec compare --format json`.\n"
        }
        return text
    }

    static func icon(_ verdict: Verdict) -> String {
        switch verdict {
        case .regressed: "🔴"
        case .improved: "🟢"
        case .unchanged: "⚪"
        case .inconclusive: "❔"
        }
    }

    /// Table cells may not contain pipes or newlines.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
