import Analyzer
import BarModel

/// The tuning run as one JSON document (`--format json`), full precision.
struct TuningJSONRenderer: Sendable {
    func render(_ run: TuningRun) -> String {
        func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.plainNumber) ?? .null }
        let root: JSONValue = .object([
            ("navrec", .integer(1)),
            ("tuning", .object([
                ("parameter", .string(run.parameter.name)),
                ("signal", .string(run.parameter.signal.name)),
                ("reference", .plainNumber(run.reference)),
                ("sessions", .integer(run.sessions)),
                ("skippedSessions", .integer(run.skippedSessions)),
                ("samples", .integer(run.samples)),
                ("rule", .object([
                    ("maxFlappingSessions", .plainNumber(run.rule.maxFlappingSessions)), ("maxDelay", optional(run.rule.maxDelay)),
                ])),
                ("values", .array(run.results.map { result in
                    .object([
                        ("value", .plainNumber(result.value)),
                        ("flappingSessions", .integer(result.flappingSessions)),
                        ("flappingEpisodes", .integer(result.flappingEpisodes)),
                        ("toggles", .integer(result.toggles)),
                        ("mismatchesIntroduced", .integer(result.mismatchesIntroduced)),
                        ("mismatchesRemoved", .integer(result.mismatchesRemoved)),
                        ("pairedSwitches", .integer(result.pairedSwitches)),
                        ("delayMedian", optional(result.delayMedian)),
                        ("delayP95", optional(result.delayP95)),
                        ("delayMedianPoints", optional(result.delayMedianPoints)),
                        ("delayP95Points", optional(result.delayP95Points)),
                        ("replaySeconds", .plainNumber(rounded(result.replaySeconds, 6))),
                        ("pareto", .bool(result.isPareto)),
                        ("recommended", .bool(run.recommendation.value == result.value)),
                    ])
                })),
                ("recommendation", .object([
                    ("value", optional(run.recommendation.value)), ("reason", .string(run.recommendation.reason)),
                    ("notes", .array(run.recommendation.notes.map(JSONValue.string))),
                ])),
                ("wallSeconds", .plainNumber(rounded(run.wallSeconds, 6))),
                ("threads", .integer(run.threads)),
                ("samplesTimesValuesPerSecond", .plainNumber(run.samplesTimesValuesPerSecond.rounded())),
            ])),
        ])
        var output = ""
        root.write(to: &output, indent: 0)
        return output + "\n"
    }
}
