import Foundation
import Testing
@testable import Store

/// A new database made in one step by `Schema/schema.sql` (``FreshSchema``) against the same
/// database made by applying the migrations one by one: schema, rows, ledger and version the same.
@Suite("A new database from Schema/schema.sql")
struct FreshSchemaTests {
    let directory = TemporaryDirectory()

    /// The migrations carried, applied one by one (no script).
    static let stepwise = Migrator(migrations: Migration.embedded)

    /// Every object of `sqlite_schema` but SQLite's own, in name order: creation order (rootpage,
    /// rowid) is all that may differ.
    static func schema(_ database: Database) throws -> [[SQLValue]] {
        try FrameChunkMigrationTests.rows(
            "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name", in: database)
    }

    /// The ledger without its times.
    static func ledger(_ database: Database) throws -> [[SQLValue]] {
        try FrameChunkMigrationTests.rows("SELECT version, name, checksum FROM navrec_migrations ORDER BY version", in: database)
    }

    /// Every row of every table but the ledger, with its table's name.
    static func contents(_ database: Database) throws -> [String: [[SQLValue]]] {
        var contents: [String: [[SQLValue]]] = [:]
        for table in try FrameChunkMigrationTests.rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'navrec_migrations'", in: database) {
            guard case .text(let name) = table[0] else { continue }
            contents[name] = try FrameChunkMigrationTests.rows("SELECT * FROM \"\(name)\" ORDER BY 1", in: database)
        }
        return contents
    }

    @Test("a new database made by the script equals one migrated from version 1 one migration at a time")
    func sameAsMigrated() throws {
        let migrated = try Database(path: directory.path("migrated.sqlite"))
        try Migrator(migrations: [Migration.embedded[0]]).migrate(migrated)
        #expect(try Self.stepwise.migrate(migrated) == Migration.embedded.dropFirst().map(\.name))
        let fresh = try Database(path: directory.path("fresh.sqlite"))
        #expect(try Migrator().createFresh(fresh), "Schema/schema.sql was not used: run `\(FreshSchema.command)`")
        #expect(try Self.schema(fresh) == Self.schema(migrated))
        #expect(try Self.ledger(fresh) == Self.ledger(migrated))
        #expect(try Self.ledger(fresh).count == Migration.embedded.count)
        #expect(try Self.contents(fresh) == Self.contents(migrated))
        #expect(try fresh.scalarInt("PRAGMA user_version") == migrated.scalarInt("PRAGMA user_version"))
        let times = try FrameChunkMigrationTests.rows("SELECT DISTINCT applied_at FROM navrec_migrations", in: fresh)
        #expect(times.count == 1)
        if case .text(let time) = times.first?.first {
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "applied_at \(time) is not ISO 8601 as isoNow() writes it")
        }
        #expect(try Migrator().migrate(fresh).isEmpty)
    }

    @Test("a new file is a copy of the image: equal to a database migrated one migration at a time, ledger dated now")
    func imageSameAsMigrated() throws {
        let migrated = try Database(path: directory.path("migrated.sqlite"))
        try Self.stepwise.migrate(migrated)
        let path = directory.path("new.sqlite")
        let store = try SessionStore(path: path)
        #expect(store.appliedMigrations == Migration.embedded.map(\.name), "the file was not made whole")
        // The image's pages, not the script's (whose pages would still be in the -wal): a stale
        // Schema/schema.sql leaves no image.
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(EmbeddedSQL.image.size > 0 && size == EmbeddedSQL.image.size, "not a copy of the image: run `\(FreshSchema.command)`")
        let fresh = store.database
        #expect(try Self.schema(fresh) == Self.schema(migrated))
        #expect(try Self.ledger(fresh) == Self.ledger(migrated))
        #expect(try Self.contents(fresh) == Self.contents(migrated))
        #expect(try fresh.scalarInt("PRAGMA user_version") == migrated.scalarInt("PRAGMA user_version"))
        #expect(try FrameChunkMigrationTests.rows("PRAGMA integrity_check", in: fresh) == [[.text("ok")]])
        #expect(try FrameChunkMigrationTests.rows("PRAGMA journal_mode", in: fresh) == [[.text("wal")]])
        let times = try FrameChunkMigrationTests.rows("SELECT DISTINCT applied_at FROM navrec_migrations", in: fresh)
        #expect(times.count == 1)
        if case .text(let time) = times.first?.first {
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "applied_at \(time) is not ISO 8601 as isoNow() writes it")
        }
        // No temporary left beside it; the mode SQLite gives a file it creates.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains("navrec-") }.isEmpty)
        let mask = umask(0)
        umask(mask)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int).map { mode_t($0) } == 0o644 & ~mask)
    }

    @Test("the image is copied only where no file is: a file there, even an empty one, is left to SQLite and the script")
    func imageNeverReplacesAFile() throws {
        let existing = directory.path("mine.sqlite")
        let database = try Database(path: existing)
        try database.execute("CREATE TABLE mine (x); INSERT INTO mine VALUES (42)")
        let before = try Data(contentsOf: URL(fileURLWithPath: existing))
        #expect(FreshImage.create(at: existing) == false)
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == before)
        #expect(try database.scalarInt("SELECT x FROM mine") == 42)

        let empty = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        #expect(FreshImage.create(at: empty) == false)
        let store = try SessionStore(path: empty)
        #expect(store.appliedMigrations == Migration.embedded.map(\.name))
        let migrated = try Database(path: ":memory:")
        try Self.stepwise.migrate(migrated)
        #expect(try Self.schema(store.database) == Self.schema(migrated))
        #expect(try Self.contents(store.database) == Self.contents(migrated))
    }

    @Test("no copy into a missing directory or for an in-memory name; nothing is left behind")
    func imageNotCopiedWhereItCannotBe() throws {
        #expect(FreshImage.create(at: directory.path("missing/new.sqlite")) == false)
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
        #expect(FreshImage.create(at: ":memory:") == false)
        #expect(FreshImage.create(at: "") == false)
        #expect(!FileManager.default.fileExists(atPath: ":memory:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("Schema/schema.sql is what navrec-schema writes from the migrations")
    func scriptIsRegenerated() throws {
        let database = try Database(path: ":memory:")
        try Self.stepwise.migrate(database)
        #expect(try FreshSchema.script(of: database) == FreshSchema.embedded, "Schema/schema.sql is out of date: run `\(FreshSchema.command)`")
    }

    @Test("the database of the previous release migrates to the schema a new database has")
    func oldDatabaseMigrates() throws {
        let path = directory.path("schema8.sqlite")
        try FileManager.default.copyItem(at: FrameChunkMigrationTests.fixture, to: URL(fileURLWithPath: path))
        let store = try SessionStore(path: path)
        #expect(store.appliedMigrations == Migration.embedded.filter { $0.version > 8 }.map(\.name))
        let fresh = try Database(path: directory.path("fresh.sqlite"))
        try Migrator().migrate(fresh)
        #expect(try Self.schema(store.database) == Self.schema(fresh))
        #expect(try Self.ledger(store.database) == Self.ledger(fresh))
    }

    @Test("a script whose ledger is not exactly the migrations is not used, and leaves the database empty")
    func staleScriptDeclined() throws {
        let database = try Database(path: directory.path("stale.sqlite"))
        let older = Migrator(migrations: Array(Migration.embedded.dropLast()), freshSchema: FreshSchema.embedded)
        #expect(try older.createFresh(database) == false)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 0)
        #expect(try older.migrate(database) == Migration.embedded.dropLast().map(\.name))
    }

    @Test("a database holding tables of its own gets the migrations one by one, and keeps its tables")
    func nonEmptyDatabase() throws {
        let database = try Database(path: directory.path("mine.sqlite"))
        try database.execute("CREATE TABLE mine (x); INSERT INTO mine VALUES (42)")
        #expect(try Migrator().createFresh(database) == false)
        #expect(try Migrator().migrate(database) == Migration.embedded.map(\.name))
        #expect(try database.scalarInt("SELECT x FROM mine") == 42)
    }

    @Test("the migrations make no trigger but the generated ones, which the store takes for its own")
    func triggersAreGenerated() throws {
        let database = try Database(path: ":memory:")
        try Self.stepwise.migrate(database)
        let triggers = try FrameChunkMigrationTests.rows("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name", in: database)
        #expect(triggers == SchemaSQL.triggers.sorted { $0.name < $1.name }.map { [.text($0.name), .text($0.sql)] },
                "a migration made a trigger that SchemaSQL.triggers does not list")
    }
}
