import Foundation
import Testing

/// Issue 36 item 2 and issue 35 item 6, end to end through the built binary: a finding's identity
/// (JUnit suite, classname and name; SARIF fingerprint) is the same bug on the same screen across
/// import orders and launches, and `report --baseline` shows what changed by it.
@Suite("Finding identities and report --baseline, end to end")
struct FindingIdentityTests {
    let directory = TemporaryDirectory()

    /// `navrec simulate` with `arguments`, as NDJSON lines.
    func simulate(_ arguments: [String]) throws -> [String] {
        let simulated = try NavRecBinary.run(["simulate"] + arguments)
        #expect(simulated.status == 0, "\(simulated.stderr)")
        return simulated.stdout.split(separator: "\n").map(String.init)
    }

    /// Imports `files` (paths relative to the directory) in order into a new database.
    func database(_ name: String, _ files: [String]) throws -> String {
        let db = directory.path(name)
        let imported = try NavRecBinary.run(["import"] + files.map(directory.path) + ["--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// Every JUnit test's key as GitLab keys it (suite name, classname, name), in file order, and
    /// the SARIF fingerprints.
    func keys(_ db: String, extra: [String] = []) throws -> (tests: [String], fingerprints: [String]) {
        let junit = try NavRecBinary.run(["report", "--db", db, "--format", "junit"] + extra).stdout
        var suite = "", tests: [String] = []
        for line in junit.split(separator: "\n") {
            if let range = line.range(of: #"(?<=<testsuite name=")[^"]*"#, options: .regularExpression) { suite = String(line[range]) }
            if let range = line.range(of: #"classname="[^"]*" name="[^"]*""#, options: .regularExpression) {
                tests.append("\(suite) | \(line[range])")
            }
        }
        let sarif = try NavRecBinary.run(["report", "--db", db, "--format", "sarif"] + extra).stdout
        let fingerprints = sarif.components(separatedBy: #""navrecFinding/v3": ""#).dropFirst().map { String($0.prefix(16)) }
        return (tests, fingerprints)
    }

    @Test("JUnit and SARIF identities are identical when the same recordings are imported in reverse order")
    func reversedImportOrder() throws {
        // Twelve sessions over three screens: reused ids (stored as ID~HASH in import order),
        // sessions without an id (auto-HASH), clean and glitchy launches of the same screen.
        var sessions: [[String]] = []
        for seed in 1...4 {
            sessions.append(try simulate(["--behavior", "blurHeader", "--gesture", seed % 2 == 0 ? "drag" : "hover", "--seed", "\(seed)",
                                          "--observed", "--session-id", "AlbumDetail", "--app", "Music", "--screen", "AlbumDetail"]))
            sessions.append(try simulate(["--behavior", "largeTitle", "--behavior", "avatar", "--gesture", "hover", "--seed", "\(seed)",
                                          "--app", "Settings", "--screen", "General"]))
            sessions.append(try simulate(["--behavior", "customTitle", "--gesture", "fling", "--seed", "\(seed)", "--observed",
                                          "--fault", "droppedFrames=0.1", "--session-id", "episode-\(seed)", "--app", "Podcasts", "--screen", "Episode"]))
        }
        try directory.write("first.ndjson", sessions.prefix(6).flatMap { $0 })
        try directory.write("second.ndjson", sessions.dropFirst(6).flatMap { $0 })
        try directory.write("second-reversed.ndjson", sessions.dropFirst(6).reversed().flatMap { $0 })
        try directory.write("first-reversed.ndjson", sessions.prefix(6).reversed().flatMap { $0 })
        let forward = try database("forward.sqlite", ["first.ndjson", "second.ndjson"])
        let backward = try database("backward.sqlite", ["second-reversed.ndjson", "first-reversed.ndjson"])
        let ids = try [forward, backward].map { db in
            try NavRecBinary.run(["query", "select id from sessions order by session_key", "--db", db, "--format", "csv"]).stdout
        }
        #expect(ids[0] != ids[1], "the stored ids follow the import order (AlbumDetail~HASH, auto-…)")
        let one = try keys(forward), other = try keys(backward)
        #expect(one.tests == other.tests)
        #expect(one.fingerprints == other.fingerprints)
        #expect(one.tests.count >= 4, "\(one.tests)")
        #expect(!one.tests.contains { $0.contains("#") || $0.contains("~") || $0.contains("auto-") })
        #expect(Set(one.tests.map { $0.prefix { $0 != "|" } }) == ["Music › AlbumDetail ", "Podcasts › Episode ", "Settings › General "])
    }

    @Test("two launches of the same glitch recorded with the documented glue have the same identities, with its id or a UUID")
    func twoLaunches() throws {
        // Docs/recording-format.md's glue: the screen's name as the id, app and screen in the header,
        // recorded by ScrollRecorder; each launch scrolls a little differently (another seed).
        for (index, seed) in [3, 4].enumerated() {
            for (glue, id) in [("documented", "AlbumDetail"), ("uuid", UUID().uuidString)] {
                try directory.write("\(glue)-\(index).ndjson", try simulate([
                    "--recorder", "library", "--behavior", "blurHeader", "--gesture", "hover", "--seed", "\(seed)", "--observed",
                    "--session-id", id, "--app", "Music", "--screen", "AlbumDetail", "--device", "iPhone16,1",
                ]))
            }
        }
        let launches = try ["documented-0", "documented-1", "uuid-0", "uuid-1"].map { name in
            try keys(try database("\(name).sqlite", ["\(name).ndjson"]))
        }
        #expect(launches[0].tests == [
            #"Music › AlbumDetail | classname="Music › AlbumDetail" name="flapping background (computed)""#,
            #"Music › AlbumDetail | classname="Music › AlbumDetail" name="flapping background (observed)""#,
        ])
        for launch in launches.dropFirst() {
            #expect(launch.tests == launches[0].tests)
            #expect(launch.fingerprints == launches[0].fingerprints)
        }
        // Both launches in one database: one test per fault, counting both sessions.
        let both = try database("both.sqlite", ["documented-0.ndjson", "documented-1.ndjson"])
        #expect(try keys(both).tests == launches[0].tests)
        let junit = try NavRecBinary.run(["report", "--db", both, "--format", "junit"]).stdout
        #expect(junit.contains(#"<testsuites name="navrec" tests="2" failures="2" errors="0" time="0">"#), "\(junit)")
        #expect(junit.contains("in 2 of 2 sessions of Music › AlbumDetail; worst:\nerror 1.8–3.62 s flapping background (computed)"
            + " in session AlbumDetail\n"), "\(junit)")
        #expect(junit.contains("also in: AlbumDetail~"), "\(junit)")
    }

    /// A session with late frames on Music › Album (a screen the head run below does not record).
    static let lateFrames: [String] = {
        var lines = [#"{"navrec":1,"session":{"id":"late","app":"Music","screen":"Album","fps":60,"behaviors":{"blurHeader":{}}}}"#]
        var t = 0.0
        for index in 0..<120 {
            t += [40, 42, 44, 46, 80].contains(index) ? 0.05 : 0.0167
            lines.append(String(format: #"{"t":%.4f,"y":%.1f,"phase":"drag"}"#, t, Double(index + 1) * 2))
        }
        return lines
    }()

    /// A base and a head run: the flapping on Music › AlbumDetail is fixed, the hitch on Podcasts ›
    /// Episode still present, the flapping on Settings › General new, Music › Album not recorded.
    func baseAndHead() throws -> (base: String, head: String, headWithoutNew: String) {
        try directory.write("album-glitch.ndjson", try simulate([
            "--behavior", "blurHeader", "--gesture", "hover", "--seed", "3", "--observed", "--session-id", "AlbumDetail",
            "--app", "Music", "--screen", "AlbumDetail"]))
        try directory.write("album-clean.ndjson", try simulate([
            "--behavior", "blurHeader", "--gesture", "drag", "--seed", "3", "--observed", "--session-id", "AlbumDetail",
            "--app", "Music", "--screen", "AlbumDetail"]))
        try directory.write("episode.ndjson", try simulate([
            "--behavior", "customTitle", "--gesture", "fling", "--seed", "2", "--observed", "--fault", "droppedFrames=0.1",
            "--session-id", "ep", "--app", "Podcasts", "--screen", "Episode"]))
        try directory.write("general.ndjson", try simulate([
            "--behavior", "largeTitle", "--behavior", "avatar", "--gesture", "hover", "--seed", "5", "--app", "Settings", "--screen", "General"]))
        try directory.write("late.ndjson", Self.lateFrames)
        return (try database("base.sqlite", ["album-glitch.ndjson", "episode.ndjson", "late.ndjson"]),
                try database("head.sqlite", ["album-clean.ndjson", "episode.ndjson", "general.ndjson"]),
                try database("head-without-new.sqlite", ["album-clean.ndjson", "episode.ndjson"]))
    }

    @Test("report --baseline: Markdown lists new, fixed and still-present findings; the gate fails only on new ones")
    func baselineMarkdownAndGate() throws {
        let (base, head, withoutNew) = try baseAndHead()
        let comment = try NavRecBinary.run(["report", "--db", head, "--baseline", base, "--format", "markdown", "--fail-on", "error"])
        #expect(comment.status == 1, "a new error fails the gate")
        #expect(comment.stdout.hasPrefix("# navrec report: changes against the base\n\n❌ **1 new**, 2 fixed, 1 still present"
            + " (findings by screen and kind; 3 sessions here, 3 in the base `\(base)`)\n\n## New (1)\n\n"
            + "| Severity | Screen | Finding | Sessions | Worst |\n|---|---|---|--:|---|\n"
            + "| **error** | Settings › General | flapping `inlineTitleVisible` (computed) | 1 of 1 | auto-"), "\(comment.stdout)")
        #expect(comment.stdout.contains("## Fixed (2)\n\n| Severity in the base | Screen | Finding | Sessions in the base | Sessions here |\n"
            + "|---|---|---|--:|--:|\n| **error** | Music › AlbumDetail | flapping `background` (computed) | 1 of 1 | 0 of 1 |\n"
            + "| **error** | Music › AlbumDetail | flapping `background` (observed) | 1 of 1 | 0 of 1 |\n"), "\(comment.stdout)")
        #expect(comment.stdout.contains("<details><summary>Still present (1)</summary>\n\n"
            + "| Severity | Screen | Finding | Sessions | In the base | Worst |\n|---|---|---|--:|--:|---|\n"
            + "| **error** | Podcasts › Episode | hitch `frames` | 1 of 1 | 1 of 1 | ep at 0.03–2.53 s: 12 late frames cost"), "\(comment.stdout)")
        #expect(comment.stdout.contains("_Not compared: 1 finding of 1 screen the base recorded and this run did not (neither fixed nor present)._"))

        // Without a new finding the gate passes, though the hitch error is still there; without
        // --baseline it fails on it as before.
        let still = try NavRecBinary.run(["report", "--db", withoutNew, "--baseline", base, "--fail-on", "error", "--format", "markdown"])
        #expect(still.status == 0, "\(still.stderr)")
        #expect(still.stdout.contains("✅ **0 new**, 2 fixed, 1 still present"), "\(still.stdout)")
        #expect(try NavRecBinary.run(["report", "--db", withoutNew, "--fail-on", "error"]).status == 1)
        if let checked = try PythonValidator.check("check_markdown.py", [try directory.write("comment.md", [comment.stdout]),
                                                                       "--expect-trimmed", "no"], needs: "cmarkgfm") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    @Test("report --baseline: SARIF baselineState new/unchanged and the fixed ones listed; JUnit fails new, skips still-present, passes fixed")
    func baselineSARIFAndJUnit() throws {
        let (base, head, _) = try baseAndHead()
        let sarif = try NavRecBinary.run(["report", "--db", head, "--baseline", base, "--format", "sarif"])
        #expect(sarif.status == 0, "\(sarif.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let states = results.map { "\(($0["properties"] as? [String: Any])?["subject"] ?? "") \($0["ruleId"] ?? ""): \($0["baselineState"] ?? "")" }
        #expect(states == ["Podcasts › Episode hitch: unchanged", "Settings › General flapping: new"])
        let fixed = try #require((run["properties"] as? [String: Any])?["fixed"] as? [[String: Any]])
        #expect(fixed.map { "\($0["subject"] ?? "") \($0["test"] ?? "")" }
            == ["Music › AlbumDetail flapping background (computed)", "Music › AlbumDetail flapping background (observed)"])
        let path = directory.path("diff.sarif")
        try sarif.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        if let checked = try PythonValidator.check("check_sarif.py", [path, "--expect-results", "2"], needs: "sarif") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }

        let junitPath = directory.path("diff.xml")
        let junit = try NavRecBinary.run(["report", "--db", head, "--baseline", base, "--format", "junit", "--output", junitPath])
        #expect(junit.status == 0)
        let xml = try String(contentsOfFile: junitPath, encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="navrec" tests="4" failures="1" errors="0" time="0">"#), "\(xml)")
        #expect(xml.contains(#"name="flapping inlineTitleVisible (computed)" time="0">"# + "\n"
            + #"      <failure type="flapping" message="new: inlineTitleVisible flipped"#), "\(xml)")
        #expect(xml.contains(#"<testcase classname="Podcasts › Episode" name="hitch frames" time="0">"# + "\n"
            + #"      <skipped message="still present: in the base too (1 of 1 session)"/>"#), "\(xml)")
        #expect(xml.contains(#"<testcase classname="Music › AlbumDetail" name="flapping background (computed)" time="0">"# + "\n"
            + "      <system-out>fixed: in none of 1 session here, in 1 of 1 session in the base</system-out>"), "\(xml)")
        #expect(!xml.contains("Music › Album\""), "a screen the head did not record is not a test")
        if let checked = try PythonValidator.check("check_junit.py", [junitPath, "--expect-tests", "4", "--expect-failures", "1"],
                                                   needs: "junitparser, lxml") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    @Test("--baseline: a missing base exits 66, json and html are a usage error")
    func baselineErrors() throws {
        let db = try database("one.sqlite", [try { try directory.write("l.ndjson", Self.lateFrames); return "l.ndjson" }()])
        let missing = try NavRecBinary.run(["report", "--db", db, "--baseline", directory.path("nope.sqlite")])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("error: no database at \(directory.path("nope.sqlite"))"), "\(missing.stderr)")
        let json = try NavRecBinary.run(["report", "--db", db, "--baseline", db, "--format", "json"])
        #expect(json.status == 64)
        #expect(json.stderr.contains("--baseline shows changes in text, markdown, junit and sarif, not json"), "\(json.stderr)")
    }
}
