import Testing
@testable import Store

@Suite("Migrations")
struct MigratorTests {
    let directory = TemporaryDirectory()

    @Test("a fresh database gets every migration, recorded with its checksum")
    func freshApply() throws {
        let database = try Database(path: directory.path("fresh.sqlite"))
        let applied = try Migrator().migrate(database)
        #expect(applied == Migration.embedded.map(\.name))
        #expect(try database.scalarInt("SELECT count(*) FROM navrec_migrations") == Int64(Migration.embedded.count))
        let statement = try database.prepare("SELECT checksum FROM navrec_migrations WHERE version = 1")
        #expect(try statement.step())
        #expect(statement.text(0) == Migration.embedded[0].checksum)
        #expect(try database.scalarInt("PRAGMA user_version") == Int64(Migrator().latestVersion))
        for name in ["sessions", "frame_chunks", "chunk_positions", "observed", "events", "findings", "analyses", "timeline", "session_summary"] {
            #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(name)]) == 1)
        }
    }

    @Test("0003 upgrades a schema-1 database in place: at schema 3, taps, analyses and frames keep their values")
    func upgradeToHitchModel() throws {
        let path = directory.path("v1.sqlite")
        let database = try Database(path: path)
        #expect(try Migrator(migrations: [Migration.embedded[0]]).migrate(database) == [Migration.embedded[0].name])
        try database.execute("""
            INSERT INTO sessions VALUES (1, 'old', NULL, NULL, NULL, NULL, 60, NULL, 'largeTitle', '{}', 'c', '-', 1, 0, 1, 0, 0, 'now');
            INSERT INTO frames (key, t_us, y) VALUES (4294967296, 0, 5000);
            INSERT INTO events VALUES (1, 0, 1, 0.5, 'tap', 'title');
            INSERT INTO analyses VALUES (1, '', 2.5, 0.1, 'now');
            """)
        let applied = try Migrator().migrate(database, upTo: 3)
        #expect(applied == Migration.embedded.filter { (2...3).contains($0.version) }.map(\.name))
        #expect(try database.scalarInt("PRAGMA user_version") == 3)
        #expect(try database.scalarInt("SELECT count(*) FROM events WHERE kind = 'tap' AND target = 'title' AND t = 0.5") == 1)
        #expect(try database.scalarInt("SELECT count(*) FROM timeline WHERE y = 5 AND frame_duration IS NULL") == 1)
        #expect(try database.scalarInt("SELECT gaps FROM session_summary WHERE hitch_time_ratio = 2.5") == 0)
        // Lifecycle events have no target; taps need one.
        try database.execute("INSERT INTO events VALUES (1, 1, 1, 0.7, 'background', NULL)")
        #expect(throws: DatabaseError.self) { try database.execute("INSERT INTO events VALUES (1, 2, 1, 0.8, 'tap', NULL)") }
        #expect(throws: DatabaseError.self) { try database.execute("INSERT INTO events VALUES (1, 3, 1, 0.9, 'foreground', 'bar')") }
    }

    @Test("re-opening a migrated database applies nothing")
    func reopenIsNoOp() throws {
        let path = directory.path("again.sqlite")
        _ = try SessionStore(path: path)
        let database = try Database(path: path)
        #expect(try Migrator().migrate(database).isEmpty)
    }

    @Test("an applied migration whose text changed is an error that names it")
    func editedMigration() throws {
        let path = directory.path("edited.sqlite")
        _ = try SessionStore(path: path)
        let original = Migration.embedded[0]
        let edited = Migration(name: original.name, sql: original.sql + "\n-- edited\n")!
        let database = try Database(path: path)
        let error = #expect(throws: MigrationError.self) {
            // The later migrations as carried: only the first one's text differs.
            try Migrator(migrations: [edited] + Migration.embedded.dropFirst()).migrate(database)
        }
        #expect(error == .checksumMismatch(name: original.name, path: path))
        #expect(error?.description.contains(original.name) == true)
    }

    @Test("a database from a newer navrec is refused")
    func newerDatabase() throws {
        let path = directory.path("newer.sqlite")
        _ = try SessionStore(path: path)
        do {
            let database = try Database(path: path)
            try database.execute("INSERT INTO navrec_migrations VALUES (999, '0999_future.sql', 'x', '2030-01-01')")
        }
        let error = #expect(throws: MigrationError.self) { try SessionStore(path: path) }
        #expect(error == .newerDatabase(path: path, version: 999, known: Migrator().latestVersion))
        #expect(error?.description.contains("newer navrec") == true)
    }

    @Test("a migration that fails leaves the database as it was")
    func failedMigrationRollsBack() throws {
        let database = try Database(path: directory.path("failed.sqlite"))
        let good = Migration(name: "0001_a.sql", sql: "CREATE TABLE navrec_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT);")!
        let bad = Migration(name: "0002_b.sql", sql: "CREATE TABLE b (x); CREATE TABLE b (x);")!
        #expect(throws: DatabaseError.self) { try Migrator(migrations: [good, bad]).migrate(database) }
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == 0)
        #expect(try database.scalarInt("SELECT max(version) FROM navrec_migrations") == 1)
    }
}
