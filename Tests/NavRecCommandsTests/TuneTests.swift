import Foundation
import Testing

@Suite("navrec tune, end to end")
struct TuneTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("demo.sqlite") }

    /// The demo database (14 simulated sessions of every behaviour).
    func demo() throws {
        let result = try NavRecBinary.run(["demo", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the demo's blurHeader sessions: the table, the recommendation and the rule")
    func demoTable() throws {
        try demo()
        let result = try NavRecBinary.run(["tune", "blurHeader.hysteresis", "--values", "0:3:1", "--db", db, "--threads", "2"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            blurHeader.hysteresis over 3 sessions (496 samples), 4 values, delays against 0; 11 selected sessions without blurHeader left out

            value  flapping sessions  episodes  toggles  mismatches +  mismatches −  switches  delay median ms  delay p95 ms  delay median pt  delay p95 pt  pareto  recommended
                0         1 (33.33%)         1       11             0             0        14                0             0                0             0       *
                1         1 (33.33%)         1        8             0             0        11             33.3         166.7                1             5
                2             0 (0%)         0        0             0             0         3                0          16.7                0             5       *           <-
                3             0 (0%)         0        0             0             0         3             16.7          16.7                5             5       *

            * Pareto-optimal: no other value has at most as many flapping sessions, toggles, added mismatches and p95 delay, and fewer of one.
            Delays: each switch of background against the reference's latest switch to the same value.
            recommended: blurHeader.hysteresis=2: the smallest value that leaves ≤ 1% of sessions flapping and adds no title mismatch (0 of 3 flapping); p95 delay 16.7 ms
            rule: --max-flapping-sessions 1% (no --max-delay)

            """)
        #expect(result.stderr.wholeMatch(
            of: /replayed 3 sessions × 4 values \(1984 samples × values\) in \d+\.\d+ s on 2 threads: \d+\.\d+ M samples × values\/s\n/) != nil,
            "\(result.stderr)")
    }

    @Test("what tune says for a value is what report --set finds with it",
          arguments: [("blurHeader.hysteresis", ["background", "inlineTitleVisible", "contentTitleVisible"], "0,1,1.5,2,3"),
                      ("largeTitle.hysteresis", ["inlineTitleVisible", "largeTitleVisible"], "0,0.5,1.5,2,4"),
                      ("hideOnSwipe.swipeDistance", ["barHidden"], "10,20,25,40"),
                      ("customTitle.hysteresis", ["inlineTitleVisible"], "0,1,3"),
                      ("customTitle.fadeDuration", ["inlineTitleVisible"], "0,0.1,0.35")])
    func agreesWithReport(parameter: String, signals: [String], values: String) throws {
        try demo()
        let behavior = String(parameter.prefix { $0 != "." })
        let tuned = try NavRecBinary.run(["tune", parameter, "--values", values, "--db", db, "--format", "json"])
        #expect(tuned.status == 0, "\(tuned.stderr)")
        let tuning = try #require(try Self.json(tuned.stdout)["tuning"] as? [String: Any])
        let rows = try #require(tuning["values"] as? [[String: Any]])
        #expect(rows.count == values.split(separator: ",").count)

        for row in rows {
            let value = try #require(row["value"] as? Double)
            let report = try NavRecBinary.run(["report", "--db", db, "--format", "json", "--set", "\(parameter)=\(value)"])
            #expect(report.status == 0)
            let analysed = try #require(try Self.json(report.stdout)["sessions"] as? [[String: Any]])
            let using = analysed.filter { ($0["behaviors"] as? [String] ?? []).contains(behavior) }
            #expect(using.count == tuning["sessions"] as? Int)
            var flappingSessions = 0, episodes = 0, toggles = 0
            for session in using {
                let flaps = (session["findings"] as? [[String: Any]] ?? []).filter {
                    $0["kind"] as? String == "flapping" && $0["source"] as? String == "computed"
                        && signals.contains($0["signal"] as? String ?? "")
                }
                if !flaps.isEmpty { flappingSessions += 1 }
                episodes += flaps.count
                toggles += flaps.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
            }
            #expect(row["flappingSessions"] as? Int == flappingSessions, "\(parameter)=\(value)")
            #expect(row["flappingEpisodes"] as? Int == episodes, "\(parameter)=\(value)")
            #expect(row["toggles"] as? Int == toggles, "\(parameter)=\(value)")
        }
    }

    @Test("runs are stored in tuning_runs and tuning_values; --where selects sessions by SQL")
    func stored() throws {
        try demo()
        let first = try NavRecBinary.run(["tune", "largeTitle.hysteresis", "--values", "0,2", "--db", db, "--format", "csv",
                                          "--where", "id like 'demo-large%'", "--max-delay", "50ms"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("value,flapping_sessions,flapping_episodes,toggles,"))
        #expect(first.stdout.split(separator: "\r\n").count == 3)
        let runs = try NavRecBinary.run(["query", "--db", db, "--format", "csv", """
            select behavior, parameter, selection, sessions, max_delay, recommended_value,
                   (select count(*) from tuning_values v where v.run_id = r.run_id) as n
            from tuning_runs r
            """])
        #expect(runs.stdout == """
            behavior,parameter,selection,sessions,max_delay,recommended_value,n
            largeTitle,hysteresis,where: id like 'demo-large%',4,0.05,2.0,2

            """.replacingOccurrences(of: "\n", with: "\r\n"), "\(runs.stdout)")
    }

    @Test("bad tune arguments", arguments: [
        (["tune", "blurHeader.hysterisis"], Int32(64), "error: cannot tune 'blurHeader.hysterisis'; tunable: blurHeader.hysteresis, largeTitle.hysteresis, customTitle.hysteresis, hideOnSwipe.swipeDistance, customTitle.fadeDuration, hideOnSwipe.duration (did you mean 'blurHeader.hysteresis'?)"),
        (["tune", "blurHeader.hysteresis", "--values", "3:1:0.5"], 64, "error: --values A:B:STEP needs numbers with A ≤ B and STEP > 0, not '3:1:0.5'"),
        (["tune", "blurHeader.hysteresis", "--max-delay", "fast"], 64, "error: --max-delay takes a time such as 50ms or 0.05s, not 'fast'"),
        (["tune", "blurHeader.hysteresis", "--values", "-1,2"], 64, "error: blurHeader.hysteresis=-1 for session 'demo-blur-"),
        (["tune", "blurHeader.hysteresis", "--where", "no_such_column = 1"], 65, "error: --where no_such_column = 1: no such column: no_such_column"),
        (["tune", "blurHeader.hysteresis", "--where", "1; delete from sessions"], 65, "error: --where 1; delete from sessions:"),
        (["tune", "dropdownTitle.title"], 64, "error: cannot tune 'dropdownTitle.title'"),
        (["tune", "blurHeader.hysteresis", "demo-large-drag"], 65, "error: none of the 1 selected sessions uses blurHeader"),
    ])
    func badArguments(arguments: [String], status: Int32, prefix: String) throws {
        try demo()
        let result = try NavRecBinary.run(arguments + ["--db", db])
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // Nothing was stored, and the sessions are all there.
        let count = try NavRecBinary.run(["query", "--db", db, "--format", "csv",
                                          "select (select count(*) from tuning_runs) || '/' || (select count(*) from sessions)"])
        #expect(count.stdout.hasSuffix("\r\n0/14\r\n"), "\(count.stdout)")
    }

    @Test("every format renders; the HTML page is self-contained with the curve and the recommended value",
          arguments: ["text", "json", "csv", "html"])
    func formats(format: String) throws {
        try demo()
        let path = directory.path("tune.\(format)")
        let result = try NavRecBinary.run(["tune", "hideOnSwipe.swipeDistance", "--db", db, "--format", format, "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("wrote \(path)\n"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(format == "csv" ? "25," : "25"))
        if format == "html" {
            #expect(text.contains("<svg class=\"chart\""))
            #expect(text.contains("recommended: swipeDistance 25"))
            #expect(!text.contains("<script") && !text.contains(" src=") && !text.contains("<link"))
        }
    }
}
