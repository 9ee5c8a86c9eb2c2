package import Comparison

/// `navrec compare --format json`: the run's rules and sides, one object per group × metric in
/// report order, and the totals per verdict. With values (`--with-values`) each result also
/// carries the sessions' values per side, which `Integrations/check_compare_scipy.py` re-tests
/// with SciPy.
package struct ComparisonJSONRenderer: Sendable {
    package func render(_ report: ComparisonReport) -> String {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        let results: [JSONValue] = report.results.enumerated().map { index, result in
            var members: [(String, JSONValue)] = [
                ("group", .string(result.group)),
                ("stratum", result.stratum.map(JSONValue.string) ?? .null),
                ("strata", .integer(result.strata)),
                ("baseLeftOut", .integer(result.baseLeftOut)),
                ("headLeftOut", .integer(result.headLeftOut)),
                ("metric", .string(result.metric.name)),
                ("unit", .string(result.metric.unit)),
                ("minEffect", .number(result.metric.minimumEffect)),
                ("baseCount", .integer(result.baseCount)),
                ("headCount", .integer(result.headCount)),
                ("baseMedian", number(result.baseMedian)),
                ("headMedian", number(result.headMedian)),
                ("shift", number(result.shift)),
                ("shiftLow", number(result.shiftLow)),
                ("shiftHigh", number(result.shiftHigh)),
                ("u", number(result.u)),
                ("z", number(result.z)),
                ("p", number(result.p)),
                ("adjustedP", number(result.adjustedP)),
                ("method", result.method.map { JSONValue.string($0.rawValue) } ?? .null),
                ("baseMean", number(result.baseMean)),
                ("headMean", number(result.headMean)),
                ("meanShift", number(result.mean?.shift)),
                ("meanLow", number(result.mean?.low)),
                ("meanHigh", number(result.mean?.high)),
                ("meanT", number(result.mean?.t.isFinite == true ? result.mean?.t : nil)),
                ("meanDF", number(result.mean?.degreesOfFreedom.isFinite == true ? result.mean?.degreesOfFreedom : nil)),
                ("meanP", number(result.mean?.p)),
                ("baseShare", number(result.share?.baseShare)),
                ("headShare", number(result.share?.headShare)),
                ("shareShift", number(result.share?.shift)),
                ("shareP", number(result.share?.p)),
                ("shareAdjustedP", number(result.shareAdjustedP)),
                ("shareMethod", result.share.map { JSONValue.string($0.method.rawValue) } ?? .null),
                ("decidedBy", result.decidedBy.map { JSONValue.string($0.rawValue) } ?? .null),
                ("verdict", .string(result.verdict.rawValue)),
                ("reason", .string(result.reason)),
            ]
            if let strata = report.values?[index] {
                members.append(("baseValues", .array(strata.flatMap(\.base).map(JSONValue.number))))
                members.append(("headValues", .array(strata.flatMap(\.head).map(JSONValue.number))))
                members.append(("strataValues", .array(strata.map { stratum in
                    .object([
                        ("stratum", .string(stratum.stratum)), ("baseValues", .array(stratum.base.map(JSONValue.number))),
                        ("headValues", .array(stratum.head.map(JSONValue.number))),
                    ])
                })))
            }
            return .object(members)
        }
        let value: JSONValue = .object([
            ("navrec", .integer(1)),
            ("base", .string(report.base)),
            ("head", .string(report.head)),
            ("baseSessions", .integer(report.baseSessions)),
            ("headSessions", .integer(report.headSessions)),
            ("groupBy", .array(report.groupBy.map(JSONValue.string))),
            ("strata", .array(report.strata.map(JSONValue.string))),
            ("confidence", .number(report.rules.confidence)),
            ("minimumSessions", .integer(report.rules.minimumSessions)),
            ("minimumShareEffect", .number(report.rules.minimumShareEffect)),
            ("correction", .string(report.correction)),
            ("results", .array(results)),
            ("totals", .object(Verdict.allCases.map { ($0.rawValue, .integer(report.count($0))) })),
        ])
        var output = ""
        value.write(to: &output, indent: 0)
        return output + "\n"
    }
}
