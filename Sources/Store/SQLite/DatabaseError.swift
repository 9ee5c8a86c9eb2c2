internal import CSQLite

/// A failed SQLite call: the extended result code, SQLite's message and the SQL that failed
/// (the shape of GRDB's `DatabaseError`).
package struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY`, …).
    package var extendedResultCode: ResultCode
    /// SQLite's message for the failure.
    package var message: String
    /// The statement that failed, when there was one.
    package var sql: String?

    /// The primary result code (`SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`).
    package var resultCode: ResultCode { extendedResultCode.primary }

    package var description: String {
        var text = "SQLite error \(extendedResultCode): \(message)"
        if let sql { text += " (while running: \(sql.count > 200 ? String(sql.prefix(200)) + "…" : sql))" }
        return text
    }

    /// The error for `code` as reported by `connection`.
    static func from(_ connection: OpaquePointer?, code: Int32, sql: String?) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        return DatabaseError(extendedResultCode: ResultCode(rawValue: extended), message: message, sql: sql)
    }
}
