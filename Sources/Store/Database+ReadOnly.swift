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

    /// Reading pragmas whose argument names a table or index, or bounds a check
    /// (`PRAGMA table_info(sessions)`): an argument is not an assignment for them.
    static let pragmasTakingAnArgument: Set<String> = [
        "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list", "integrity_check",
        "quick_check",
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
                guard let first else { return SQLITE_DENY }
                let name = String(cString: first).lowercased()
                guard Database.readingPragmas.contains(name) else { return SQLITE_DENY }
                // SQLite passes a pragma's argument or assigned value alike as `second`.
                return second == nil || Database.pragmasTakingAnArgument.contains(name) ? SQLITE_OK : SQLITE_DENY
            default:
                return SQLITE_DENY
            }
        }, nil)
    }
}
