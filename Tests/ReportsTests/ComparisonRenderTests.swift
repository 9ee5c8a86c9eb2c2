@testable import Comparison
import Foundation
@testable import Reports
import Testing

/// The comparison renderers on made-up results: the Markdown comment stays within GitHub's limit
/// at any size and keeps regressions; JUnit has one testcase per group × metric.
@Suite("navrec compare's renderers")
struct ComparisonRenderTests {
    static func report(groups: Int) -> ComparisonReport {
        var results: [MetricComparison] = []
        for group in 0..<groups {
            for (index, metric) in ComparedMetric.all.enumerated() {
                let verdict: Verdict = group % 7 == 0 && index == 0 ? .regressed : group % 3 == 0 ? .unchanged : .inconclusive
                results.append(MetricComparison(
                    group: "Screen \(group) | tab · largeTitle+avatar", metric: metric, baseCount: 40, headCount: 41,
                    baseMedian: 2, headMedian: verdict == .regressed ? 5 : 2, shift: verdict == .regressed ? 3 : 0.01,
                    shiftLow: -0.2, shiftHigh: 3.5, u: 800, p: 0.001, method: .normal, adjustedP: 0.004, verdict: verdict,
                    reason: "test"))
            }
        }
        results.sort { $0.verdict < $1.verdict }
        return ComparisonReport(
            base: "build 512", head: "build 513", groupBy: ["screen", "behaviors"], rules: BuildComparison(),
            baseSessions: 40 * groups, headSessions: 41 * groups, results: results, wallSeconds: 0.1)
    }

    @Test("Markdown stays within 65,536 bytes at any size, regressions first, the rest counted", arguments: [1, 30, 10_000])
    func markdownLimit(groups: Int) {
        let markdown = ComparisonMarkdownRenderer().render(Self.report(groups: groups))
        #expect(markdown.utf8.count <= 65_536)
        let regressed = (0..<groups).count { $0 % 7 == 0 }
        #expect(markdown.hasPrefix("### navrec compare: \(regressed) regression\(regressed == 1 ? "" : "s")\n"))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| 🔴") }
        #expect(rows.count == min(regressed, rows.count) && !rows.isEmpty)
        #expect(markdown.contains(#"Screen 0 \| tab"#), "pipes in a group are escaped")
        if groups == 10_000 {
            #expect(markdown.contains("more rows (GitHub's comment limit): see `navrec compare --format json`."))
        } else {
            #expect(!markdown.contains("more rows"))
        }
    }

    @Test("JUnit: one testcase per group × metric, a regression fails, inconclusive is skipped")
    func junit() {
        let report = Self.report(groups: 8)
        let xml = ComparisonJUnitRenderer().render(report)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 80)
        #expect(xml.contains(#"<testsuites name="navrec compare" tests="80" failures="2""#))
        #expect(xml.components(separatedBy: "<skipped ").count - 1 == report.count(.inconclusive))
    }
}
