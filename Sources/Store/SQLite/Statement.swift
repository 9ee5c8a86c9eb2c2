internal import CSQLite

/// A compiled statement: bind parameters (1-based), step through rows, read typed columns
/// (0-based). Finalized in `deinit`; not `Sendable`.
///
/// ``bind(_:)`` binds every parameter at once and checks their number; the `unchecked` binds of
/// one parameter are for the import's hot path only (``ParameterBinder``), which binds a chunk row's
/// columns by index millions of times.
package final class Statement {
    let handle: OpaquePointer
    /// Kept open while the statement lives.
    private let connection: ConnectionHandle
    /// The SQL the statement was compiled from.
    package let sql: String

    init(database: Database, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError.from(database.connection, code: code, sql: sql)
        }
        self.handle = handle
        connection = database.handle
        self.sql = sql
    }

    private init(handle: OpaquePointer, database: Database, sql: String) {
        self.handle = handle
        connection = database.handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Compiles every statement of `script` in order (skipping empty ones, such as comments).
    static func prepareAll(_ script: String, database: Database) throws(DatabaseError) -> [Statement] {
        let bytes = Array(script.utf8)
        var statements: [Statement] = []
        var offset = 0
        while offset < bytes.count {
            var handle: OpaquePointer?
            var consumed = 0
            let code = bytes.withUnsafeBufferPointer { buffer -> Int32 in
                let start = UnsafeRawPointer(buffer.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(database.connection, start, Int32(bytes.count - offset), &handle, &tail)
                consumed = tail.map { $0 - start } ?? (bytes.count - offset)
                return code
            }
            let text = String(decoding: bytes[offset..<offset + consumed], as: UTF8.self)
            guard code == SQLITE_OK else { throw DatabaseError.from(database.connection, code: code, sql: text) }
            if let handle { statements.append(Statement(handle: handle, database: database, sql: text)) }
            if consumed == 0 { break }
            offset += consumed
        }
        return statements
    }

    /// Number of parameters the statement takes.
    package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// The name of a parameter (`:session`), or nil for a positional one.
    package func parameterName(_ index: Int) -> String? {
        sqlite3_bind_parameter_name(handle, Int32(index)).map { String(cString: $0) }
    }

    /// Binds parameter `index` without checking it (the import's hot path, ``ParameterBinder``).
    @inline(__always)
    func uncheckedBind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    @inline(__always)
    func uncheckedBind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    @inline(__always)
    func uncheckedBindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Binds `value` to parameter `index` without checking it: for statements whose every
    /// parameter is bound on each use, where building the array of ``bind(_:)`` for each row
    /// showed in a short session's report (``SessionStore/write(_:)``).
    func uncheckedBind(_ index: Int32, _ value: SQLValue) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .int(let number): sqlite3_bind_int64(handle, index, number)
        case .double(let number): sqlite3_bind_double(handle, index, number)
        // `withCString` lends a native string's own bytes; passing the `String` would copy it to an array first.
        case .text(let text): text.withCString { _ = sqlite3_bind_text(handle, index, $0, -1, csqlite_transient()) }
        }
    }

    /// Binds a BLOB; SQLite copies the bytes.
    func uncheckedBind(_ index: Int32, bytes: UnsafeRawBufferPointer) {
        sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
    }

    /// Binds `values` to parameters 1, 2, …: exactly one value for each parameter. Another number
    /// is a programming error (a parameter left holding the previous row's value, or a value for
    /// none), reported with both counts and the SQL.
    package func bind(_ values: [SQLValue]) throws(DatabaseError) {
        guard values.count == parameterCount else {
            throw DatabaseError(
                extendedResultCode: .range,
                message: "\(values.count) value\(values.count == 1 ? "" : "s") bound to a statement of \(parameterCount) parameter\(parameterCount == 1 ? "" : "s")",
                sql: sql)
        }
        for (offset, value) in values.enumerated() { uncheckedBind(Int32(offset + 1), value) }
    }

    /// Advances to the next row: `true` when a row is ready, `false` when done.
    @discardableResult
    package func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw DatabaseError.from(connection.pointer, code: code, sql: sql)
        }
    }

    /// Runs a statement that returns no rows, and resets it so it holds nothing afterwards.
    package func execute() throws(DatabaseError) {
        defer { sqlite3_reset(handle) }
        try step()
    }

    /// Resets the statement to run again (bindings are kept).
    package func reset() {
        sqlite3_reset(handle)
    }

    /// Number of result columns.
    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of a result column.
    package func columnName(_ index: Int) -> String {
        String(cString: sqlite3_column_name(handle, Int32(index)))
    }

    @inline(__always)
    package func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    @inline(__always)
    package func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    @inline(__always)
    package func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    package func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: bytes)
    }

    @inline(__always)
    package func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : double(index) }

    /// A column as a ``SQLValue`` of its stored type.
    package func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .int(int64(index))
        case SQLITE_FLOAT: .double(double(index))
        case SQLITE_NULL: .null
        default: .text(text(index) ?? "")
        }
    }
}
