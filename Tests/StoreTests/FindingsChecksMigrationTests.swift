import Testing
@testable import Store

/// Schema 20 spells the findings table's CHECKs as comparisons: the same values pass, and storing a
/// finding no longer builds temporary b-trees for IN lists.
@Suite("findings CHECKs as comparisons (schema 20)")
struct FindingsChecksMigrationTests {
    let directory = TemporaryDirectory()

    static let insert = """
        INSERT INTO findings (session_key, session_id, settings, kind, subkind, signal, source, severity, start_t, end_t,
                              count, y_min, y_max, suggested_hysteresis, suggested_swipe_distance, message, details)
        VALUES (1, 'a', '', ?, NULL, 'background', ?, ?, 0.5, 1.5, 4, 1, 2, 1.5, NULL, 'm', '{}')
        """

    /// The one text `sql` selects.
    static func text(_ sql: String, in database: Database) throws -> String? {
        let statement = try database.prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// The opcodes of `sql` compiled on `database`.
    static func opcodes(_ sql: String, in database: Database) throws -> [String] {
        let explain = try database.prepare("EXPLAIN " + sql)
        var opcodes: [String] = []
        while try explain.step() { opcodes.append(explain.text(1) ?? "") }
        return opcodes
    }

    @Test("0020 keeps every finding; the CHECKs accept every value they accepted and refuse the rest")
    func migrates() throws {
        let database = try Database(path: directory.path("v19.sqlite"))
        _ = try Migrator(migrations: Migration.embedded.filter { $0.version <= 19 }).migrate(database)
        // Rows without their session and analysis: only the findings table is under test.
        try database.execute("PRAGMA foreign_keys = OFF")
        let rows = [("flapping", "computed", "warning"), ("jitter", "observed", "error"), ("hitch", "recording", "error"),
                    ("title_mismatch", "comparison", "warning")]
        let insert = try database.prepare(Self.insert)
        for (kind, source, severity) in rows {
            try insert.bind([.text(kind), .text(source), .text(severity)])
            try insert.execute()
        }
        let dump = "SELECT group_concat(quote(finding_id) || kind || source || severity || start_t || details, ';') FROM findings"
        let before = try Self.text(dump, in: database)
        #expect(try Migrator().migrate(database, upTo: 20) == ["0020_findings_checks.sql"])
        #expect(try Self.text(dump, in: database) == before)
        #expect(try database.scalarInt("SELECT count(*) FROM findings") == 4)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE tbl_name = 'findings' AND type = 'index'") == 2)
        let again = try database.prepare(Self.insert)
        for (kind, source, severity) in rows {
            try again.bind([.text(kind), .text(source), .text(severity)])
            try again.execute()
        }
        // Counter-cases: one wrong value in any of the three columns is refused.
        for (kind, source, severity) in [("nonsense", "computed", "warning"), ("hitch", "app", "error"), ("hitch", "recording", "fatal"),
                                         ("Flapping", "computed", "warning")] {
            try again.bind([.text(kind), .text(source), .text(severity)])
            let error = #expect(throws: DatabaseError.self) { try again.execute() }
            #expect(error?.resultCode == .constraint)
        }
        #expect(try database.scalarInt("SELECT count(*) FROM findings") == 8)
    }

    @Test("storing a finding builds no temporary b-tree; with the IN lists of schema 19 it built two a row")
    func noEphemeralTables() throws {
        let current = try Database(path: directory.path("v20.sqlite"))
        _ = try Migrator().migrate(current)
        #expect(try !Self.opcodes(Self.insert, in: current).contains("OpenEphemeral"))
        let old = try Database(path: directory.path("old.sqlite"))
        _ = try Migrator(migrations: Migration.embedded.filter { $0.version <= 19 }).migrate(old)
        #expect(try Self.opcodes(Self.insert, in: old).filter { $0 == "OpenEphemeral" }.count == 2)
    }
}
