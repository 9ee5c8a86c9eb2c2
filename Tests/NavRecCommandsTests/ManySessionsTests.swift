import Foundation
import Testing

/// Issue 10, class 11: reports over thousands of sessions.
@Suite("reports over many sessions, end to end")
struct ManySessionsTests {
    let directory = TemporaryDirectory()

    /// `count` five-sample sessions `tiny-000000`…; every hundredth is ANALYSIS.md's worked example
    /// (one flapping warning), the others scroll cleanly.
    func tinySessions(_ count: Int, db name: String) throws -> String {
        var lines: [String] = []
        for index in 0..<count {
            lines.append(String(format: #"{"navrec":1,"session":{"id":"tiny-%06d","app":"Music","screen":"Album","fps":60,"behaviors":{"blurHeader":{}}}}"#, index))
            let ys = index % 100 == 0 ? ["82.0", "85.0", "83.0", "86.0", "82.5"] : ["10.0", "12.0", "14.0", "16.0", "18.0"]
            for (t, y) in zip(["0.000", "0.017", "0.033", "0.050", "0.067"], ys) {
                lines.append(#"{"t":\#(t),"y":\#(y),"phase":"drag"}"#)
            }
        }
        let db = directory.path(name)
        let imported = try NavRecBinary.run(["import", try directory.write("\(name).ndjson", lines), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    static let flapping = "  warning  0.02–0.07 s  flapping background (computed): background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it\n"

    static func headline(_ index: Int) -> String {
        String(format: "tiny-%06d", index) + " (Music › Album) — blurHeader — 0.07 s, 5 samples, 60 fps, hitches 0.0 ms/s, frame jitter 0.094 ms\n"
    }

    @Test("report memory does not grow with the number of sessions (250 vs 1,000 tiny sessions)")
    func flatMemory() throws {
        let small = try tinySessions(250, db: "small.sqlite")
        let large = try tinySessions(1_000, db: "large.sqlite")
        for format in ["json", "text"] {
            let few = try PeakMemory.run(["report", "--db", small, "--format", format], in: directory)
            let many = try PeakMemory.run(["report", "--db", large, "--format", format], in: directory)
            #expect(few.status == 0 && many.status == 0, "\(few.stderr) \(many.stderr)")
            #expect(many.stdout.contains(format == "json" ? "\"sessions\": 1000," : "1000 sessions, 10 findings"))
            // Kept in memory, 750 more analyses took ~80 MB (~105 KB each); streamed, the peak moves
            // by the page cache at most.
            let growth = many.peakBytes - few.peakBytes
            #expect(growth < 12 << 20, "\(format): peak \(few.peakBytes >> 20) MB for 250 sessions, \(many.peakBytes >> 20) MB for 1,000")
        }
    }

    @Test("the text report lists the sessions with findings and sums up the clean ones in one line")
    func readableText() throws {
        let db = try tinySessions(1_000, db: "tiny.sqlite")
        let report = try NavRecBinary.run(["report", "--db", db])
        #expect(report.status == 0)
        #expect(report.stderr == "")
        let flagged = stride(from: 0, to: 1_000, by: 100).map { Self.headline($0) + Self.flapping + "\n" }.joined()
        #expect(report.stdout == flagged
            + "990 sessions without findings: tiny-000001, tiny-000002, tiny-000003, … (--all lists them)\n"
            + "1000 sessions, 10 findings: 10 warnings, 0 errors (flapping 10, jitter 0, hitch 0, title_mismatch 0)\n")
        let all = try NavRecBinary.run(["report", "--db", db, "--all"])
        let every = (0..<1_000).map { Self.headline($0) + ($0 % 100 == 0 ? Self.flapping : "  no findings\n") + "\n" }.joined()
        #expect(all.stdout == every + "1000 sessions, 10 findings: 10 warnings, 0 errors (flapping 10, jitter 0, hitch 0, title_mismatch 0)\n")
        let failing = try NavRecBinary.run(["report", "--db", db, "--fail-on", "warning"])
        #expect(failing.status == 1)
        #expect(failing.stdout == report.stdout)
    }

    @Test("the JSON report holds every session in import order with the totals")
    func completeJSON() throws {
        let db = try tinySessions(300, db: "json.sqlite")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json"])
        #expect(report.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let sessions = try #require(root["sessions"] as? [[String: Any]])
        #expect(sessions.compactMap { $0["id"] as? String } == (0..<300).map { String(format: "tiny-%06d", $0) })
        #expect(sessions.map { ($0["findings"] as? [Any])?.count ?? -1 } == (0..<300).map { $0 % 100 == 0 ? 1 : 0 })
        let totals = try #require(root["totals"] as? [String: Any])
        #expect(totals["sessions"] as? Int == 300)
        #expect(totals["findings"] as? Int == 3)
    }

    @Test("named sessions are reported once each, in import order, and only those clean ones are summed up")
    func namedSessions() throws {
        let db = try tinySessions(300, db: "named.sqlite")
        let report = try NavRecBinary.run(["report", "tiny-000205", "tiny-000100", "tiny-000002", "tiny-000100", "--db", db])
        #expect(report.status == 0)
        #expect(report.stdout == Self.headline(100) + Self.flapping + "\n"
            + "2 sessions without findings: tiny-000002, tiny-000205 (--all lists them)\n"
            + "3 sessions, 1 finding: 1 warning, 0 errors (flapping 1, jitter 0, hitch 0, title_mismatch 0)\n")
        let stored = try NavRecBinary.run(["query", "select count(*) as n from analyses", "--db", db, "--format", "csv"])
        #expect(stored.stdout == "n\r\n3\r\n")
    }

    @Test("two jobs report exactly what one does, in the same order, and store the same findings", arguments: ["tiny", "demo"])
    func twoJobs(data: String) throws {
        let db: String
        if data == "demo" {
            db = directory.path("demo.sqlite")
            #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        } else {
            db = try tinySessions(300, db: "jobs.sqlite")
        }
        let findings = "select session_id, kind, signal, source, start_t, end_t, message from findings order by session_id, start_t, kind, signal, source"
        for arguments in [["--all"], ["--format", "json"], ["--format", "markdown"]] {
            let one = try NavRecBinary.run(["report", "--db", db, "--jobs", "1"] + arguments)
            let oneStored = try NavRecBinary.run(["query", findings, "--db", db, "--format", "csv"]).stdout
            let two = try NavRecBinary.run(["report", "--db", db, "--jobs", "2"] + arguments)
            #expect(one.status == 0 && two.status == 0, "\(two.stderr)")
            #expect(two.stderr == "")
            #expect(two.stdout == one.stdout)
            #expect(try NavRecBinary.run(["query", findings, "--db", db, "--format", "csv"]).stdout == oneStored)
        }
        let bad = try NavRecBinary.run(["report", "--db", db, "--jobs", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: --jobs takes a whole number of at least 1, not '0'\n"))
    }
}
