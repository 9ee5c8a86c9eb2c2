internal import CSQLite

/// Reading-only enforcement for user SQL (`navrec query`).
extension Database {
    /// Pragmas that only report (with no `= value`), allowed under ``allowOnlyReading()``.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "database_list", "collation_list", "function_list", "pragma_list", "compile_options", "user_version",
        "schema_version", "page_count", "page_size", "freelist_count", "encoding", "journal_mode",
        "integrity_check", "quick_check",
    ]

    /// Denies everything but reading, on top of the read-only open: no writes, no ATTACH/DETACH,
    /// no pragma that sets a value, no schema changes, no transactions that could hold locks.
    /// Denied statements fail to compile with SQLite's "not authorized".
    package func allowOnlyReading() {
        sqlite3_set_authorizer(connection, { _, action, first, second, _, _ in
            switch action {
            case SQLITE_SELECT, SQLITE_READ, SQLITE_FUNCTION, SQLITE_RECURSIVE:
                return SQLITE_OK
            case SQLITE_PRAGMA:
                guard let first, second == nil else { return SQLITE_DENY }
                return Database.readingPragmas.contains(String(cString: first).lowercased()) ? SQLITE_OK : SQLITE_DENY
            default:
                return SQLITE_DENY
            }
        }, nil)
    }
}
