import Foundation
import Testing

/// `navrec query` opens the database read-only and denies everything but reading: no statement
/// can change the file or create another one, however it is spelt.
@Suite("navrec query cannot write")
struct ReliabilityQueryTests {
    static let writes = [
        "INSERT INTO sessions (id) VALUES ('x')",
        "DELETE FROM frame_chunks",
        "UPDATE sessions SET app = 'x'",
        "DROP TABLE findings",
        "CREATE TABLE t (x)",
        "CREATE TEMP TABLE t (x)",
        "CREATE TRIGGER wipe AFTER INSERT ON findings BEGIN DELETE FROM frame_chunks; END",
        "CREATE VIEW v AS SELECT 1",
        "ALTER TABLE sessions ADD COLUMN x",
        "WITH doomed AS (SELECT key FROM frame_chunks) DELETE FROM frame_chunks WHERE key IN (SELECT key FROM doomed)",
        "ATTACH DATABASE 'attached.sqlite' AS other",
        "ATTACH 'file:attached.sqlite?mode=rwc' AS other; CREATE TABLE other.t (x)",
        "VACUUM INTO 'copy.sqlite'",
        "VACUUM",
        "PRAGMA user_version = 7",
        "PRAGMA journal_mode = DELETE",
        "PRAGMA writable_schema = ON",
        "PRAGMA query_only = OFF; DELETE FROM frame_chunks",
        "PRAGMA wal_checkpoint(TRUNCATE)",
        "PRAGMA optimize",
        "PRAGMA foreign_keys = OFF",
        "BEGIN IMMEDIATE",
        "SELECT 1; DELETE FROM frame_chunks",
        "REINDEX",
        "ANALYZE",
        "SELECT load_extension('libm.so')",
        "REPLACE INTO navrec_migrations VALUES (999, 'x', 'x', 'x')",
    ]

    @Test("a writing statement fails, the database file is unchanged and no file appears", arguments: writes)
    func denied(_ sql: String) throws {
        let directory = TemporaryDirectory()
        let db = directory.path("navrec.sqlite")
        let recording = try directory.write("hover.ndjson", ImportTests.blurHover)
        #expect(try NavRecBinary.run(["import", recording, "--db", db]).status == 0)
        let before = try ReliabilityDatabase.files(in: directory.url)
        let result = try NavRecBinary.run(["query", sql, "--db", "navrec.sqlite"], in: directory.url)
        #expect(result.status == 65, "\(sql): exit \(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        // SQLite's read-only connection leaves an empty -wal and a -shm index beside a WAL database;
        // those are its own bookkeeping. Everything else must be byte for byte as before.
        var after = try ReliabilityDatabase.files(in: directory.url)
        #expect(after.removeValue(forKey: "navrec.sqlite-wal").map { $0 == ReliabilityDatabase.emptyDigest } ?? true)
        after["navrec.sqlite-shm"] = nil
        #expect(after == before, "\(sql) changed or created a file")
    }

    @Test("reading still works: SELECT, reading pragmas, integrity_check")
    func reads() throws {
        let directory = TemporaryDirectory()
        let recording = try directory.write("hover.ndjson", ImportTests.blurHover)
        #expect(try NavRecBinary.run(["import", recording, "--db", "navrec.sqlite"], in: directory.url).status == 0)
        let before = try ReliabilityDatabase.files(in: directory.url)
        for sql in ["select count(*) as n from timeline where source = 'computed'", "PRAGMA integrity_check", "PRAGMA user_version"] {
            let result = try NavRecBinary.run(["query", sql, "--db", "navrec.sqlite", "--format", "csv"], in: directory.url)
            #expect(result.status == 0, "\(sql): \(result.stderr)")
        }
        #expect(try ReliabilityDatabase.files(in: directory.url)["navrec.sqlite"] == before["navrec.sqlite"])
    }
}
