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
        var writer = JSONObjectWriter(after: sessionsWritten == 0 ? "\n    " : ",\n    ", indent: 4, reserving: Self.sessionCapacity)
        Self.writeSession(analysis, withMetadata: false, to: &writer)
        writer.close()
        sessionsWritten += 1
        return writer.bytes.string
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
    /// (Docs/commands.md "navrec analyze"), as UTF-8 bytes without the newline appended to `line`:
    /// the command writes them as they are, where a `String` made of them was checked for valid
    /// UTF-8 again, and keeps `line` for the next session, where a new array was an allocation a session.
    package func appendSessionLine(_ analysis: SessionAnalysis, to line: inout [UInt8]) {
        var writer = JSONObjectWriter(indent: 0, compact: true, reserving: Self.sessionCapacity)
        Self.writeSession(analysis, withMetadata: true, to: &writer)
        writer.close()
        writer.bytes.append(to: &line)
    }

    /// The line of `navrec analyze --rows`: ``appendSessionLine(_:to:)``'s followed by the columns of the
    /// session's `sessions` row that the analysis does not carry, so the Spark job can write that
    /// table as `import` does (`parameters` is the stored JSON text, `observedSamples` the samples
    /// with an observed state, `tOrigin` the raw clock's first `t` or 0).
    package func appendSessionLine(
        _ analysis: SessionAnalysis, recordingID: String?, parametersJSON: String,
        observedSamples: Int, events: Int, ignoredKeys: Int, tOrigin: Double, to line: inout [UInt8]
    ) {
        var writer = JSONObjectWriter(indent: 0, compact: true, reserving: Self.sessionCapacity)
        Self.writeSession(analysis, withMetadata: true, to: &writer)
        writer.string("recordingId", recordingID)
        writer.string("parameters", parametersJSON)
        writer.integer("observedSamples", observedSamples)
        writer.integer("events", events)
        writer.integer("ignoredKeys", ignoredKeys)
        writer.plainNumber("tOrigin", tOrigin)
        writer.close()
        writer.bytes.append(to: &line)
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

    /// The members of the report's session object, in ANALYSIS.md's order; `withMetadata` adds the
    /// header's start time, scale, app version, build and recorder policy after `os` (`navrec analyze`'s line).
    private static func writeSession(_ session: SessionAnalysis, withMetadata: Bool, to writer: inout JSONObjectWriter) {
        let metadata = session.metadata
        writer.string("id", session.id)
        writer.string("app", metadata.app)
        writer.string("screen", metadata.screen)
        writer.string("device", metadata.device)
        writer.string("os", metadata.os)
        if withMetadata {
            writer.string("startedAt", metadata.startedAt)
            writer.plainNumber("scale", metadata.screenScale)
            writer.string("appVersion", metadata.appVersion)
            writer.string("build", metadata.build)
            writer.string("recorderMoving", metadata.recorder.moving?.rawValue)
            writer.string("recorderAtRest", metadata.recorder.atRest?.rawValue)
        }
        writer.strings("behaviors", session.behaviors.enabledNames)
        writer.integer("samples", session.sampleCount)
        writer.number("duration", session.duration)
        writer.plainNumber("fps", metadata.fps)
        writer.number("hitchTimeRatio", session.hitchTimeRatio)
        writer.number("frameJitter", session.frameJitter)
        writer.integer("gaps", session.gaps)
        writer.number("gapTime", session.gapTime)
        // The comparable metrics (Docs/comparing-builds.md), in ``SessionMetrics``' order; `null`
        // where a session has no value (no movement, no duration).
        let metrics = session.metrics
        writer.number("movingTime", metrics.movingTime)
        writer.number("overrunP50", metrics.overrunP50)
        writer.number("overrunP90", metrics.overrunP90)
        writer.number("overrunP99", metrics.overrunP99)
        writer.number("hangsPerMinute", metrics.hangsPerMinute)
        writer.number("flappingEpisodesPerMinute", metrics.flappingEpisodesPerMinute)
        writer.number("flappingTogglesPerMinute", metrics.flappingTogglesPerMinute)
        writer.number("titleDisagreementPerMinute", metrics.titleDisagreementPerMinute)
        writer.number("jitterFindingsPerMinute", metrics.jitterFindingsPerMinute)
        writer.number("gapFraction", metrics.gapFraction)
        writer.objects("findings", session.findings, writeFinding)
    }

    /// A finding's members in ANALYSIS.md's order.
    static func writeFinding(_ finding: Finding, to writer: inout JSONObjectWriter) {
        writer.string("kind", finding.kind.name)
        writer.string("subkind", finding.subkind)
        writer.string("signal", finding.signal)
        writer.string("source", finding.source.name)
        writer.string("severity", finding.severity.name)
        writer.number("start", finding.start)
        writer.number("end", finding.end)
        writer.integer("count", finding.count)
        writer.string("message", finding.message)
        writer.details("details", finding)
    }
}
