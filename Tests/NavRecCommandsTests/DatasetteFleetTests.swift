import Foundation
import Testing

/// What Datasette reads at fleet size (issue 21 item 7, migration 0014): `timeline` is one join
/// SQLite flattens into the query that reads it, so counting its rows decodes nothing, and
/// Datasette's own form of `observed_drift` (over `observed_gaps`) gives the portable query's rows.
@Suite("Datasette at fleet size: timeline flattens, observed_drift's SQLite form equals the portable one")
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
    func shell(_ db: String, _ sql: String) throws -> String {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [db, sql]
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

    @Test("the metadata's observed_drift (over observed_gaps) returns Queries/observed_drift.sql's rows, in order")
    func driftSameRows() throws {
        let db = try makeDatabase()
        let metadataPath = directory.path("metadata.json")
        #expect(try NavRecBinary.run(["datasette-metadata", "--db", db, "--output", metadataPath]).status == 0)
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: metadataPath))) as? [String: Any])
        let database = try #require((metadata["databases"] as? [String: Any])?["fleet"] as? [String: Any])
        let queries = try #require(database["queries"] as? [String: [String: Any]])
        let sqliteForm = try #require(queries["observed_drift"]?["sql"] as? String)
        #expect(sqliteForm.contains("observed_gaps"))
        let portable = try NavRecBinary.run(["query", "--db", db, "--format", "csv", "observed_drift"])
        let file = try directory.write("observed_drift_sqlite.sql", [sqliteForm])
        let datasette = try NavRecBinary.run(["query", "--db", db, "--format", "csv", file])
        #expect(portable.status == 0 && datasette.status == 0, "\(portable.stderr) \(datasette.stderr)")
        #expect(datasette.stdout == portable.stdout)
        // Real drift is in there: heightJitter and flicker make the app's bar differ from the model's.
        let rows = portable.stdout.split(separator: "\r\n").dropFirst()
        #expect(rows.count > 40)
        #expect(rows.contains { !$0.hasSuffix(",0.0,0.0") && !$0.contains(",0.0,") })
    }
}
