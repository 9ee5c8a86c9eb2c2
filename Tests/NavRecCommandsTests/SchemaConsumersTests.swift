import Foundation
import Store
import Testing

/// The clients of the database's columns outside navrec's Swift code — the Parquet export and
/// Datasette's metadata — against the schema of a database made by the migrations: a column a
/// migration adds is exported and described, or this fails.
@Suite("Consumers of the schema")
struct SchemaConsumersTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("consumers.sqlite") }

    /// Names of the columns of `relation` (PRAGMA table_info), in order.
    func columns(_ relation: String) throws -> [String] {
        let database = try Database(path: db, mode: .readOnly)
        let statement = try database.prepare("SELECT name FROM pragma_table_info(?1)")
        try statement.bind([.text(relation)])
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    /// Sessions with observed states, frame durations, findings, a raw clock and header fields.
    func importSessions() throws {
        let recording = directory.path("scaled.ndjson")
        let simulated = try NavRecBinary.run([
            "simulate", "--behavior", "largeTitle", "--behavior", "avatar", "--gesture", "hover", "--observed", "--fault", "titleEarly",
            "--scale", "3", "--app-version", "5.12", "--build", "513", "--session-id", "scaled", "--output", recording,
        ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let raw = try directory.write("raw.ndjson", [
            #"{"navrec":1,"session":{"id":"raw","fps":60,"behaviors":{"blurHeader":{}}}}"#,
            #"{"t":5000.000,"y":0.0,"phase":"drag","frameDuration":0.016667}"#, #"{"t":5000.017,"y":90.0,"phase":"drag"}"#,
        ])
        #expect(try NavRecBinary.run(["import", recording, raw, "--db", db]).status == 0)
        #expect(try NavRecBinary.run(["report", "--db", db]).status == 0)
    }

    @Test("the Parquet export carries every public column of sessions, findings, timeline and session_summary, with the database's values")
    func parquet() throws {
        try importSessions()
        #expect(try columns("sessions").contains("t_origin") && columns("sessions").contains("build"))
        #expect(try columns("timeline").contains("frame_duration"))
        if let checked = try PythonValidator.check("parquet/check_export.py", [db], needs: "pyarrow") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
            #expect(checked.stdout.contains("Parquet export OK"))
        }
    }

    @Test("Datasette's metadata describes exactly the columns of each table and view it describes")
    func datasette() throws {
        try importSessions()
        let path = directory.path("metadata.json")
        #expect(try NavRecBinary.run(["datasette-metadata", "--db", db, "--output", path]).status == 0)
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let database = try #require((metadata["databases"] as? [String: Any])?["consumers"] as? [String: Any])
        let tables = try #require(database["tables"] as? [String: [String: Any]])
        let described = tables.filter { $0.value["hidden"] as? Bool != true }
        #expect(Set(described.keys) == ["sessions", "findings", "timeline", "observed_gaps", "chunk_gaps", "session_summary", "bar_state_fields"])
        for (name, entry) in described {
            let descriptions = try #require(entry["columns"] as? [String: String], "\(name)")
            #expect(Set(descriptions.keys) == Set(try columns(name)), "\(name): describe every column in DatasetteMetadata")
        }
    }
}
