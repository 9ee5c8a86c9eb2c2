import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("report formats for other tools, end to end")
struct FormatsTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("formats.sqlite") }

    /// Imports ANALYSIS.md's worked example (one flapping warning) and a clean session.
    func importSessions() throws {
        let clean = [
            #"{"navrec":1,"session":{"id":"clean <&> \"one\"","fps":60,"behaviors":{"largeTitle":{}}}}"#,
            #"{"t":0.000,"y":0.0,"phase":"drag"}"#, #"{"t":0.017,"y":1.0,"phase":"drag"}"#,
        ]
        let imported = try NavRecBinary.run(
            ["import", try directory.write("h.ndjson", ReportTests.hoverExample + clean), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// Element names and the attributes of `<testcase>`s, read by Foundation's XML parser.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var testcases: [[String: String]] = []
        var failures = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            if name == "testcase" { testcases.append(attributes) }
            if name == "failure" { failures += 1 }
        }
    }

    func readJUnit(_ xml: String) throws -> JUnitReader {
        let reader = JUnitReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return reader
    }

    @Test("JUnit: a testcase per finding, failures from --fail-on (default error), read by junitparser")
    func junit() throws {
        try importSessions()
        let byDefault = try NavRecBinary.run(["report", "--db", db, "--format", "junit"])
        #expect(byDefault.status == 0)
        #expect(byDefault.stderr == "")
        let passing = try readJUnit(byDefault.stdout)
        #expect(passing.failures == 0)
        // One suite per subject (here the recordings' ids), in name order.
        #expect(passing.testcases.map { $0["classname"] ?? "" } == [#"clean <&> "one""#, "hover-84"])
        #expect(passing.testcases.map { $0["name"] ?? "" } == ["no findings", "flapping background (computed)"])
        #expect(byDefault.stdout.contains("<system-out>in 1 of 1 session of hover-84; worst:\n"
            + "warning 0.02–0.07 s flapping background (computed) in session hover-84\n"
            + "background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it\ncount: 4\n"
            + "yMin: 82.5\nyMax: 86.0\nsuggestedHysteresis: 1.0</system-out>"))

        let path = directory.path("junit.xml")
        let gated = try NavRecBinary.run(["report", "--db", db, "--format", "junit", "--fail-on", "warning", "--output", path])
        #expect(gated.status == 1)
        #expect(gated.stdout == "")
        let failing = try readJUnit(try String(contentsOfFile: path, encoding: .utf8))
        #expect(failing.failures == 1)
        if let checked = try PythonValidator.check(
            "check_junit.py", [path, "--expect-tests", "2", "--expect-failures", "1"], needs: "junitparser, lxml") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    /// Two sessions in one file; a blank line and a tap shift the first one's lines.
    static let shiftedRecording = [
        #"{"navrec":1,"session":{"id":"shifted","fps":60,"behaviors":{"blurHeader":{}}}}"#,
        #"{"t":0.000,"y":82.0,"phase":"drag"}"#,
        "",
        #"{"t":0.010,"event":"tap","target":"content"}"#,
        #"{"t":0.017,"y":85.0,"phase":"drag"}"#, #"{"t":0.033,"y":83.0,"phase":"drag"}"#,
        #"{"t":0.050,"y":86.0,"phase":"drag"}"#, #"{"t":0.067,"y":82.5,"phase":"drag"}"#,
    ] + ReportTests.hoverExample

    @Test("SARIF: results located at the recording line of the finding's first sample, stable fingerprints")
    func sarif() throws {
        let recordings = directory.url.appending(path: "recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        try directory.write("recordings/both.ndjson", Self.shiftedRecording)
        let imported = try NavRecBinary.run(["import", "recordings/both.ndjson", "--db", db], in: directory.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let breakpoints = try NavRecBinary.run(
            ["query", "select s.id, l.seq, l.line from sample_lines l join sessions s using (session_key) order by 1, 2",
             "--db", db, "--format", "csv"])
        // Only where lines do not simply continue: each session's first sample, and the one after the tap.
        #expect(breakpoints.stdout == "id,seq,line\r\nhover-84,0,10\r\nshifted,0,2\r\nshifted,1,5\r\n")

        let first = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"], in: directory.url)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["flapping", "jitter", "hitch", "title_mismatch"])
        #expect(rules.allSatisfy { (($0["help"] as? [String: Any])?["text"] as? String)?.contains("Fix: ") == true })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let located = results.map { result -> [String] in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            let line = (physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0
            return [uri, String(line), (result["message"] as? [String: Any])?["text"] as? String ?? ""]
        }
        // t = 0.017 is the second sample of each session: line 5 after the blank line and the tap, and line 11 (header on 9).
        // One result per identity: the subjects (the recordings' ids) differ, so two, in identity order.
        #expect(located.map { Array($0.prefix(2)) } == [["recordings/both.ndjson", "11"], ["recordings/both.ndjson", "5"]])
        #expect(located.map { $0[2] } == ["hover-84", "shifted"].map { id in
            "\(id): flapping background (computed) in 1 of 1 session; worst \(id) at 0.02–0.07 s: background flipped 4 times"
                + " in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it"
        })
        let fingerprints = results.map { ($0["partialFingerprints"] as? [String: String])?["navrecFinding/v3"] ?? "" }
        #expect(Set(fingerprints).count == 2 && fingerprints.allSatisfy { $0.count == 16 })

        let again = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"], in: directory.url)
        #expect(again.stdout == first.stdout)

        let path = directory.path("navrec.sarif")
        try first.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        if let checked = try PythonValidator.check(
            "check_sarif.py", [path, "--root", directory.url.path, "--expect-results", "2", "--expect-located", "2"],
            needs: "sarif") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    /// Each SARIF result's locations as `URI BASE LINE` (`-` without a line); a result without any is `none`.
    static func locations(_ sarif: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        return results.map { result in
            guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any] else {
                return "none"
            }
            let artifact = physical["artifactLocation"] as? [String: Any] ?? [:]
            let line = ((physical["region"] as? [String: Any])?["startLine"] as? Int).map(String.init) ?? "-"
            return "\(artifact["uri"] as? String ?? "") \(artifact["uriBaseId"] as? String ?? "") \(line)"
        }
    }

    @Test("SARIF: every result located relative to the source root; stdin, demo and outside files get a placeholder or --stdin-name")
    func sarifPaths() throws {
        try directory.write("abs.ndjson", ReportTests.hoverExample)
        #expect(try NavRecBinary.run(["import", directory.path("abs.ndjson"), "--db", db]).status == 0)
        let inside = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"], in: directory.url)
        #expect(try Self.locations(inside.stdout) == ["abs.ndjson %SRCROOT% 3"])
        // Run from elsewhere, the file lies outside the root: a placeholder, never a file:// URI.
        let elsewhere = directory.url.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let outside = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"], in: elsewhere)
        #expect(try Self.locations(outside.stdout) == ["navrec-sessions/hover-84.ndjson %SRCROOT% -"])
        #expect(!outside.stdout.contains("file://"))
        let rooted = try NavRecBinary.run(["report", "--db", db, "--format", "sarif", "--source-root", ".."], in: elsewhere)
        #expect(try Self.locations(rooted.stdout) == ["abs.ndjson %SRCROOT% 3"])

        let stdinDB = directory.path("stdin.sqlite")
        let piped = try NavRecBinary.run(["import", "-", "--db", stdinDB],
                                         stdin: Data((ReportTests.hoverExample.joined(separator: "\n") + "\n").utf8))
        #expect(piped.status == 0)
        let fromStdin = try NavRecBinary.run(["report", "--db", stdinDB, "--format", "sarif"])
        #expect(fromStdin.status == 0)
        #expect(try Self.locations(fromStdin.stdout) == ["navrec-sessions/hover-84.ndjson %SRCROOT% -"])
        let named = try NavRecBinary.run(["report", "--db", stdinDB, "--format", "sarif", "--stdin-name", "Recordings/hover 84.ndjson"])
        #expect(try Self.locations(named.stdout) == ["Recordings/hover%2084.ndjson %SRCROOT% 3"])
        let escaping = try NavRecBinary.run(["report", "--db", stdinDB, "--format", "sarif", "--stdin-name", "../hover.ndjson"])
        #expect(escaping.status == 64)
        #expect(escaping.stderr.contains("--stdin-name takes a path relative to the repository root"))

        for (name, output) in [("outside", outside), ("stdin", fromStdin), ("named", named)] {
            let path = directory.path("\(name).sarif")
            try output.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            if let checked = try PythonValidator.check("check_sarif.py", [path, "--expect-results", "1"], needs: "sarif") {
                #expect(checked.status == 0, "\(name): \(checked.stdout)\(checked.stderr)")
            }
        }
    }

    @Test("Perfetto: counters equal the stored values, slices nest, findings are matched async slices")
    func perfetto() throws {
        // Observed states that disagree with the model, a freeze mid-motion (0.1 s at 60 fps, the content
        // keeps its 240 pt/s) and the flapping example.
        var lines = [#"{"navrec":1,"session":{"id":"late","app":"Mail","screen":"Inbox","fps":60,"behaviors":{"largeTitle":{}}}}"#]
        for index in 0..<30 {
            let t = Double(index) / 60 + (index >= 15 ? 0.1 : 0)
            lines.append(#"{"t":\#(t),"y":\#(t * 240),"phase":"drag","bar":{"barHeight":\#(96.5 - Double(index))}}"#)
        }
        try importSessions()
        let imported = try NavRecBinary.run(["import", try directory.write("late.ndjson", lines), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let path = directory.path("trace.json")
        let exported = try NavRecBinary.run(["export", "--db", db, "--format", "perfetto", "--output", path])
        #expect(exported.status == 0)
        #expect(exported.stderr == "wrote \(path): 3 sessions\n")
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let events = try #require(trace["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["name"] as? String == "process_name" }.map { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names == ["hover-84", #"clean <&> "one""#, "late — Mail › Inbox"])
        let late = events.filter { $0["pid"] as? Int == 3 }
        let heights = late.filter { $0["name"] as? String == "barHeight (observed)" }
            .map { (($0["args"] as? [String: Any])?["value"] as? Double) ?? -1 }
        #expect(heights == (0..<30).map { 96.5 - Double($0) })
        // The late frame is a slice over its interval, from the frame before (t = 14/60) to it.
        let lateFrames = late.filter { $0["name"] as? String == "late frame" }
        #expect(lateFrames.map { $0["ph"] as? String } == ["X"])
        let start = Int((14.0 / 60 * 1_000_000).rounded()), end = Int(((15.0 / 60 + 0.1) * 1_000_000).rounded())
        #expect(lateFrames.map { [$0["ts"] as? Int, $0["dur"] as? Int] } == [[start, end - start]])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""name":"late frame","ts":\#(start),"dur":\#(end - start),"args":{"interval_ms":116.667}}"#))
        let begins = events.filter { $0["ph"] as? String == "b" }, ends = events.filter { $0["ph"] as? String == "e" }
        #expect(begins.count == ends.count && begins.count >= 2)
        // Process-local ids: Perfetto shows each finding in its session, not on a global track.
        let localID = { (event: [String: Any]) in (event["id2"] as? [String: Any])?["local"] as? Int }
        #expect(begins.allSatisfy { $0["id"] == nil && localID($0) != nil })
        #expect(begins.map(localID) == ends.map(localID))
        let flapping = try #require(begins.first { $0["pid"] as? Int == 1 })
        #expect((flapping["args"] as? [String: Any])?["suggestedHysteresis"] as? Double == 1)
        #expect(flapping["ts"] as? Int == 17000)

        if let checked = try PythonValidator.check("check_perfetto.py", [path, db], needs: "sqlite3") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    @Test("Datasette metadata: internal tables hidden, public ones described, Queries/ as canned queries with parameters")
    func datasette() throws {
        try importSessions()
        #expect(try NavRecBinary.run(["report", "--db", db]).status == 0)
        let path = directory.path("metadata.json")
        let written = try NavRecBinary.run(["datasette-metadata", "--db", db, "--output", path])
        #expect(written.status == 0)
        #expect(written.stdout == "" && written.stderr == "")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let database = try #require((metadata["databases"] as? [String: Any])?["formats"] as? [String: Any])
        let tables = try #require(database["tables"] as? [String: [String: Any]])
        for name in ["frame_chunks", "chunk_positions", "session_columns", "events", "analyses", "sample_lines", "navrec_migrations"] {
            #expect(tables[name]?["hidden"] as? Bool == true, "\(name)")
        }
        #expect(tables["sessions"]?["label_column"] as? String == "id")
        #expect((tables["findings"]?["columns"] as? [String: String])?["y_min"] == "flapping: lowest scroll offset over the episode, points")
        let queries = try #require(database["queries"] as? [String: [String: Any]])
        #expect(queries.count == 9)
        #expect(queries["session_timeline"]?["params"] as? [String] == ["session", "t", "page"])
        #expect(queries["worst_sessions"]?["params"] == nil)
        if let checked = try PythonValidator.check("check_datasette.py", [db, path], needs: "datasette") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }
}
