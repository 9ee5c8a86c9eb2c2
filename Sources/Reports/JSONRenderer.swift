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
    /// Bytes reserved for one session's text: a session without findings takes about 900, so
    /// most are written without the buffer growing.
    private static let sessionCapacity = 2048

    package init() {}

    package mutating func begin() -> String {
        sessionsWritten = 0
        return "{\n  \"navrec\": 1,\n  \"sessions\": ["
    }

    package mutating func session(_ analysis: SessionAnalysis) -> String {
        // The members of the root object sit at indent 2, the sessions array's items at 4.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.sessionCapacity)
        bytes.append(contentsOf: (sessionsWritten == 0 ? "\n    " : ",\n    ").utf8)
        Self.writeSession(analysis, to: &bytes)
        sessionsWritten += 1
        return String(decoding: bytes, as: UTF8.self)
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
            ("findings", .array(session.findings.map(Self.finding))),
        ])
    }

    /// The report's session object at indent 4, byte for byte what ``session(_:withMetadata:)``
    /// writes, without building it as a ``JSONValue`` first: the tree's boxes and arrays, made and
    /// freed for every session, cost more than a five-sample session's analysis
    /// (Benchmarks/README.md, "Tiny sessions"). The findings, rare in a fleet, go through the tree.
    private static func writeSession(_ session: SessionAnalysis, to output: inout [UInt8]) {
        var first = true
        func literal(_ text: StaticString) {
            output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func text(_ text: String) {
            var text = text
            text.withUTF8 { output.append(contentsOf: $0) }
        }
        func key(_ name: StaticString) {
            literal(first ? "{\n      \"" : ",\n      \"")
            first = false
            literal(name)
            literal("\": ")
        }
        func string(_ name: StaticString, _ value: String?) {
            key(name)
            if let value { JSONValue.appendQuoted(value, to: &output) } else { literal("null") }
        }
        func number(_ name: StaticString, _ value: Double?) {
            key(name)
            if let value { text(JSONValue.double(value)) } else { literal("null") }
        }
        func integer(_ name: StaticString, _ value: Int) {
            key(name)
            text(String(value))
        }
        let metadata = session.metadata
        string("id", session.id)
        string("app", metadata.app)
        string("screen", metadata.screen)
        string("device", metadata.device)
        string("os", metadata.os)
        key("behaviors")
        output.append(UInt8(ascii: "["))
        for (index, name) in session.behaviors.enabledNames.enumerated() {
            if index > 0 { literal(", ") }
            JSONValue.appendQuoted(name, to: &output)
        }
        output.append(UInt8(ascii: "]"))
        integer("samples", session.sampleCount)
        number("duration", session.duration)
        key("fps")
        if let fps = metadata.fps, fps.isFinite { text(formatNumber(fps)) } else { literal("null") }
        number("hitchTimeRatio", session.hitchTimeRatio)
        number("frameJitter", session.frameJitter)
        integer("gaps", session.gaps)
        number("gapTime", session.gapTime)
        let metrics = session.metrics
        number("movingTime", metrics.movingTime)
        number("overrunP50", metrics.overrunP50)
        number("overrunP90", metrics.overrunP90)
        number("overrunP99", metrics.overrunP99)
        number("hangsPerMinute", metrics.hangsPerMinute)
        number("flappingEpisodesPerMinute", metrics.flappingEpisodesPerMinute)
        number("flappingTogglesPerMinute", metrics.flappingTogglesPerMinute)
        number("titleDisagreementPerMinute", metrics.titleDisagreementPerMinute)
        number("jitterFindingsPerMinute", metrics.jitterFindingsPerMinute)
        number("gapFraction", metrics.gapFraction)
        key("findings")
        JSONValue.array(session.findings.map(finding)).write(to: &output, indent: 6)
        literal("\n    }")
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

    private static func finding(_ finding: Finding) -> JSONValue {
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
