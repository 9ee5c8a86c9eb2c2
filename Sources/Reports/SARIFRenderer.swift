internal import Analyzer

/// The report as SARIF 2.1.0 (`--format sarif`), for GitHub code scanning and other SARIF viewers.
///
/// One run of the tool `navrec` with one rule per finding kind (`flapping`, `jitter`, `hitch`,
/// `title_mismatch`), each with help text that says what the kind means and how to fix it. One
/// result per finding: `level` its severity, the message prefixed with the session id and its time
/// span, and always one location, as GitHub requires: in the session's recording
/// (``RecordingLocation``: `artifactLocation.uri` relative to the source root with `uriBaseId`
/// `%SRCROOT%`, `region.startLine` the line of the finding's first sample), or the placeholder
/// `navrec-sessions/ID.ndjson` for a session without one. `partialFingerprints["navrecFinding/v2"]`
/// is ``FindingIdentity/fingerprint`` (recording, kind, subkind, signal, source, ordinal — no time),
/// so the same bug recorded again keeps its alert. GitHub's limits (25,000 results a run, 1,000
/// locations a result, 20 tags a rule) are far above what a report holds; `properties` carry the
/// evidence.
package struct SARIFRenderer: Sendable {
    /// The recording files and finding lines, per session id.
    package var locations: [String: RecordingLocation]
    /// navrec's version, for `tool.driver.version`.
    package var toolVersion: String

    package init(locations: [String: RecordingLocation] = [:], toolVersion: String) {
        self.locations = locations
        self.toolVersion = toolVersion
    }

    /// The report as one SARIF document ending in a newline.
    package func render(_ report: Report) -> String {
        let kinds = Finding.Kind.allCases
        var results: [JSONValue] = []
        let identities = FindingIdentity.identities(of: report).findings
        for (sessionIndex, session) in report.sessions.enumerated() {
            let location = locations[session.id] ?? RecordingLocation.placeholder(sessionID: session.id)
            for (index, finding) in session.findings.enumerated() {
                let line = location.findingLines.indices.contains(index) ? location.findingLines[index] : nil
                results.append(result(finding, in: session, identity: identities[sessionIndex][index],
                                      ruleIndex: kinds.firstIndex(of: finding.kind) ?? 0, uri: location.uri, line: line))
            }
        }
        let root: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([
                .object([
                    ("tool", .object([
                        ("driver", .object([
                            ("name", .string("navrec")),
                            ("version", .string(toolVersion)),
                            ("semanticVersion", .string(toolVersion)),
                            ("rules", .array(kinds.map(Self.rule))),
                        ])),
                    ])),
                    ("columnKind", .string("unicodeCodePoints")),
                    ("results", .array(results)),
                ]),
            ])),
        ])
        var output = ""
        root.write(to: &output, indent: 0)
        return output + "\n"
    }

    private func result(
        _ finding: Finding, in session: SessionAnalysis, identity: FindingIdentity, ruleIndex: Int, uri: String, line: Int?
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(finding.kind.name)),
            ("ruleIndex", .integer(ruleIndex)),
            ("level", .string(finding.severity == .error ? "error" : "warning")),
            ("message", .object([("text", .string("\(session.id) at \(ReportText.span(finding)) s: \(finding.message)"))])),
        ]
        var physical: [(String, JSONValue)] = [
            ("artifactLocation", .object([("uri", .string(uri)), ("uriBaseId", .string("%SRCROOT%"))])),
        ]
        if let line { physical.append(("region", .object([("startLine", .integer(line))]))) }
        members.append(("locations", .array([.object([("physicalLocation", .object(physical))])])))
        members.append(("partialFingerprints", .object([("navrecFinding/v2", .string(identity.fingerprint))])))
        let properties: [(String, JSONValue)] = [
            ("session", .string(session.id)),
            ("recording", .string(identity.subject)),
            ("ordinal", .integer(identity.ordinal)),
            ("kind", .string(finding.kind.name)),
            ("subkind", finding.subkind.map(JSONValue.string) ?? .null),
            ("signal", .string(finding.signal)),
            ("source", .string(finding.source.name)),
            ("start", .number(finding.start)),
            ("end", .number(finding.end)),
            ("count", finding.count.map(JSONValue.integer) ?? .null),
            ("details", finding.detailsValue),
        ]
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    /// The rule for a finding kind: what it means and the fix.
    private static func rule(_ kind: Finding.Kind) -> JSONValue {
        let (name, short, full, fix): (String, String, String, String) = switch kind {
        case .flapping: (
            "ThresholdFlapping",
            "A bar state flips back and forth around its threshold.",
            "A binary bar state (the background, a title's visibility, the hidden bar) toggled at least flapping.minToggles "
                + "times without resting for flapping.window seconds, while the scroll offset hovered around its switch point.",
            "Give the threshold a hysteresis: switch on at T + h and off below T − h. The finding's suggestedHysteresis is the "
                + "smallest that removes the flapping when navrec replays the session; prove it with "
                + "`navrec report SESSION --set BEHAVIOUR.hysteresis=H`. For hideOnSwipe, raise swipeDistance to the "
                + "finding's suggestedSwipeDistance.")
        case .jitter: (
            "BarJitter",
            "A bar value wobbles more than the content moved.",
            "A continuous bar value (bar height, avatar scale or offset, an alpha) reversed direction at least "
                + "jitter.minReversals times within jitter.window seconds, more often than the scroll offset itself did.",
            "Derive the value from the scroll offset alone, once per frame: no feedback from layout passes, no animation "
                + "fighting the scroll. Compare the observed stream with navrec's computed one (navrec query observed_drift) "
                + "to see where they part.")
        case .hitch: (
            "LateFrames",
            "Frames are shown late while scrolling.",
            "Frames that arrive more than hitch.factor (1.5) times the expected frame interval after the previous one while "
                + "the content moves; the finding reports hitch milliseconds per second of movement (warning from 5 ms/s, "
                + "error from 10 ms/s).",
            "Profile the finding's time span with Instruments' Animation Hitches template and move the work the frames "
                + "wait for (layout, image decoding, synchronous I/O) off the main thread or out of the scroll path.")
        case .titleMismatch: (
            "TitleMismatch",
            "The wrong title shows: two at once, none, or not the one the model expects.",
            "While the bar is shown exactly one title presentation must be visible. Reported when two or more (both_visible) "
                + "or none (none_visible) are visible for longer than title_mismatch.tolerance, when the app's title "
                + "differs from navrec's model (observed_vs_expected), or when an empty subtitle is visible.",
            "Drive every title presentation from one state that switches at one threshold (with the same hysteresis), "
                + "and hide a subtitle that has no text.")
        }
        return .object([
            ("id", .string(kind.name)),
            ("name", .string(name)),
            ("shortDescription", .object([("text", .string(short))])),
            ("fullDescription", .object([("text", .string(full))])),
            ("help", .object([
                ("text", .string(full + " Fix: " + fix)),
                ("markdown", .string("\(full)\n\n**Fix:** \(fix)")),
            ])),
            ("defaultConfiguration", .object([("level", .string("warning"))])),
            ("properties", .object([("tags", .array([.string("navigation-bar"), .string(kind.name)]))])),
        ])
    }
}
