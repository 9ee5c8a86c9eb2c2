import Foundation
import Testing

@Suite("navrec report, end to end")
struct ReportTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("report.sqlite") }

    /// Simulates a session with `arguments`, imports it and returns the JSON report's findings.
    func findings(_ arguments: [String], script: [String]? = nil) throws -> [[String: Any]] {
        var simulate = ["simulate", "--output", directory.path("s.ndjson"), "--session-id", "s"] + arguments
        if let script { simulate += ["--script", try directory.write("script.txt", script)] }
        let simulated = try NavRecBinary.run(simulate)
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(try NavRecBinary.run(["import", directory.path("s.ndjson"), "--db", db, "--replace"]).status == 0)
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json"])
        #expect(report.status == 0, "\(report.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let sessions = json?["sessions"] as? [[String: Any]] ?? []
        return sessions.first?["findings"] as? [[String: Any]] ?? []
    }

    static let hoverExample = [
        #"{"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{}}}}"#,
        #"{"t":0.000,"y":82.0,"phase":"drag"}"#, #"{"t":0.017,"y":85.0,"phase":"drag"}"#,
        #"{"t":0.033,"y":83.0,"phase":"drag"}"#, #"{"t":0.050,"y":86.0,"phase":"drag"}"#,
        #"{"t":0.067,"y":82.5,"phase":"drag"}"#,
    ]

    @Test("the worked example of ANALYSIS.md yields exactly its finding")
    func workedExample() throws {
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", Self.hoverExample), "--db", db]).status == 0)
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json"])
        let expected = [
            #""kind": "flapping","#, #""subkind": null,"#, #""signal": "background","#, #""source": "computed","#,
            #""severity": "warning","#, #""start": 0.017,"#, #""end": 0.067,"#, #""count": 4,"#,
            #""message": "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it","#,
            #""details": {"yMin": 82.5, "yMax": 86.0, "suggestedHysteresis": 1.0}"#,
        ].map { String(repeating: " ", count: 10) + $0 }.joined(separator: "\n")
        #expect(report.stdout.contains(expected))
        #expect(report.stdout.hasSuffix("""
              "totals": {
                "sessions": 1,
                "findings": 1,
                "byKind": {"flapping": 1, "jitter": 0, "hitch": 0, "title_mismatch": 0},
                "bySeverity": {"warning": 1, "error": 0}
              }
            }

            """))
    }

    @Test("every injected fault is found", arguments: [
        (["--behavior", "largeTitle", "--fault", "titleEarly"], ["drag to=90 duration=3"], "title_mismatch", "both_visible"),
        (["--behavior", "blurHeader", "--fault", "heightJitter"], ["drag to=200 duration=1.5", "wait 1.2"], "jitter", "barHeight"),
        (["--behavior", "hideOnSwipe", "--fault", "droppedFrames=0.1"], ["drag to=300 duration=2"], "hitch", "frames"),
        (["--behavior", "customTitle", "--fault", "flicker"], ["drag to=120 duration=1.5", "wait 1.2", "drag to=0 duration=1.5"], "flapping", "inlineTitleVisible"),
        (["--behavior", "blurHeader", "--fault", "noTitle"], ["drag to=200 duration=1.5", "wait 1.2"], "title_mismatch", "none_visible"),
    ])
    func faultsAreFound(arguments: [String], script: [String], kind: String, what: String) throws {
        let found = try findings(arguments, script: script)
        #expect(found.contains { $0["kind"] as? String == kind && ($0["signal"] as? String == what || $0["subkind"] as? String == what) },
                "\(found.map { "\($0["kind"]!) \($0["subkind"]!) \($0["signal"]!)" })")
    }

    @Test("clean simulated sessions of every behaviour produce no findings", arguments: [
        ["--behavior", "largeTitle", "--behavior", "avatar"],
        ["--behavior", "customTitle"],
        ["--behavior", "hideOnSwipe"],
        ["--behavior", "blurHeader"],
        ["--behavior", "largeTitle", "--behavior", "dropdownTitle", "--param", "dropdownTitle.subtitle=Inbox"],
        ["--behavior", "largeTitle", "--behavior", "hideOnSwipe", "--observed"],
    ])
    func cleanSessions(arguments: [String]) throws {
        let found = try findings(arguments + ["--duration", "8"],
                                 script: ["drag to=250 duration=1", "wait 1.2", "fling velocity=-1500", "wait 1.2", "bounce", "wait 1.2", "tap content"])
        #expect(found.isEmpty, "\(found.map { $0["message"] ?? "" })")
    }

    @Test("replaying with the suggested hysteresis removes the flapping, without touching the stored data")
    func replayProvesTheFix() throws {
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", Self.hoverExample), "--db", db]).status == 0)
        let fixed = try NavRecBinary.run(["report", "--db", db, "--set", "blurHeader.hysteresis=1.0", "--format", "json"])
        #expect(fixed.stdout.contains("\"findings\": 0"))
        let notEnough = try NavRecBinary.run(["report", "--db", db, "--set", "blurHeader.hysteresis=0.5", "--format", "json"])
        #expect(notEnough.stdout.contains("\"findings\": 1"))
        let stored = try NavRecBinary.run(["query", "select settings, count(*) as n from findings group by settings order by settings", "--db", db, "--format", "csv"])
        #expect(stored.stdout == "settings,n\r\nblurHeader.hysteresis=0.5,1\r\n")
        let parameters = try NavRecBinary.run(["query", "select parameters from sessions", "--db", db, "--format", "csv"])
        #expect(parameters.stdout.contains("\"\"hysteresis\"\":0"))
    }

    @Test("findings are stored, and re-running replaces them")
    func storedFindings() throws {
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", Self.hoverExample), "--db", db]).status == 0)
        #expect(try NavRecBinary.run(["report", "--db", db]).status == 0)
        #expect(try NavRecBinary.run(["report", "--db", db]).status == 0)
        let stored = try NavRecBinary.run(["query", "select session_id, kind, signal, start_t, end_t, count, y_min, y_max, suggested_hysteresis from findings", "--db", db, "--format", "csv"])
        #expect(stored.stdout == "session_id,kind,signal,start_t,end_t,count,y_min,y_max,suggested_hysteresis\r\nhover-84,flapping,background,0.017,0.067,4,82.5,86.0,1.0\r\n")
        let summary = try NavRecBinary.run(["query", "select findings, warnings, errors from session_summary", "--db", db, "--format", "csv"])
        #expect(summary.stdout == "findings,warnings,errors\r\n1,1,0\r\n")
    }

    @Test("--fail-on gates CI with exit 1", arguments: [("warning", Int32(1)), ("error", Int32(0))])
    func failOn(severity: String, status: Int32) throws {
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", Self.hoverExample), "--db", db]).status == 0)
        let result = try NavRecBinary.run(["report", "--db", db, "--fail-on", severity])
        #expect(result.status == status)
        #expect(result.stdout.contains("hover-84"))
    }

    @Test("--output writes the report to a file; every format renders", arguments: ["text", "json", "markdown", "html"])
    func output(format: String) throws {
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", Self.hoverExample), "--db", db]).status == 0)
        let path = directory.path("report.\(format)")
        let result = try NavRecBinary.run(["report", "--db", db, "--format", format, "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("hover-84"))
    }

    @Test("bad report arguments are usage errors", arguments: [
        (["--set", "flapping.windw=2"], "flapping.window"),
        (["--set", "blurHeader.hysteresys=1"], "hysteresis"),
        (["--fail-on", "fatal"], "warning or error"),
        (["--format", "pdf"], "text, json, markdown, html, junit or sarif"),
    ])
    func usageErrors(arguments: [String], fragment: String) throws {
        let result = try NavRecBinary.run(["report", "--db", db] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }

    @Test("an unknown session id exits 66 with a hint")
    func unknownSession() throws {
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", Self.hoverExample), "--db", db]).status == 0)
        let result = try NavRecBinary.run(["report", "hover-48", "--db", db])
        #expect(result.status == 66)
        #expect(result.stderr.contains("did you mean 'hover-84'?"))
    }
}
