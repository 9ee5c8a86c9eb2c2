internal import Analyzer

/// The report as SARIF 2.1.0 (`--format sarif`), for GitHub code scanning and other SARIF viewers.
///
/// One run of the tool `navrec` with one rule per finding kind (`flapping`, `jitter`, `hitch`,
/// `title_mismatch`), each with help text that says what the kind means and how to fix it. One
/// result per finding identity (``FindingGroup``: subject, kind, subkind, signal, source), not per
/// session: `level` the worst severity, the message the subject, how many of its sessions have it
/// and the worst one with its time span and sentence, and one location, as GitHub requires: the
/// worst occurrence in its session's recording (``RecordingLocation``: `artifactLocation.uri`
/// relative to the source root with `uriBaseId` `%SRCROOT%`, `region.startLine` the line of the
/// finding's first sample), or the placeholder `navrec-sessions/ID.ndjson` for a session without
/// one; the next worst occurrences (up to ``relatedLimit``) are `relatedLocations`.
/// `partialFingerprints["navrecFinding/v3"]` is ``FindingIdentity/fingerprint`` (no session, no
/// time, no ordinal), so the same bug keeps its alert across launches, import orders and builds.
///
/// Within GitHub's limits at any fleet size: one run, at most ``resultLimit`` results (GitHub takes
/// 25,000 a run and shows 5,000) and at most ``byteLimit`` bytes uncompressed (GitHub takes 10 MB
/// gzip-compressed); what does not fit is left out, always the least severe first
/// (``FindingGroup/ranksBefore(_:)``), and ``Rendered/leftOut`` says what.
///
/// With a base (`report --baseline`) each result carries `baselineState` `new` or `unchanged`. The
/// fixed findings are not results, as GitHub shows every result as an open alert whatever its
/// `kind` or `baselineState`; GitHub closes an alert a later upload lacks, which is what fixed
/// means there. They are listed in the run's `properties.fixed` (identity and fingerprint).
package struct SARIFRenderer: Sendable {
    /// The recording files and finding lines, per session id.
    package var locations: [String: RecordingLocation]
    /// navrec's version, for `tool.driver.version`.
    package var toolVersion: String
    /// The base's findings (`--baseline`).
    package var baseline: FindingBaseline?
    /// The most results written: the number GitHub code scanning shows of a run (it accepts 25,000).
    package var resultLimit = 5_000
    /// The most bytes of the whole file: with every result at most this uncompressed, the upload
    /// stays under GitHub's 10 MB gzip-compressed whatever the compression ratio.
    package var byteLimit = 10_000_000
    /// The most related locations of a result (other sessions with the same finding).
    package static let relatedLimit = 10

    /// The document and what was left out to stay within the limits.
    package struct Rendered: Sendable {
        package var text: String
        /// Results written.
        package var results: Int
        /// Findings identities left out: (errors, warnings); (0, 0) when everything fits.
        package var leftOut: (errors: Int, warnings: Int)
        /// Why they were left out, for the message.
        package var limitReached: String?

        /// What `navrec report` prints on stderr when results were left out; `nil` when none were.
        package var leftOutMessage: String? {
            let left = leftOut.errors + leftOut.warnings
            guard left > 0 else { return nil }
            return "navrec: SARIF: left out \(ReportText.grouped(left)) of \(ReportText.grouped(left + results)) results"
                + " (\(ReportText.grouped(leftOut.errors)) error\(leftOut.errors == 1 ? "" : "s"),"
                + " \(ReportText.grouped(leftOut.warnings)) warning\(leftOut.warnings == 1 ? "" : "s"): the least severe,"
                + " in the fewest sessions) as \(limitReached ?? "GitHub's limits allow no more"); every finding: navrec report --format json"
        }
    }

    package init(locations: [String: RecordingLocation] = [:], toolVersion: String, baseline: FindingBaseline? = nil) {
        self.locations = locations
        self.toolVersion = toolVersion
        self.baseline = baseline
    }

    /// The report as one SARIF document ending in a newline.
    package func render(_ report: Report) -> String { rendered(report).text }

    /// The report as one SARIF document and what did not fit.
    package func rendered(_ report: Report) -> Rendered {
        let kinds = Finding.Kind.allCases
        let groups = FindingGroups(report, baseline: baseline)
        let ranked = groups.present.sorted { $0.ranksBefore($1) }
        let fixed = groups.groups(.fixed)
        var runProperties: [(String, JSONValue)] = []
        if let name = groups.baselineName {
            runProperties.append(("baseline", .string(name)))
            runProperties.append(("fixed", .array(fixed.map { group in
                .object([
                    ("subject", .string(group.identity.subject)), ("test", .string(group.identity.testName)),
                    ("fingerprint", .string(group.identity.fingerprint)), ("baseSessions", .integer(group.baseSessions)),
                ])
            })))
        }
        func document(_ results: [JSONValue], leftOut: Int) -> String {
            var properties = runProperties
            if leftOut > 0 { properties.append(("leftOut", .integer(leftOut))) }
            var run: [(String, JSONValue)] = [
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
            ]
            if !properties.isEmpty { run.append(("properties", .object(properties))) }
            let root: JSONValue = .object([
                ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
                ("version", .string("2.1.0")),
                ("runs", .array([.object(run)])),
            ])
            var output = ""
            root.write(to: &output, indent: 0)
            return output + "\n"
        }
        // Room for the run around the results (rules, the fixed list) and the separators.
        var room = byteLimit - document([], leftOut: ranked.count).utf8.count
        var results: [JSONValue] = []
        var limitReached: String?
        for group in ranked {
            guard results.count < resultLimit else {
                limitReached = "GitHub code scanning shows \(ReportText.grouped(resultLimit)) results a run"
                break
            }
            let result = result(group, ruleIndex: kinds.firstIndex(of: group.identity.kind) ?? 0)
            var text = ""
            result.write(to: &text, indent: 6)
            guard text.utf8.count + 16 <= room else {
                limitReached = "GitHub code scanning takes 10 MB compressed (navrec keeps the file under \(ReportText.grouped(byteLimit)) bytes)"
                break
            }
            room -= text.utf8.count + 16
            results.append(result)
        }
        let left = ranked.dropFirst(results.count)
        let errors = left.count { $0.severity == .error }
        return Rendered(
            text: document(results, leftOut: left.count), results: results.count,
            leftOut: (errors, left.count - errors), limitReached: limitReached)
    }

    private func result(_ group: FindingGroup, ruleIndex: Int) -> JSONValue {
        let identity = group.identity
        let worst = group.worst!
        let finding = worst.finding
        var message = "\(identity.subject): \(ReportText.kind(finding)) \(ReportText.signalAndStream(finding))"
            + " in \(group.sessions) of \(ReportText.count(group.subjectSessions, "session"))"
        if let state = group.state {
            message += state == .new ? " (new)" : " (also in the base, \(group.baseSessions) of \(group.baseSubjectSessions))"
        }
        message += "; worst \(worst.sessionID) at \(ReportText.span(finding)) s: \(finding.message)"
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(identity.kind.name)),
            ("ruleIndex", .integer(ruleIndex)),
            ("level", .string(group.severity == .error ? "error" : "warning")),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([location(of: worst)])),
        ]
        let related = group.occurrences.dropFirst().prefix(Self.relatedLimit)
        if !related.isEmpty {
            members.append(("relatedLocations", .array(related.enumerated().map { index, occurrence in
                var location = location(of: occurrence, message: "\(occurrence.sessionID) at \(ReportText.span(occurrence.finding)) s")
                if case .object(var fields) = location {
                    fields.insert(("id", .integer(index + 1)), at: 0)
                    location = .object(fields)
                }
                return location
            })))
        }
        members.append(("partialFingerprints", .object([("navrecFinding/v3", .string(identity.fingerprint))])))
        if let state = group.state { members.append(("baselineState", .string(state == .new ? "new" : "unchanged"))) }
        var sessionIDs: [String] = []
        var seen = Set<String>()
        for occurrence in group.occurrences where seen.insert(occurrence.sessionID).inserted {
            sessionIDs.append(occurrence.sessionID)
            if sessionIDs.count == 20 { break }
        }
        let properties: [(String, JSONValue)] = [
            ("subject", .string(identity.subject)),
            ("kind", .string(identity.kind.name)),
            ("subkind", identity.subkind.map(JSONValue.string) ?? .null),
            ("signal", .string(identity.signal)),
            ("source", .string(identity.source.name)),
            ("sessions", .integer(group.sessions)),
            ("subjectSessions", .integer(group.subjectSessions)),
            ("occurrences", .integer(group.occurrences.count)),
            ("worstSession", .string(worst.sessionID)),
            ("start", .number(finding.start)),
            ("end", .number(finding.end)),
            ("count", finding.count.map(JSONValue.integer) ?? .null),
            ("details", finding.detailsValue),
            ("sessionIds", .array(sessionIDs.map(JSONValue.string))),
        ]
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    /// A SARIF location of an occurrence: its recording (and line) or the placeholder.
    private func location(of occurrence: FindingOccurrence, message: String? = nil) -> JSONValue {
        let location = locations[occurrence.sessionID] ?? RecordingLocation.placeholder(sessionID: occurrence.sessionID)
        let line = location.findingLines.indices.contains(occurrence.index) ? location.findingLines[occurrence.index] : nil
        var physical: [(String, JSONValue)] = [
            ("artifactLocation", .object([("uri", .string(location.uri)), ("uriBaseId", .string("%SRCROOT%"))])),
        ]
        if let line { physical.append(("region", .object([("startLine", .integer(line))]))) }
        var fields: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
        if let message { fields.append(("message", .object([("text", .string(message))]))) }
        return .object(fields)
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
