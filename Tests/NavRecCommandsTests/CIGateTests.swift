import Foundation
import Testing

/// Issue 21 (1–3): gates that cannot pass on nothing, identities that do not change with the
/// recording's timing, SARIF that GitHub's upload accepts; end to end through the built binary.
@Suite("CI gates and identities, end to end")
struct CIGateTests {
    let directory = TemporaryDirectory()

    @Test("report, export, tune and migrate on a missing database exit 66 and create nothing", arguments: [
        ["report", "--fail-on", "error"], ["report", "--format", "junit"], ["export"], ["tune", "blurHeader.hysteresis"], ["migrate"],
    ])
    func readingCommandsNeverCreate(_ command: [String]) throws {
        let db = directory.path("typo.sqlite")
        let result = try NavRecBinary.run(command + ["--db", db])
        #expect(result.status == 66)
        #expect(result.stderr.contains("error: no database at \(db) (import recordings first"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("--fail-on with no session exits 66 and says why; --allow-empty passes; the report is still written")
    func gateOnNothing() throws {
        let db = directory.path("empty.sqlite")
        let imported = try NavRecBinary.run(["import", try directory.write("empty.ndjson", []), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let junit = directory.path("junit.xml")
        let gate = try NavRecBinary.run(["report", "--db", db, "--fail-on", "error", "--format", "junit", "--output", junit])
        #expect(gate.status == 66)
        #expect(gate.stderr.contains("error: --fail-on error: no session in \(db) to check, so the gate cannot pass"), "\(gate.stderr)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"<testsuites name="navrec" tests="0""#))
        let unknown = try NavRecBinary.run(["report", "--db", db, "--fail-on", "warning", "--allow-empty"])
        #expect(unknown.status == 0, "\(unknown.stderr)")
        #expect(try NavRecBinary.run(["report", "--db", db]).status == 0)
        let alone = try NavRecBinary.run(["report", "--db", db, "--allow-empty"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--allow-empty only changes --fail-on"))
    }

    /// A recording with every line's `t` moved by `shift` seconds.
    static func shifted(_ lines: [String], by shift: Double) -> [String] {
        lines.map { line in
            guard let range = line.range(of: #"(?<="t":)[0-9.]+"#, options: .regularExpression), let t = Double(line[range]) else {
                return line
            }
            return line.replacingCharacters(in: range, with: String(format: "%.6f", t + shift))
        }
    }

    /// A simulated blurHeader hover with dropped frames (flapping and hitch findings), as NDJSON lines.
    func glitch() throws -> [String] {
        let simulated = try NavRecBinary.run([
            "simulate", "--behavior", "blurHeader", "--gesture", "hover", "--seed", "3", "--session-id", "AlbumDetail",
            "--app", "Music", "--screen", "Album", "--observed", "--fault", "droppedFrames=0.1",
        ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        return simulated.stdout.split(separator: "\n").map(String.init)
    }

    /// JUnit `classname`/`name` pairs and SARIF fingerprints of a database's report.
    func identities(_ db: String) throws -> (tests: [String], fingerprints: [String]) {
        let junit = try NavRecBinary.run(["report", "--db", db, "--format", "junit"])
        let tests = junit.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"classname="[^"]*" name="[^"]*""#, options: .regularExpression) else { return nil }
            return String(line[range])
        }
        let sarif = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"])
        let fingerprints = sarif.stdout.components(separatedBy: #""navrecFinding/v3": ""#).dropFirst().map { String($0.prefix(16)) }
        return (tests, fingerprints)
    }

    @Test("the same glitch recorded twice, 34 ms apart, keeps its JUnit names and SARIF fingerprints; times are 0")
    func identitiesIgnoreTiming() throws {
        let lines = try glitch()
        let first = directory.path("first.sqlite"), second = directory.path("second.sqlite")
        #expect(try NavRecBinary.run(["import", try directory.write("a.ndjson", lines), "--db", first]).status == 0)
        #expect(try NavRecBinary.run(["import", try directory.write("b.ndjson", Self.shifted(lines, by: 0.034)), "--db", second])
            .status == 0)
        let (tests, fingerprints) = try identities(first)
        #expect(tests.count >= 2, "\(tests)")
        #expect(tests.allSatisfy { $0.hasPrefix(#"classname="Music › Album""#) && !$0.contains(" at ") })
        #expect(!fingerprints.isEmpty)
        let again = try identities(second)
        let starts = try [first, second].map { db in
            try NavRecBinary.run(["query", "select group_concat(start_t) from findings", "--db", db, "--format", "csv"]).stdout
        }
        #expect(starts[0] == "group_concat(start_t)\r\n\"0.2,1.8,1.8\"\r\n")
        #expect(starts[1] == "group_concat(start_t)\r\n\"0.234,1.834,1.834\"\r\n", "the shifted recording's findings start 34 ms later")
        #expect(again.tests == tests)
        #expect(again.fingerprints == fingerprints)
        let junit = try NavRecBinary.run(["report", "--db", first, "--format", "junit"]).stdout
        #expect(!junit.contains(#"time=""#) || junit.components(separatedBy: #"time=""#).dropFirst().allSatisfy { $0.hasPrefix(#"0""#) })

        // Both launches in one database: stored as AlbumDetail and AlbumDetail~HASH, the same faults
        // on the same screen are the same tests and results, each counting both sessions.
        #expect(try NavRecBinary.run(["import", directory.path("b.ndjson"), "--db", first]).status == 0)
        let both = try identities(first)
        #expect(both.tests == tests)
        #expect(both.fingerprints == fingerprints)
        let junitOfBoth = try NavRecBinary.run(["report", "--db", first, "--format", "junit"]).stdout
        #expect(junitOfBoth.contains("in 2 of 2 sessions of Music › Album; worst:"), "\(junitOfBoth)")
    }

    @Test("check_sarif.py fails the old shapes: a result without locations, a file:// URI, a repeated fingerprint")
    func sarifCheckerFailsBadFiles() throws {
        let db = directory.path("demo.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let good = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"]).stdout
        let goodPath = directory.path("good.sarif")
        try good.write(toFile: goodPath, atomically: true, encoding: .utf8)
        guard let passed = try PythonValidator.check("check_sarif.py", [goodPath], needs: "sarif") else { return }
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")

        var document = try #require(try JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])
        var runs = try #require(document["runs"] as? [[String: Any]])
        var results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count >= 3)
        results[0]["locations"] = nil
        results[1]["locations"] = [["physicalLocation": ["artifactLocation": ["uri": "file:///tmp/hover.ndjson"]]]]
        results[2]["partialFingerprints"] = results[3]["partialFingerprints"]
        runs[0]["results"] = results
        document["runs"] = runs
        let badPath = directory.path("bad.sarif")
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: badPath))
        let failed = try #require(try PythonValidator.check("check_sarif.py", [badPath], needs: "sarif"))
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("results[0]: no locations; GitHub rejects an upload with a result without one"), "\(failed.stdout)")
        #expect(failed.stdout.contains("results[1]: artifactLocation.uri 'file:///tmp/hover.ndjson' is not relative to the repository"))
        #expect(failed.stdout.contains("partialFingerprints repeat an earlier result's"))
    }

    @Test("Markdown of 2,000 sessions stays under GitHub's 65,536-character comment limit, read by cmark-gfm")
    func markdownAtFleetSize() throws {
        // Half the sessions flap (one warning each), half are clean: 1,000 overview rows would not fit.
        var lines: [String] = []
        for index in 0..<2_000 {
            lines.append(String(format: #"{"navrec":1,"session":{"id":"fleet-%04d","fps":60,"behaviors":{"blurHeader":{}}}}"#, index))
            let ys = index % 2 == 0 ? ["82.0", "85.0", "83.0", "86.0", "82.5"] : ["10.0", "12.0", "14.0", "16.0", "18.0"]
            for (t, y) in zip(["0.000", "0.017", "0.033", "0.050", "0.067"], ys) { lines.append(#"{"t":\#(t),"y":\#(y),"phase":"drag"}"#) }
        }
        let db = directory.path("fleet.sqlite")
        #expect(try NavRecBinary.run(["import", try directory.write("fleet.ndjson", lines), "--db", db]).status == 0)
        let path = directory.path("report.md")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "markdown", "--output", path])
        #expect(report.status == 0, "\(report.stderr)")
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(markdown.count <= 65_536)
        #expect(markdown.contains("**2000 sessions, 1000 findings:"))
        #expect(markdown.contains(" sessions with findings from the overview (it lists the "))
        #expect(markdown.hasSuffix("Everything: `navrec report --format html --output report.html` (or `--format json`)._\n"))
        if let checked = try PythonValidator.check(
            "check_markdown.py", [path, "--sessions", "2000", "--expect-trimmed", "yes"], needs: "cmarkgfm") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    @Test("report --fail-on error with --output: the failing findings are named on standard error, session, finding and figure")
    func reportGateSaysWhy() throws {
        let db = directory.path("gate.sqlite")
        let recording = try directory.write("hover.ndjson", try glitch())
        #expect(try NavRecBinary.run(["import", "--db", db, recording]).status == 0)
        let path = directory.path("report.xml")
        let result = try NavRecBinary.run(["report", "--db", db, "--format", "junit", "--output", path, "--fail-on", "error"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("wrote \(path): 1 session, ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("--fail-on error: ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(" at error or worse:") == true)
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("  AlbumDetail: ERROR ") })
        #expect(lines.contains { $0.hasPrefix("  AlbumDetail: ERROR ") && $0.contains(" flapping background (computed): background flipped ") })
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
