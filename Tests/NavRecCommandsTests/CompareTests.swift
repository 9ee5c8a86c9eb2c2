import Foundation
import Testing

/// `navrec compare` end to end through the binary (Docs/comparing-builds.md): two simulated
/// builds with known differences give each verdict, every format carries them, runs are stored,
/// and bad input gets a clear error and exit code.
@Suite("navrec compare, end to end")
struct CompareTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("builds.sqlite") }

    /// Sessions per build and screen: `Feed` regresses (head drops frames), `Inbox` improves (base
    /// dropped them), `Settings` is the same app on both, `Profile` has too few sessions.
    static let screens: [(screen: String, sessions: Int, base: [String], head: [String])] = [
        ("Feed", 10, [], ["--fault", "droppedFrames=0.05"]),
        ("Inbox", 10, ["--fault", "droppedFrames=0.05"], []),
        ("Settings", 10, [], []),
        ("Profile", 3, [], ["--fault", "droppedFrames=0.05"]),
    ]

    /// Simulates, imports and reports both builds (512 the base, 513 the head) into ``db``.
    func simulateBuilds() throws {
        var files: [String] = []
        var seed = 1
        for (screen, sessions, base, head) in Self.screens {
            for (build, extra) in [("512", base), ("513", head)] {
                for _ in 0..<sessions {
                    let file = directory.path("\(screen)-\(build)-\(seed).ndjson")
                    let result = try NavRecBinary.run([
                        "simulate", "--behavior", "largeTitle", "--gesture", "fling", "--duration", "3", "--seed", "\(seed)",
                        "--screen", screen, "--build", build, "--app-version", build == "512" ? "2.3" : "2.4", "--output", file,
                        // On the pixel grid some seeds' flings are the same bytes: the id keeps each session.
                        "--session-id", "\(screen)-\(build)-\(seed)",
                    ] + extra)
                    #expect(result.status == 0, "\(result.stderr)")
                    files.append(file)
                    seed += 1
                }
            }
        }
        #expect(try NavRecBinary.run(["import", "--db", db] + files).status == 0)
        #expect(try NavRecBinary.run(["report", "--db", db, "--format", "json"]).status == 0)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `group → metric → verdict` of a JSON report.
    static func verdicts(_ report: [String: Any]) throws -> [String: [String: String]] {
        var verdicts: [String: [String: String]] = [:]
        for result in try #require(report["results"] as? [[String: Any]]) {
            verdicts[result["group"] as! String, default: [:]][result["metric"] as! String] = result["verdict"] as? String
        }
        return verdicts
    }

    @Test("--by build: Feed regressed, Inbox improved, Settings unchanged, Profile inconclusive; every format; the run stored")
    func verdictsOfTwoBuilds() throws {
        try simulateBuilds()
        let json = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try Self.json(json.stdout)
        #expect(report["base"] as? String == "build 512")
        #expect(report["head"] as? String == "build 513")
        let verdicts = try Self.verdicts(report)
        #expect(verdicts["Feed · largeTitle"]?["hitchTimeRatio"] == "regressed")
        #expect(verdicts["Feed · largeTitle"]?["overrunP99"] == "regressed")
        #expect(verdicts["Inbox · largeTitle"]?["hitchTimeRatio"] == "improved")
        #expect(verdicts["Settings · largeTitle"]?.values.allSatisfy { $0 == "unchanged" } == true)
        #expect(verdicts["Profile · largeTitle"]?.values.allSatisfy { $0 == "inconclusive" } == true)
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.first?["verdict"] as? String == "regressed", "regressions come first")
        let totals = try #require(report["totals"] as? [String: Int])
        // Feed's and Inbox's gapFraction: 1 session of 10 with a gap on one side, so the mean's
        // interval (±0.011) reaches past the 0.01 minimum effect: inconclusive, not unchanged.
        #expect(totals["regressed"] == 2 && totals["improved"] == 2 && totals["unchanged"] == 24 && totals["inconclusive"] == 12)

        let text = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--fail-on", "regression"])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.first == "base: build 512 (33 sessions)")
        #expect(lines.contains { $0.hasPrefix("Feed · largeTitle") && $0.contains("hitchTimeRatio") && $0.hasSuffix("regressed") })
        #expect(lines.last == "2 regressed, 2 improved, 24 unchanged, 12 inconclusive")
        // The gate says why on standard error: the group, the metric, the test and its figures.
        #expect(text.stderr.hasPrefix("--fail-on regression: 2 regressed:\n  Feed · largeTitle hitchTimeRatio: "))
        #expect(text.stderr.contains("Feed · largeTitle overrunP99: median shift +"))
        #expect(text.stderr.contains("test adjusted p "))

        let junit = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--format", "junit"])
        #expect(junit.stdout.contains(#"<testsuites name="navrec compare" tests="40" failures="2""#))
        #expect(junit.stdout.contains(#"<failure type="regressed" message="hitchTimeRatio regressed: "#))
        #expect(junit.stdout.components(separatedBy: "<skipped ").count - 1 == 12)

        let markdown = try NavRecBinary.run(["compare", "--db", db, "--base", "build = '512'", "--head", "build = '513'", "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("### navrec compare: 2 regressions\n"))
        #expect(markdown.stdout.contains("| 🔴 regressed | Feed · largeTitle | hitchTimeRatio |"))

        let runs = try NavRecBinary.run(["query", "--db", db, "--format", "csv",
            "SELECT base, head, regressed, improved, unchanged, inconclusive, (SELECT count(*) FROM comparison_results r WHERE r.run_id = c.run_id) FROM comparison_runs c ORDER BY run_id"])
        #expect(runs.stdout.components(separatedBy: "\r\n").dropFirst().dropLast() == [
            "build 512,build 513,2,2,24,12,40", "build 512,build 513,2,2,24,12,40", "build 512,build 513,2,2,24,12,40",
            "where: build = '512',where: build = '513',2,2,24,12,40",
        ])
        // Every test's figures are stored (schema 19), as the JSON gives them.
        let stats = try JSONSerialization.jsonObject(with: Data(NavRecBinary.run(["compare", "--db", db, "--by", "build", "--format", "json"]).stdout.utf8)) as! [String: Any]
        let regressed = (stats["results"] as! [[String: Any]]).first { $0["verdict"] as? String == "regressed" && $0["metric"] as? String == "hitchTimeRatio" }!
        let stored = try NavRecBinary.run(["query", "--db", db, "--format", "csv", """
            SELECT share_p, share_adjusted_p, mean_p, mean_shift, share_shift, decided_by FROM comparison_results
            WHERE run_id = (SELECT max(run_id) FROM comparison_runs) AND verdict = 'regressed' AND metric = 'hitchTimeRatio'
              AND group_key = '\(regressed["group"] as! String)'
            """]).stdout.components(separatedBy: "\r\n")[1].split(separator: ",").map(String.init)
        for (index, key) in ["shareP", "shareAdjustedP", "meanP", "meanShift", "shareShift"].enumerated() {
            let expected = regressed[key] as! Double
            #expect(abs(Double(stored[index])! - expected) <= 1e-12 * max(1, abs(expected)), "\(key)")
        }
        #expect(stored[5] == regressed["decidedBy"] as? String)
    }

    @Test("two analyze files give the verdicts a database gives; the database side is what report stored")
    func analyzeFiles() throws {
        var base: [String] = []
        var head: [String] = []
        for seed in 1...8 {
            for (build, extra) in [("1", [String]()), ("2", ["--fault", "droppedFrames=0.05"])] {
                let recording = try NavRecBinary.run([
                    "simulate", "--behavior", "largeTitle", "--gesture", "fling", "--duration", "3", "--seed", "\(seed * 10 + Int(build)!)",
                    "--screen", "Feed", "--build", build,
                ] + extra)
                let analysed = try NavRecBinary.run(["analyze", "-"], stdin: Data(recording.stdout.utf8))
                if build == "1" { base.append(analysed.stdout) } else { head.append(analysed.stdout) }
            }
        }
        let basePath = directory.path("base.jsonl"), headPath = directory.path("head.jsonl")
        try base.joined().write(toFile: basePath, atomically: true, encoding: .utf8)
        try head.joined().write(toFile: headPath, atomically: true, encoding: .utf8)
        let result = try NavRecBinary.run(["compare", basePath, headPath, "--format", "json", "--fail-on", "regression"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Self.verdicts(try Self.json(result.stdout))["Feed · largeTitle"]?["hitchTimeRatio"] == "regressed")
        #expect(!FileManager.default.fileExists(atPath: directory.path("navrec.sqlite")), "two files store nothing without --db")
    }

    @Test("bad input: a side without sessions, an unknown --by, no builds recorded, no stored metrics, a missing file")
    func badInput() throws {
        let file = directory.path("one.ndjson")
        #expect(try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--duration", "1", "--output", file]).status == 0)
        #expect(try NavRecBinary.run(["import", "--db", db, file]).status == 0)

        let noBuilds = try NavRecBinary.run(["compare", "--db", db, "--by", "build"])
        #expect(noBuilds.status == 65)
        #expect(noBuilds.stderr.contains("error: no session in \(db) records a build"))

        let unknown = try NavRecBinary.run(["compare", "--db", db, "--by", "buidl"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--by takes build or app-version, not 'buidl' (did you mean 'build'?)"))

        // No stored analysis: compare analyses the session (once) and stores it, as report would.
        let unanalysed = try NavRecBinary.run(["compare", "--db", db, "--base", "1", "--head", "1"])
        #expect(unanalysed.status == 0, "\(unanalysed.stderr)")
        #expect(unanalysed.stderr == "analysed 1 base session of \(db) that had no stored analysis (stored, as navrec report does)\n")
        let again = try NavRecBinary.run(["compare", "--db", db, "--base", "1", "--head", "1"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")

        let empty = try NavRecBinary.run(["compare", "--db", db, "--base", "build = '1'", "--head", "1"])
        #expect(empty.status == 65)
        #expect(empty.stderr == "error: the base side (where: build = '1') has no sessions\n")

        let badSQL = try NavRecBinary.run(["compare", "--db", db, "--base", "no_such_column = 1", "--head", "1"])
        #expect(badSQL.status == 64)
        #expect(badSQL.stderr.contains("no such column: no_such_column"))

        let missing = try NavRecBinary.run(["compare", directory.path("nope.jsonl"), file])
        #expect(missing.status == 66)

        let old = try directory.write("old.jsonl", [#"{"id": "a", "screen": "Feed", "behaviors": ["largeTitle"], "hitchTimeRatio": 1.0, "error": null}"#])
        let oldResult = try NavRecBinary.run(["compare", old, old])
        #expect(oldResult.status == 65)
        #expect(oldResult.stderr.hasPrefix("\(old):1:1: error: the line has no overrunP50"))

        let strata = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--strata", "devcie"])
        #expect(strata.status == 64)
        #expect(strata.stderr.contains("--strata takes screen, behaviors, device, os, app or none, not 'devcie' (did you mean 'device'?)"))
        let share = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--min-share", "150%"])
        #expect(share.status == 64)
        #expect(share.stderr.contains("--min-share must be from 0% to 100%, not '150%'"))

        let usage = try NavRecBinary.run(["compare", "--db", db])
        #expect(usage.status == 64)
        let effect = try NavRecBinary.run(["compare", "a", "b", "--min-effect", "hitchRatio=2"])
        #expect(effect.status == 64)
        #expect(effect.stderr.contains("(did you mean 'hitchTimeRatio'?)"))
    }

    @Test("--output writes the file in every format, the same bytes as standard output; the gate still names its reasons")
    func outputFile() throws {
        try simulateBuilds()
        for format in ["text", "markdown", "json", "junit"] {
            let path = directory.path("compare.\(format)")
            let written = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--format", format, "--output", path, "--fail-on", "regression"])
            #expect(written.status == 1, "\(written.stderr)")
            #expect(written.stdout.isEmpty)
            #expect(written.stderr.hasPrefix("wrote \(path)\n--fail-on regression: 2 regressed:\n  Feed · largeTitle hitchTimeRatio: "))
            let printed = try NavRecBinary.run(["compare", "--db", db, "--by", "build", "--format", format])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout, "\(format)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path("")).filter { $0.contains(".navrec-") }
            #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
        }
    }

    @Test("two freshly imported databases compare: their sessions are analysed and stored once; the verdicts are report's")
    func freshDatabases() throws {
        let base = directory.path("base.sqlite"), head = directory.path("head.sqlite")
        for (path, build, extra) in [(base, "1", [String]()), (head, "2", ["--fault", "droppedFrames=0.05"])] {
            var files: [String] = []
            for seed in 1...8 {
                let file = directory.path("fresh-\(build)-\(seed).ndjson")
                #expect(try NavRecBinary.run([
                    "simulate", "--behavior", "largeTitle", "--gesture", "fling", "--duration", "3", "--seed", "\(seed * 10 + Int(build)!)",
                    "--screen", "Feed", "--build", build, "--output", file,
                ] + extra).status == 0)
                files.append(file)
            }
            #expect(try NavRecBinary.run(["import", "--db", path] + files).status == 0)
        }
        let first = try NavRecBinary.run(["compare", base, head, "--format", "json", "--fail-on", "regression"])
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stderr.hasPrefix("""
            analysed 8 base sessions of \(base) that had no stored analysis (stored, as navrec report does)
            analysed 8 head sessions of \(head) that had no stored analysis (stored, as navrec report does)
            --fail-on regression:
            """))
        #expect(try Self.verdicts(try Self.json(first.stdout))["Feed · largeTitle"]?["hitchTimeRatio"] == "regressed")
        let stored = try NavRecBinary.run(["query", "--db", head, "--format", "csv", "SELECT count(*) FROM analyses WHERE settings = '' AND moving_time IS NOT NULL"])
        #expect(stored.stdout.components(separatedBy: "\r\n")[1] == "8")
        let second = try NavRecBinary.run(["compare", base, head, "--format", "json"])
        #expect(!second.stderr.contains("analysed"), "analysed once")
        #expect(try Self.verdicts(try Self.json(second.stdout)) == Self.verdicts(try Self.json(first.stdout)))
    }
}
