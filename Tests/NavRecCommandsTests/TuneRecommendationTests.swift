import Foundation
import Testing

/// Issue 21, item 8: `tune`'s "adds no title mismatch" compares the model with itself, its
/// recommendation says when users would notice the delay or the pick is at an end of the range, and
/// its text table fits the terminal.
@Suite("navrec tune recommendations, end to end")
struct TuneRecommendationTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("observed.sqlite") }

    /// Three largeTitle hovers recorded with the app's observed states (at the default hysteresis).
    func observedSessions() throws {
        for seed in 1...3 {
            let simulated = try NavRecBinary.run([
                "simulate", "--behavior", "largeTitle", "--gesture", "hover", "--seed", String(seed), "--observed",
                "--session-id", "lt-\(seed)",
            ])
            #expect(simulated.status == 0, "\(simulated.stderr)")
            let imported = try NavRecBinary.run(["import", "-", "--db", db], stdin: Data(simulated.stdout.utf8))
            #expect(imported.status == 0, "\(imported.stderr)")
        }
    }

    func tune(_ values: String, _ extra: [String] = [], environment: [String: String] = [:]) throws -> NavRecBinary.Result {
        let result = try NavRecBinary.run(["tune", "largeTitle.hysteresis", "--db", db, "--values", values] + extra,
                                          environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test("a replayed hysteresis the recorded app lacked adds no title mismatch: the rule is met on observed recordings")
    func mismatchesAgainstTheModel() throws {
        try observedSessions()
        let run = try #require(try TuneTests.json(try tune("0:4:0.5", ["--format", "json"]).stdout)["tuning"] as? [String: Any])
        let values = try #require(run["values"] as? [[String: Any]])
        #expect(values.allSatisfy { $0["mismatchesIntroduced"] as? Int == 0 }, "\(values)")
        let recommendation = try #require(run["recommendation"] as? [String: Any])
        #expect(recommendation["value"] as? Double == 2)
        #expect(recommendation["reason"] as? String
            == "the smallest value that leaves ≤ 1% of sessions flapping and adds no title mismatch (0 of 3 flapping); no delay measured")
        #expect(recommendation["notes"] as? [String] == [])
    }

    @Test("a pick users would notice (p95 over 100 ms) at the end of the range says both; --noticeable-delay moves the line")
    func notes() throws {
        try observedSessions()
        let text = try tune("0:1.5:0.5").stdout
        #expect(text.contains("recommended: largeTitle.hysteresis=1.5: no value leaves ≤ 1% of sessions flapping"))
        #expect(text.contains("\nnote: its p95 delay, 200 ms, is one users notice (over 100 ms): 1 switch in 20 is at least that late;"
            + " --max-delay 100ms keeps under it\nnote: it is the largest value tried: a larger one may do better (extend --values)\n"))
        let relaxed = try tune("0:1.5:0.5", ["--noticeable-delay", "250ms"]).stdout
        #expect(!relaxed.contains("users notice"))
        #expect(relaxed.contains("note: it is the largest value tried"))
        let stored = try NavRecBinary.run(["query", "select reason from tuning_runs order by rowid limit 1", "--db", db, "--format", "csv"])
        #expect(stored.stdout.contains("; note: its p95 delay, 200 ms, is one users notice"))
    }

    @Test("the text table fits the terminal width, naming the columns it leaves out; a pipe gets every column")
    func terminalWidth() throws {
        try observedSessions()
        let narrow = try tune("0:4:0.5", environment: ["COLUMNS": "80"]).stdout
        let table = narrow.components(separatedBy: "\n\n")[1].split(separator: "\n")
        #expect(table.first?.hasPrefix("value  flapping sessions") == true)
        #expect(table.allSatisfy { $0.count <= 80 }, "\(table)")
        #expect(narrow.contains("(left out to fit 80 columns: episodes, "))
        let piped = try tune("0:4:0.5").stdout
        #expect(piped.contains("delay median pt  delay p95 pt  pareto  recommended\n"))
        #expect(!piped.contains("left out to fit"))
    }
}
