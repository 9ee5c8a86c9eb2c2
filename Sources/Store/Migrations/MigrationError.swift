/// A database whose schema this navrec cannot use.
package enum MigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An applied migration's file changed since: the schema may have drifted.
    case checksumMismatch(name: String, path: String)
    /// The database was written by a newer navrec.
    case newerDatabase(path: String, version: Int, known: Int)
    /// `navrec_migrations` records a migration this navrec does not carry (a hand edit, another tool).
    case unknownMigration(path: String, version: Int, name: String)
    /// The database lacks migrations this navrec carries, and the command only reads.
    case olderDatabase(path: String, version: Int, known: Int)
    /// `navrec_migrations` lacks the row of migration `version` although a later one is recorded
    /// (or `PRAGMA user_version` says `recorded`): a row was deleted by hand or by another tool.
    case inconsistentLedger(path: String, version: Int, name: String, recorded: Int)
    /// Triggers navrec did not create (`name on table`), which would run inside its writes.
    case foreignTriggers(path: String, triggers: [String])

    package var description: String {
        switch self {
        case .checksumMismatch(let name, let path):
            "\(path): migration \(name) was applied with different contents than this navrec carries; the schema may have drifted (restore the original migration file, or start a new database)"
        case .newerDatabase(let path, let version, let known):
            "\(path): the database has schema version \(version), written by a newer navrec; this navrec knows up to version \(known) (upgrade navrec, or use another --db)"
        case .unknownMigration(let path, let version, let name):
            "\(path): navrec_migrations records version \(version) ('\(name)'), a migration this navrec does not carry; the schema was changed by hand or by another tool (restore the database from a backup, or start a new one)"
        case .inconsistentLedger(let path, let version, let name, let recorded):
            "\(path): the migration ledger is inconsistent: navrec_migrations has no row for migration \(version) ('\(name)') although the database records schema version \(recorded); a row was deleted by hand or by another tool, and applying the migration again would fail or change the schema twice; nothing was changed (restore the database from a backup, or put the row back: its version, name and checksum are those of Migrations/\(name))"
        case .olderDatabase(let path, 0, _):
            "\(path) is not a navrec database (it has no navrec_migrations table): import recordings into it first (navrec import FILE --db \(path)), or choose another --db"
        case .foreignTriggers(let path, let triggers):
            "\(path) holds \(triggers.count == 1 ? "a trigger" : "triggers") navrec did not create (\(triggers.joined(separator: ", "))), which would run inside navrec's writes and change what it stores; nothing was written: drop \(triggers.count == 1 ? "it" : "them") (sqlite3 \(path) 'DROP TRIGGER \(triggers[0].split(separator: " ").first ?? "")') or use another --db (sessions and query still read it)"
        case .olderDatabase(let path, let version, let known):
            "\(path) has schema version \(version), from an older navrec; this navrec reads version \(known): upgrade it once with `navrec migrate --db \(path)` (commands that write, such as import and report, upgrade it too), then run again"
        }
    }
}
