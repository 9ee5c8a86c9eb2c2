internal import CSQLite
internal import Dispatch

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

    /// Functions denied to user SQL: `fts3_tokenizer` returns (and with two arguments installs) a
    /// pointer into the process, an address leak or worse; `load_extension` loads code. Every other
    /// built-in function only computes from its arguments.
    static let deniedFunctions: Set<String> = ["fts3_tokenizer", "load_extension"]

    /// The longest string or blob user SQL may make (`zeroblob(1e9)` would take a gigabyte).
    static let userLengthLimit: Int32 = 100_000_000

    /// Denies everything but reading, on top of the read-only open: no writes, no ATTACH/DETACH,
    /// no pragma that sets a value, no schema changes, no transactions that could hold locks, no
    /// function of ``deniedFunctions``; values are limited to ``userLengthLimit`` bytes.
    /// Denied statements fail to compile with SQLite's "not authorized".
    package func allowOnlyReading() {
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, Database.userLengthLimit)
        sqlite3_set_authorizer(connection, { _, action, first, second, _, _ in
            switch action {
            case SQLITE_FUNCTION:
                // SQLite passes the function's name as `second`.
                guard let second else { return SQLITE_DENY }
                return Database.deniedFunctions.contains(String(cString: second).lowercased()) ? SQLITE_DENY : SQLITE_OK
            case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
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

/// A time limit for user SQL (`navrec query --timeout`).
extension Database {
    /// Makes every statement on this connection stop with `SQLITE_INTERRUPT` once `seconds` have
    /// passed from now (checked by a progress handler every few thousand virtual-machine steps, so
    /// an endless recursive CTE stops too); `nil` removes the limit.
    package func limitTime(to seconds: Double?) {
        guard let seconds else {
            sqlite3_progress_handler(connection, 0, nil, nil)
            timeLimit = nil
            return
        }
        let limit = TimeLimit(deadline: DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, min(seconds, 1e9)) * 1e9))
        timeLimit = limit
        sqlite3_progress_handler(connection, 10_000, { context in
            guard let context else { return 0 }
            let limit = Unmanaged<TimeLimit>.fromOpaque(context).takeUnretainedValue()
            return DispatchTime.now().uptimeNanoseconds >= limit.deadline ? 1 : 0
        }, Unmanaged.passUnretained(limit).toOpaque())
    }

    /// Whether ``limitTime(to:)``'s deadline has passed (an interrupt then came from it).
    package var isPastTimeLimit: Bool {
        guard let timeLimit else { return false }
        return DispatchTime.now().uptimeNanoseconds >= timeLimit.deadline
    }
}
