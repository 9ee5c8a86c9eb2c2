import Foundation
import Store
import Testing

/// A database whose schema is not this navrec's (issue 27, item 10): an older one is refused by the
/// read-only commands with how to upgrade it, not "no such table"; `navrec migrate` upgrades it; a
/// ledger row this navrec does not carry and an edited migration are reported by every command, as
/// Flyway's validate does.
@Suite("database schema checks")
struct ReliabilitySchemaTests {
    /// The database of the last release before frame chunks (schema 8), copied into `directory`.
    static func oldDatabase(_ directory: TemporaryDirectory) throws -> String {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "StoreTests/Fixtures/release-schema8.sqlite")
        let path = directory.path("old.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return path
    }

    @Test("query and sessions on a database before frame chunks say it needs upgrading and how; migrate upgrades it",
          arguments: [["query", "SELECT count(*) FROM timeline"], ["query", "session_timeline", "--param", "session=x"], ["sessions"]])
    func olderDatabase(_ arguments: [String]) throws {
        let directory = TemporaryDirectory()
        let database = try Self.oldDatabase(directory)
        let before = try ReliabilityDatabase.digest(database)
        let refused = try NavRecBinary.run(arguments + ["--db", database])
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(refused.stderr.contains("has schema version 8, from an older navrec"), "\(refused.stderr)")
        #expect(refused.stderr.contains("navrec migrate --db \(database)"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("no such table"))
        #expect(try ReliabilityDatabase.digest(database) == before)
        let migrated = try NavRecBinary.run(["migrate", "--db", database])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("applied 0009_frame_chunks.sql"), "\(migrated.stdout)")
        #expect(try NavRecBinary.run(["migrate", "--db", database]).stdout.contains("is up to date"))
        let query = try NavRecBinary.run(["query", "SELECT count(*) AS n FROM timeline", "--db", database, "--format", "csv"])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout != "n\r\n0\r\n")
    }

    static let ledgerEdits: [(sql: String, says: String)] = [
        ("INSERT INTO navrec_migrations VALUES (5, '0005_mystery.sql', 'abc', '2026-01-01')",
         "navrec_migrations records version 5 ('0005_mystery.sql'), a migration this navrec does not carry"),
        ("UPDATE navrec_migrations SET checksum = 'edited' WHERE version = 3",
         "migration 0003_hitch_model.sql was applied with different contents"),
    ]

    @Test("an unknown ledger row and an edited migration are reported by reading and writing commands alike",
          arguments: 0..<ledgerEdits.count)
    func ledger(_ index: Int) throws {
        let (sql, says) = Self.ledgerEdits[index]
        let directory = TemporaryDirectory()
        let database = try Self.oldDatabase(directory)
        try #require(try NavRecBinary.run(["migrate", "--db", database]).status == 0)
        let edit = try Database(path: database)
        try edit.execute(sql)
        for arguments in [["sessions"], ["query", "SELECT 1"], ["report"], ["migrate"]] {
            let result = try NavRecBinary.run(arguments + ["--db", database])
            #expect(result.status == 74, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(arguments[0]): \(result.stderr)")
        }
    }
}
