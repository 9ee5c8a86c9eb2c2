internal import ArgumentKit

/// The database a command works on.
enum DatabaseOptions {
    /// `--db PATH`; a command that uses the database its own way says so with ``Option/help(_:)``.
    static let database = Option<String>.value("db", "PATH", "Database (default: $NAVREC_DB, else ./navrec.sqlite).")
}
