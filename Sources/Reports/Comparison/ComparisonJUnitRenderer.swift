package import Comparison

/// `navrec compare --format junit`: one `<testsuite>` per group, one `<testcase>` per metric
/// (`classname` the group, `name` the metric). A regression is a `<failure>`; an inconclusive
/// result is `<skipped>` with its reason (the CI tab shows it was not decided); improved and
/// unchanged pass, with the figures in `<system-out>`. Same Jenkins schema as ``JUnitRenderer``.
package struct ComparisonJUnitRenderer: Sendable {
    package func render(_ report: ComparisonReport) -> String {
        var groups: [String] = []
        var byGroup: [String: [MetricComparison]] = [:]
        for result in report.results {
            if byGroup[result.group] == nil { groups.append(result.group) }
            byGroup[result.group, default: []].append(result)
        }
        let failures = report.count(.regressed)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"navrec compare\" tests=\"\(report.results.count)\" failures=\"\(failures)\" errors=\"0\" time=\"0.000\">\n"
        for group in groups.sorted() {
            let results = byGroup[group]!.sorted { a, b in
                (ComparedMetric.all.firstIndex(of: a.metric) ?? 0) < (ComparedMetric.all.firstIndex(of: b.metric) ?? 0)
            }
            let name = JUnitRenderer.attribute(group)
            xml += "  <testsuite name=\"\(name)\" tests=\"\(results.count)\" failures=\"\(results.count { $0.verdict == .regressed })\" errors=\"0\""
                + " skipped=\"\(results.count { $0.verdict == .inconclusive })\">\n"
            for result in results {
                xml += "    <testcase classname=\"\(name)\" name=\"\(JUnitRenderer.attribute(result.metric.name))\" time=\"0.000\">\n"
                let figures = "base median \(ComparisonText.value(result.baseMedian, result.metric)), head median \(ComparisonText.value(result.headMedian, result.metric)),"
                    + " shift \(ComparisonText.shift(result)), mean shift \(ComparisonText.meanShift(result)), sessions above 0 \(ComparisonText.shares(result)),"
                    + " adjusted p \(ComparisonText.smallestP(result)), n \(result.baseCount)/\(result.headCount): \(result.reason)"
                switch result.verdict {
                case .regressed:
                    xml += "      <failure type=\"regressed\" message=\"\(JUnitRenderer.attribute(result.metric.name + " regressed: " + result.reason))\">"
                        + JUnitRenderer.text(figures) + "</failure>\n"
                case .inconclusive:
                    xml += "      <skipped message=\"\(JUnitRenderer.attribute("inconclusive: " + result.reason))\"/>\n"
                case .improved, .unchanged:
                    xml += "      <system-out>\(JUnitRenderer.text(result.verdict.rawValue + ": " + figures))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
