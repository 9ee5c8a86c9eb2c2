package import Analyzer
import BarModel

/// The machine-read report (`--format json`): exactly ANALYSIS.md's shape and key order.
///
/// Written by hand so the output is deterministic: keys in documented order, two-space
/// indentation, `null` for absent values. Integers (`navrec`, `samples`, `count`, totals) print
/// without a fraction; measured doubles print shortest round-trip with at least one decimal
/// (`0.067`, `86.0`); `fps` prints as the header gave it (`60`, `59.94`). Non-finite numbers
/// become `null`.
///
/// It streams (``ReportRenderer``): each session is written as it comes, the totals at the end,
/// byte for byte what one document built at once would be.
package struct JSONRenderer: ReportRenderer, Sendable {
    private var sessionsWritten = 0

    package init() {}

    package mutating func begin() -> String {
        sessionsWritten = 0
        return "{\n  \"navrec\": 1,\n  \"sessions\": ["
    }

    package mutating func session(_ analysis: SessionAnalysis) -> String {
        // The members of the root object sit at indent 2, the sessions array's items at 4.
        var output = sessionsWritten == 0 ? "\n    " : ",\n    "
        session(analysis).write(to: &output, indent: 4)
        sessionsWritten += 1
        return output
    }

    package mutating func end(_ totals: Report.Totals) -> String {
        var output = sessionsWritten == 0 ? "],\n  \"totals\": " : "\n  ],\n  \"totals\": "
        let value: JSONValue = .object([
            ("sessions", .integer(totals.sessions)),
            ("findings", .integer(totals.findings)),
            ("byKind", .object(Finding.Kind.allCases.map { ($0.name, .integer(totals.byKind[$0] ?? 0)) })),
            ("bySeverity", .object(Finding.Severity.allCases.map { ($0.name, .integer(totals.bySeverity[$0] ?? 0)) })),
        ])
        value.write(to: &output, indent: 2)
        return output + "\n}\n"
    }

    /// One session as `navrec analyze` prints it: the report's session object on one line, with
    /// the header's `device`, `os`, `startedAt`, `scale`, `appVersion` and `build` after `screen`
    /// (Docs/commands.md "navrec analyze").
    package func sessionLine(_ analysis: SessionAnalysis) -> String {
        var output = ""
        session(analysis, withMetadata: true).write(to: &output, indent: 0, compact: true)
        return output
    }

    /// The line of `navrec analyze --rows`: ``sessionLine(_:)`` followed by the columns of the
    /// session's `sessions` row that the analysis does not carry, so the Spark job can write that
    /// table as `import` does (`parameters` is the stored JSON text, `observedSamples` the samples
    /// with an observed state, `tOrigin` the raw clock's first `t` or 0).
    package func sessionLine(
        _ analysis: SessionAnalysis, contentID: String, recordingID: String?, parametersJSON: String,
        observedSamples: Int, events: Int, ignoredKeys: Int, tOrigin: Double
    ) -> String {
        guard case .object(let members) = session(analysis, withMetadata: true) else { preconditionFailure("a session is an object") }
        var output = ""
        JSONValue.object(members + [
            ("contentId", .string(contentID)), ("recordingId", recordingID.map(JSONValue.string) ?? .null),
            ("parameters", .string(parametersJSON)), ("observedSamples", .integer(observedSamples)),
            ("events", .integer(events)), ("ignoredKeys", .integer(ignoredKeys)), ("tOrigin", .plainNumber(tOrigin)),
        ]).write(to: &output, indent: 0, compact: true)
        return output
    }

    /// The line `navrec analyze` prints for a session it could not read: its header's id, app and
    /// start time (`null` when the header lacked them or was itself the bad line) and the reader's
    /// `FILE:LINE:COL: error: …`.
    package func failureLine(id: String?, app: String?, startedAt: String?, error: String) -> String {
        var output = ""
        JSONValue.object([
            ("id", id.map(JSONValue.string) ?? .null), ("app", app.map(JSONValue.string) ?? .null),
            ("startedAt", startedAt.map(JSONValue.string) ?? .null), ("error", .string(error)),
        ]).write(to: &output, indent: 0, compact: true)
        return output
    }

    /// The report's session object; `withMetadata` adds the header's start time, scale and build.
    private func session(_ session: SessionAnalysis, withMetadata: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(session.id)),
            ("app", session.app.map(JSONValue.string) ?? .null),
            ("screen", session.screen.map(JSONValue.string) ?? .null),
            ("device", session.device.map(JSONValue.string) ?? .null),
            ("os", session.os.map(JSONValue.string) ?? .null),
        ]
        if withMetadata {
            members += [
                ("startedAt", session.startedAt.map(JSONValue.string) ?? .null),
                ("scale", session.screenScale.map(JSONValue.plainNumber) ?? .null),
                ("appVersion", session.appVersion.map(JSONValue.string) ?? .null),
                ("build", session.build.map(JSONValue.string) ?? .null),
            ]
        }
        return .object(members + [
            ("behaviors", .array(session.behaviors.enabledNames.map(JSONValue.string))),
            ("samples", .integer(session.sampleCount)),
            ("duration", .number(session.duration)),
            ("fps", session.fps.map(JSONValue.plainNumber) ?? .null),
            ("hitchTimeRatio", .number(session.hitchTimeRatio)),
            ("frameJitter", .number(session.frameJitter)),
            ("gaps", .integer(session.gaps)),
            ("gapTime", .number(session.gapTime)),
        ] + Self.metrics(session.metrics) + [
            ("findings", .array(session.findings.map(finding))),
        ])
    }

    /// The comparable metrics (Docs/comparing-builds.md), in ``SessionMetrics``' order; `null`
    /// where a session has no value (no movement, no duration).
    private static func metrics(_ metrics: SessionMetrics) -> [(String, JSONValue)] {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return [
            ("movingTime", .number(metrics.movingTime)),
            ("overrunP50", number(metrics.overrunP50)),
            ("overrunP90", number(metrics.overrunP90)),
            ("overrunP99", number(metrics.overrunP99)),
            ("hangsPerMinute", number(metrics.hangsPerMinute)),
            ("flappingEpisodesPerMinute", number(metrics.flappingEpisodesPerMinute)),
            ("flappingTogglesPerMinute", number(metrics.flappingTogglesPerMinute)),
            ("titleDisagreementPerMinute", number(metrics.titleDisagreementPerMinute)),
            ("jitterFindingsPerMinute", number(metrics.jitterFindingsPerMinute)),
            ("gapFraction", number(metrics.gapFraction)),
        ]
    }

    private func finding(_ finding: Finding) -> JSONValue {
        .object([
            ("kind", .string(finding.kind.name)),
            ("subkind", finding.subkind.map(JSONValue.string) ?? .null),
            ("signal", .string(finding.signal)),
            ("source", .string(finding.source.name)),
            ("severity", .string(finding.severity.name)),
            ("start", .number(finding.start)),
            ("end", .number(finding.end)),
            ("count", finding.count.map(JSONValue.integer) ?? .null),
            ("message", .string(finding.message)),
            ("details", finding.detailsValue),
        ])
    }
}

/// A JSON value with ordered object keys.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A double, written with at least one decimal.
    case number(Double)
    /// A double written without a needless fraction (`60`).
    case plainNumber(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Whether the value prints on one line inside its parent.
    private var isCompact: Bool {
        switch self {
        case .array(let items): items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
        case .object(let members): members.count <= 4 && members.allSatisfy {
            if case .array = $0.1 { false } else if case .object = $0.1 { false } else { true } }
        default: true
        }
    }

    /// Writes the value; `compact` puts everything on one line.
    func write(to output: inout String, indent: Int, compact: Bool = false) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value): output += Self.double(value)
        case .plainNumber(let value): output += value.isFinite ? formatNumber(value) : "null"
        case .string(let value): output += jsonQuoted(value)
        case .array(let items):
            writeContainer(to: &output, indent: indent, compact: compact, open: "[", close: "]", count: items.count) { index, output, indent in
                items[index].write(to: &output, indent: indent, compact: compact)
            }
        case .object(let members):
            writeContainer(to: &output, indent: indent, compact: compact, open: "{", close: "}", count: members.count) { index, output, indent in
                output += jsonQuoted(members[index].0) + ": "
                members[index].1.write(to: &output, indent: indent, compact: compact)
            }
        }
    }

    private func writeContainer(
        to output: inout String, indent: Int, compact: Bool, open: String, close: String, count: Int,
        item: (Int, inout String, Int) -> Void
    ) {
        guard count > 0 else {
            output += open + close
            return
        }
        if compact || isCompact {
            output += open
            for index in 0..<count {
                if index > 0 { output += ", " }
                item(index, &output, indent)
            }
            output += close
            return
        }
        let inner = String(repeating: " ", count: indent + 2)
        output += open + "\n"
        for index in 0..<count {
            output += inner
            item(index, &output, indent + 2)
            output += index < count - 1 ? ",\n" : "\n"
        }
        output += String(repeating: " ", count: indent) + close
    }

    /// Shortest round-trip text with at least one decimal; `null` when not finite.
    static func double(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0.0" }
        return "\(value)"
    }
}
