import Foundation
import Testing

/// What Datasette reads at fleet size (issue 21 item 7, migrations 0014 and 0016): `timeline` is one
/// join SQLite flattens into the query that reads it, so counting its rows decodes nothing, and
/// `observed_drift` over each chunk's largest gaps (`chunk_gaps`) gives the rows every observed
/// sample's gaps give.
@Suite("Datasette at fleet size: timeline flattens, observed_drift over chunk_gaps equals the per-sample answer")
struct DatasetteFleetTests {
    let directory = TemporaryDirectory()

    /// A varied fleet with observed states (faults that make the streams differ) and the demo.
    func makeDatabase() throws -> String {
        let db = directory.path("fleet.sqlite")
        let recordings = directory.path("fleet.ndjson")
        try (SimulatedFleet.fleet(count: 48) + SimulatedFleet.demo()).write(toFile: recordings, atomically: true, encoding: .utf8)
        let imported = try NavRecBinary.run(["import", recordings, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// The `sqlite3` shell's output for `sql` on `db` (what a client without navrec's table reads).
    func shell(_ db: String, _ sql: String, options: [String] = []) throws -> String {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = options + [db, sql]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return output
    }

    @Test("counting timeline (what Datasette's facet suggestions do) runs as a plain join, not a co-routine decoding every column")
    func timelineFlattens() throws {
        let db = try makeDatabase()
        let plan = try shell(db, "EXPLAIN QUERY PLAN SELECT count(*) FROM (SELECT session_id, seq, t, y, bar_height, blur_alpha FROM timeline)")
        #expect(plan.contains("SEARCH c USING INTEGER PRIMARY KEY") && !plan.contains("CO-ROUTINE") && !plan.contains("COMPOUND"), "\(plan)")
        let counts = try shell(db, "SELECT count(*) FROM timeline; SELECT sum(samples) + sum(observed_samples) FROM sessions")
        let lines = counts.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == lines[1], "\(counts)")
    }

    /// Each session's largest gap per field and the earliest t with it, from every row of
    /// `observed_gaps`: what `Queries/observed_drift.sql` must answer from one row per chunk.
    static let perSample: String = {
        let fields = ["bar_height", "large_title_alpha", "inline_title_alpha", "content_title_alpha", "blur_alpha", "bar_shown"]
        let gaps = fields.map { "SELECT session_id, '\($0)' AS field, \($0)_gap AS gap, t FROM observed_gaps" }
        return """
            WITH g AS (\(gaps.joined(separator: " UNION ALL "))),
            m AS (SELECT session_id, field, MAX(gap) AS gap FROM g WHERE gap IS NOT NULL GROUP BY session_id, field)
            SELECT m.session_id, m.field, FLOOR(m.gap * 1e3 + 0.5) / 1e3 AS largest_gap, FLOOR(MIN(g.t) * 1e3 + 0.5) / 1e3 AS t_s
              FROM m JOIN g ON g.session_id = m.session_id AND g.field = m.field AND g.gap = m.gap
             GROUP BY m.session_id, m.field ORDER BY m.session_id, m.field
            """
    }()

    @Test("Datasette's observed_drift is Queries/observed_drift.sql, and it returns the rows every observed sample gives, in order")
    func driftSameRows() throws {
        let db = try makeDatabase()
        let metadataPath = directory.path("metadata.json")
        #expect(try NavRecBinary.run(["datasette-metadata", "--db", db, "--output", metadataPath]).status == 0)
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: metadataPath))) as? [String: Any])
        let database = try #require((metadata["databases"] as? [String: Any])?["fleet"] as? [String: Any])
        let queries = try #require(database["queries"] as? [String: [String: Any]])
        let datasetteForm = try #require(queries["observed_drift"]?["sql"] as? String)
        #expect(datasetteForm.contains("FROM chunk_gaps") && !datasetteForm.contains("FROM observed_gaps"))
        let portable = try NavRecBinary.run(["query", "--db", db, "--format", "csv", "observed_drift"])
        let file = try directory.write("observed_drift_per_sample.sql", [Self.perSample])
        let perSample = try NavRecBinary.run(["query", "--db", db, "--format", "csv", file])
        #expect(portable.status == 0 && perSample.status == 0, "\(portable.stderr) \(perSample.stderr)")
        #expect(perSample.stdout == portable.stdout)
        // Real drift is in there: heightJitter and flicker make the app's bar differ from the model's.
        let rows = portable.stdout.split(separator: "\r\n").dropFirst()
        #expect(rows.count > 40)
        #expect(rows.contains { !$0.hasSuffix(",0.0,0.0") && !$0.contains(",0.0,") })
    }

    @Test("Datasette's canned queries page: over 1,001 sessions sessions_overview's pages 1 and 2 are the query's whole answer, in order")
    func cannedQueriesPage() throws {
        // Five-sample sessions, enough of them for a second page.
        var lines: [String] = []
        for index in 0..<1001 {
            lines.append(#"{"navrec":1,"session":{"id":"tiny-\#(index)","fps":60,"behaviors":{"blurHeader":{}}}}"#)
            for (t, y) in zip([0.0, 0.017, 0.033, 0.05, 0.067], [10.0, 12.0, 14.0, 16.0, 18.0]) {
                lines.append(#"{"t":\#(t),"y":\#(y + Double(index % 7)),"phase":"drag"}"#)
            }
        }
        let db = directory.path("tiny.sqlite")
        let imported = try NavRecBinary.run(["import", try directory.write("tiny.ndjson", lines), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let metadataPath = directory.path("metadata.json")
        #expect(try NavRecBinary.run(["datasette-metadata", "--db", db, "--output", metadataPath]).status == 0)
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: metadataPath))) as? [String: Any])
        let database = try #require((metadata["databases"] as? [String: Any])?["tiny"] as? [String: Any])
        let queries = try #require(database["queries"] as? [String: [String: Any]])
        let overview = try #require(queries["sessions_overview"])
        #expect(overview["params"] as? [String] == ["page"])
        let paged = try #require(overview["sql"] as? String)
        let whole = try String(contentsOf: PythonValidator.integrations.deletingLastPathComponent().appending(path: "Queries/sessions_overview.sql"),
                               encoding: .utf8)
        let page = { (number: String) throws -> [Substring] in
            try self.shell(db, "\n" + paged, options: ["-csv", "-cmd", ".parameter set :page \(number)"]).split(separator: "\n")
        }
        // A newline first: the shell reads an argument that starts with "--" as an option.
        let all = try shell(db, "\n" + whole, options: ["-csv"]).split(separator: "\n")
        #expect(all.count == 1001)
        let first = try page("''"), second = try page("2")
        #expect(first.count == 1000 && second.count == 1)
        #expect(first + second == all)
        #expect(try page("3").isEmpty)
        #expect(try page("1") == first)
        // A query that ends in its own LIMIT (at most 20 rows) is left as it is.
        #expect(queries["worst_sessions"]?["params"] == nil)
        #expect((queries["worst_sessions"]?["sql"] as? String)?.contains(":page") == false)
    }
}
