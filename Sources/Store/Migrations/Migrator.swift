internal import Foundation

/// Brings a database's schema up to date with the migrations carried in the binary.
///
/// Migrations apply in version order, each in its own transaction with its ledger row; an applied
/// migration whose text changed since is an error that names it, and a database with a version
/// beyond the newest known one is refused. `PRAGMA user_version` mirrors the newest version.
package struct Migrator: Sendable {
    package let migrations: [Migration]
    /// The script that makes an empty database what ``migrations`` make (``FreshSchema``), if any.
    let freshSchema: String?

    /// The migrations carried in the binary, with `Schema/schema.sql` for a new database.
    package init() {
        self.init(migrations: Migration.embedded, freshSchema: FreshSchema.embedded)
    }

    /// `migrations` alone, applied one by one also to a new database; or with `freshSchema`, the
    /// script that makes what they make.
    package init(migrations: [Migration], freshSchema: String? = nil) {
        self.migrations = migrations
        self.freshSchema = freshSchema
    }

    /// What a migration does after its SQL, where SQL cannot do it; in the same transaction.
    private static let dataSteps: [Int: @Sendable (Database) throws(DatabaseError) -> Void] = [
        9: FrameChunkMigration.run,
    ]

    /// The newest version this navrec knows.
    package var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Checks the ledger the way Flyway's validate does, without writing: no version beyond the
    /// newest known, no row for a migration this navrec does not carry, no applied migration whose
    /// text changed. Returns the applied versions with their checksums.
    @discardableResult
    package func validate(_ database: Database) throws -> [Int: String] {
        let applied = try appliedMigrations(database)
        if let newest = applied.keys.max(), newest > latestVersion {
            throw MigrationError.newerDatabase(path: database.path, version: newest, known: latestVersion)
        }
        let userVersion = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
        if userVersion > latestVersion {
            throw MigrationError.newerDatabase(path: database.path, version: userVersion, known: latestVersion)
        }
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        for version in applied.keys.sorted() where known[version] == nil {
            let name = try database.prepare("SELECT name FROM navrec_migrations WHERE version = ?")
            try name.bind([.int(Int64(version))])
            throw MigrationError.unknownMigration(
                path: database.path, version: version, name: try name.step() ? name.text(0) ?? "" : "")
        }
        // Migrations apply in order with their rows, so every carried version below the newest
        // recorded one (in the ledger, or in user_version, which the last one sets) has its row.
        if let newestRow = applied.keys.max() {
            let recorded = max(newestRow, userVersion)
            if let missing = migrations.first(where: { $0.version < recorded && applied[$0.version] == nil })
                ?? migrations.first(where: { $0.version == recorded && applied[$0.version] == nil }) {
                throw MigrationError.inconsistentLedger(path: database.path, version: missing.version, name: missing.name, recorded: recorded)
            }
        }
        for migration in migrations {
            if let checksum = applied[migration.version], checksum != migration.checksum {
                throw MigrationError.checksumMismatch(name: migration.name, path: database.path)
            }
        }
        return applied
    }

    /// Checks that a database can be read as it is: valid (``validate(_:)``) and with every
    /// migration this navrec carries applied.
    package func checkReadable(_ database: Database) throws {
        let applied = try validate(database)
        if migrations.contains(where: { applied[$0.version] == nil }) {
            throw MigrationError.olderDatabase(path: database.path, version: applied.keys.max() ?? 0, known: latestVersion)
        }
    }

    /// Applies what is missing up to version `target` (all by default); returns the names of the
    /// migrations it applied. A lower `target` lets a test stop at the schema a migration made, to
    /// check its data step on the database as that migration left it.
    @discardableResult
    package func migrate(_ database: Database, upTo target: Int = .max) throws -> [String] {
        let applied = try validate(database)
        if applied.isEmpty, target >= latestVersion, try createFresh(database) { return migrations.map(\.name) }
        var names: [String] = []
        for migration in migrations where applied[migration.version] == nil && migration.version <= target {
            try database.inTransaction {
                // Another process may have applied it while this one waited for the lock.
                if try appliedMigrations(database)[migration.version] != nil { return }
                try database.execute(migration.sql)
                try Self.dataSteps[migration.version]?(database)
                let insert = try database.prepare(
                    "INSERT INTO navrec_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)")
                try insert.bind([.int(Int64(migration.version)), .text(migration.name), .text(migration.checksum), .text(isoNow())])
                try insert.step()
                try database.execute("PRAGMA user_version = \(migration.version)")
                names.append(migration.name)
            }
        }
        return names
    }

    /// Makes an empty `database` with ``freshSchema`` in one transaction; returns false, having
    /// changed nothing, when there is no script, the database is not empty (another process may
    /// have made it while this one waited for the lock), or the ledger the script writes is not
    /// exactly ``migrations`` (a script left behind by a new migration: a test fails on that too).
    func createFresh(_ database: Database) throws -> Bool {
        guard let freshSchema, !freshSchema.isEmpty else { return false }
        do {
            try database.inTransaction {
                guard try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 0 else { throw FreshSchemaDeclined() }
                try database.execute(freshSchema)
                let ledger = try database.prepare("SELECT version, name, checksum FROM navrec_migrations ORDER BY version")
                var rows: [(Int, String, String)] = []
                while try ledger.step() { rows.append((Int(ledger.int64(0)), ledger.text(1) ?? "", ledger.text(2) ?? "")) }
                let expected = migrations.map { ($0.version, $0.name, $0.checksum) }
                guard rows.elementsEqual(expected, by: ==) else { throw FreshSchemaDeclined() }
            }
            return true
        } catch is FreshSchemaDeclined {
            return false
        }
    }

    /// Sets the ledger's `applied_at` of a database just copied from ``FreshImage`` (whose rows
    /// hold '') to now, as the script and the migrations write it.
    package func stampCopiedLedger(_ database: Database) throws {
        try database.execute("UPDATE navrec_migrations SET applied_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')")
    }

    /// Rolls ``createFresh(_:)``'s transaction back.
    private struct FreshSchemaDeclined: Error {}

    /// navrec's own triggers, name → SQL: those the schema generator makes (``SchemaSQL/triggers``;
    /// `FreshSchemaTests` checks that a migrated database has no others).
    private static let ownTriggers = Dictionary(uniqueKeysWithValues: SchemaSQL.triggers.map { ($0.name, $0.sql) })

    /// Refuses a database holding a trigger navrec did not create, or one of navrec's replaced by
    /// other SQL (issue 39): a trigger runs inside navrec's own writes, and one made by hand or by
    /// another tool altered the samples `import` stored and the sessions `report` saw. Checked
    /// before a writer writes (``SessionStore``); readers open the file read-only, where no
    /// trigger runs. Triggers of older schemas are compared once the database is migrated.
    package func checkOwnTriggers(_ database: Database) throws {
        let own = Self.ownTriggers
        let statement = try database.prepare(
            "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
        var foreign: [String] = []
        while try statement.step() {
            let name = statement.text(0) ?? ""
            guard own[name] != statement.text(2) else { continue }
            foreign.append("'\(name)' on \(statement.text(1) ?? "?")")
        }
        if !foreign.isEmpty { throw MigrationError.foreignTriggers(path: database.path, triggers: foreign) }
    }

    /// Applied versions with their checksums; empty for a new database.
    private func appliedMigrations(_ database: Database) throws -> [Int: String] {
        let exists = try database.scalarInt(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'navrec_migrations'") ?? 0
        guard exists > 0 else { return [:] }
        let statement = try database.prepare("SELECT version, checksum FROM navrec_migrations")
        var result: [Int: String] = [:]
        while try statement.step() {
            result[Int(statement.int64(0))] = statement.text(1) ?? ""
        }
        return result
    }
}

/// The current time as ISO 8601 in UTC, to the second.
package func isoNow() -> String {
    isoText(Date())
}

/// `date` as ISO 8601 in UTC, to the second (``isoNow()``).
func isoText(_ date: Date) -> String {
    date.formatted(.iso8601)
}
