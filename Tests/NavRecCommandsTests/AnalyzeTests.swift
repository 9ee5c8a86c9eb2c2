import Foundation
import Testing

/// `navrec analyze`: the same findings as `navrec import` + `navrec report`, one JSON line per
/// session, and bad sessions that do not stop the stream.
@Suite("navrec analyze, end to end")
struct AnalyzeTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("analyze.sqlite") }

    /// The report's sessions (`report --format json`) after importing `file` into a fresh database.
    func importAndReport(_ file: String, settings: [String] = []) throws -> [[String: Any]] {
        let imported = try NavRecBinary.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json"] + settings.flatMap { ["--set", $0] })
        #expect(report.status == 0, "\(report.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        return json?["sessions"] as? [[String: Any]] ?? []
    }

    /// `navrec analyze`'s lines, parsed.
    func analyze(_ arguments: [String], stdin: Data? = nil, expectStatus: Int32 = 0) throws -> [[String: Any]] {
        let result = try NavRecBinary.run(["analyze"] + arguments, stdin: stdin)
        #expect(result.status == expectStatus, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// Expects every analyze line to equal its session in the report (besides the header's
    /// `startedAt`, `scale`, `appVersion`, `build` and the recorder policy, which the report leaves out), and the same
    /// sessions in the same order.
    func expectSame(_ lines: [[String: Any]], _ sessions: [[String: Any]]) {
        #expect(lines.count == sessions.count)
        let reported = Dictionary(uniqueKeysWithValues: sessions.map { ($0["id"] as? String ?? "", $0) })
        for line in lines {
            let id = line["id"] as? String ?? ""
            var session = line
            for key in ["startedAt", "scale", "appVersion", "build", "recorderMoving", "recorderAtRest"] {
                #expect(session.keys.contains(key), "\(id) has \(key)")
                session[key] = nil
            }
            guard let expected = reported[id] else {
                Issue.record("\(id) is not in the report")
                continue
            }
            #expect(NSDictionary(dictionary: session).isEqual(to: expected), "\(id): analyze \(session) vs report \(expected)")
        }
    }

    @Test("the worked example prints exactly its one line")
    func workedExample() throws {
        let file = try directory.write("h.ndjson", ReportTests.hoverExample)
        let result = try NavRecBinary.run(["analyze", file])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == #"""
            {"id": "hover-84", "app": null, "screen": null, "device": null, "os": null, "startedAt": null, "scale": null, "appVersion": null, "build": null, "recorderMoving": null, "recorderAtRest": null, "behaviors": ["blurHeader"], "samples": 5, "duration": 0.067, "fps": 60, "hitchTimeRatio": 0.0, "frameJitter": 0.094, "gaps": 0, "gapTime": 0.0, "movingTime": 0.067, "overrunP50": 0.33, "overrunP90": 0.33, "overrunP99": 0.33, "hangsPerMinute": 0.0, "flappingEpisodesPerMinute": 895.522, "flappingTogglesPerMinute": 3582.09, "titleDisagreementPerMinute": 0.0, "jitterFindingsPerMinute": 0.0, "gapFraction": 0.0, "findings": [{"kind": "flapping", "subkind": null, "signal": "background", "source": "computed", "severity": "warning", "start": 0.017, "end": 0.067, "count": 4, "message": "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it", "details": {"yMin": 82.5, "yMax": 86.0, "suggestedHysteresis": 1.0}}]}

            """#)
    }

    @Test("a session's duration is the span of its recorded times, not of their stored (rounded) form, as import + report give it")
    func durationOfRecordedTimes() throws {
        // 1/60-second steps: every t past the first has more than six decimals.
        let samples = (0..<21).map { #"{"t":\#(Double($0) / 60),"y":\#($0 * 3),"phase":"drag"}"# }
        let file = try directory.write("thirds.ndjson", [#"{"navrec":1,"session":{"id":"thirds","behaviors":{"largeTitle":{}}}}"#] + samples)
        let lines = try analyze([file])
        #expect(lines.first?["duration"] as? Double == 20.0 / 60)
        // The counter-case: the stored times' span, 0.333333, is not what analyze reports.
        #expect(lines.first?["duration"] as? Double != 0.333333)
        expectSame(lines, try importAndReport(file))
    }

    @Test("on the demo's sessions analyze gives exactly import + report's sessions, metrics and findings")
    func demoEqualsReport() throws {
        let file = directory.path("demo.ndjson")
        try SimulatedFleet.demo().write(toFile: file, atomically: true, encoding: .utf8)
        let lines = try analyze([file])
        expectSame(lines, try importAndReport(file))
        #expect(lines.contains { ($0["findings"] as? [Any])?.isEmpty == false })
        #expect(lines.first?["device"] as? String == "iPhone16,1")
    }

    @Test("on 240 varied simulated sessions, from standard input, analyze equals import + report")
    func fleetEqualsReport() throws {
        let text = try SimulatedFleet.fleet(count: 240)
        let file = directory.path("fleet.ndjson")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let lines = try analyze(["-"], stdin: Data(text.utf8))
        expectSame(lines, try importAndReport(file))
        let findings = lines.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        for kind in ["flapping", "jitter", "hitch", "title_mismatch"] {
            #expect(findings.contains { $0["kind"] as? String == kind }, "the fleet has \(kind) findings")
        }
        #expect(lines.contains { ($0["id"] as? String)?.hasPrefix("auto-") == true })
        #expect(lines.contains { $0["fps"] is NSNull })
    }

    @Test("with --set (detector settings and a replayed hysteresis) analyze equals report with the same --set")
    func settingsEqualReport() throws {
        let text = try SimulatedFleet.fleet(count: 48)
        let file = directory.path("fleet.ndjson")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let settings = ["flapping.window=0.5", "blurHeader.hysteresis=1.5", "largeTitle.hysteresis=1", "jitter.epsilon=1"]
        let lines = try analyze([file] + settings.flatMap { ["--set", $0] })
        expectSame(lines, try importAndReport(file, settings: settings))
    }

    @Test("a session longer than the in-memory spool (16,384 frames) is spilled to a file and still equals report")
    func longSessionSpills() throws {
        let file = directory.path("long.ndjson")
        let simulated = try NavRecBinary.run([
            "simulate", "--behavior", "blurHeader", "--gesture", "hover", "--gesture", "zigzag", "--fps", "120",
            "--duration", "200", "--observed", "--fault", "flicker", "--session-id", "long", "--output", file,
        ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let lines = try analyze([file])
        #expect((lines.first?["samples"] as? Int ?? 0) > 16_384)
        expectSame(lines, try importAndReport(file))
    }

    @Test("a bad line costs only its session: an error line, reading resumes at the next header, exit 65")
    func badSessionDoesNotStopTheStream() throws {
        let good = ReportTests.hoverExample
        var second = good
        second[0] = second[0].replacingOccurrences(of: "hover-84", with: "bad-one")
        second[2] = #"{"t":0.017,"y":"85","phase":"drag"}"#
        var third = good
        third[0] = third[0].replacingOccurrences(of: "hover-84", with: "after")
        let badHeader = #"{"navrec":1,"session":{"id":"typo","behaviors":{"blurHeadr":{}}}}"#
        let file = try directory.write("mixed.ndjson", good + second + [badHeader, #"{"t":0,"y":1}"#] + third)
        let result = try NavRecBinary.run(["analyze", file])
        #expect(result.status == 65)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix(#"{"id": "hover-84", "#))
        #expect(lines[1] == #"{"id": "bad-one", "app": null, "startedAt": null, "error": "\#(file):9:16: error: 'y' must be a number, found a string"}"#)
        #expect(lines[2].hasPrefix(#"{"id": null, "app": null, "startedAt": null, "error": "\#(file):13:49: error: unknown behaviour 'blurHeadr'"#))
        let alone = try NavRecBinary.run(["analyze", try directory.write("after.ndjson", third)])
        #expect(lines[3] + "\n" == alone.stdout)
    }

    @Test("CSV input takes import's options; wrong command lines are usage errors")
    func csvAndUsage() throws {
        let csv = try directory.write("s.csv", ["t,y,phase", "0,82,drag", "0.017,85,drag", "0.033,83,drag", "0.05,86,drag", "0.067,82.5,drag"])
        let lines = try analyze([csv, "--behavior", "blurHeader", "--session-id", "csv-1"])
        #expect(lines.count == 1)
        #expect(lines.first?["id"] as? String == "csv-1")
        #expect((lines.first?["findings"] as? [Any])?.count == 1)
        let noBehavior = try NavRecBinary.run(["analyze", csv])
        #expect(noBehavior.status == 64)
        #expect(noBehavior.stderr.hasPrefix("error: CSV input needs its behaviours"))
        let badSet = try NavRecBinary.run(["analyze", csv, "--behavior", "blurHeader", "--set", "flapping.windw=1"])
        #expect(badSet.status == 64)
        let missing = try NavRecBinary.run(["analyze", directory.path("absent.ndjson")])
        #expect(missing.status == 66)
        #expect(missing.stdout == "")
    }
}
