/// A database whose schema this navrec cannot use.
package enum MigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An applied migration's file changed since: the schema may have drifted.
    case checksumMismatch(name: String, path: String)
    /// The database was written by a newer navrec.
    case newerDatabase(path: String, version: Int, known: Int)

    package var description: String {
        switch self {
        case .checksumMismatch(let name, let path):
            "\(path): migration \(name) was applied with different contents than this navrec carries; the schema may have drifted (restore the original migration file, or start a new database)"
        case .newerDatabase(let path, let version, let known):
            "\(path): the database has schema version \(version), written by a newer navrec; this navrec knows up to version \(known) (upgrade navrec, or use another --db)"
        }
    }
}
