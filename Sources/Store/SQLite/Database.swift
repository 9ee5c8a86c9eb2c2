internal import CSQLite

/// One SQLite connection, configured as navrec needs it: WAL, `synchronous=NORMAL`, foreign keys,
/// a busy timeout and extended result codes.
///
/// Not `Sendable`: a connection belongs to the thread that opened it.
package final class Database {
    /// How the file is opened.
    package enum Mode: Sendable {
        /// Read and write, creating the file when missing.
        case readWrite
        /// Read only: every statement that would write fails (`SQLITE_READONLY`).
        case readOnly
    }

    let handle: ConnectionHandle
    /// The `sqlite3` pointer, valid while this database lives.
    var connection: OpaquePointer { handle.pointer }
    /// The file's path as given.
    package let path: String
    /// The deadline of ``limitTime(to:)``, held here so the progress handler's pointer stays valid.
    var timeLimit: TimeLimit?
    /// BEGIN, COMMIT and the savepoint statements, compiled on the first transaction
    /// (``transactionStatements()``).
    private var cachedTransactionStatements: TransactionStatements?

    /// How long a statement waits for another process's lock before failing with `SQLITE_BUSY`.
    package static let defaultBusyTimeout: Int32 = 60_000

    /// SQLite's process-wide settings, made once before the first connection opens.
    private static let configured: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    /// Opens (and for `.readWrite` creates) the database at `path`.
    package init(path: String, mode: Mode = .readWrite, busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeout) throws(DatabaseError) {
        Self.configured
        var handle: OpaquePointer?
        let flags = (mode == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError.from(handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = ConnectionHandle(handle)
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        // A file that is not a database fails here, on its first read, with SQLITE_NOTADB.
        try execute("PRAGMA foreign_keys = ON")
        if mode == .readWrite {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
        } else {
            try execute("PRAGMA query_only = ON")
        }
    }

    /// Runs one or more statements that return no rows.
    package func execute(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(connection, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw DatabaseError.from(connection, code: code, sql: sql) }
    }

    /// Compiles one statement.
    package func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Compiles every statement of a script, in order.
    package func prepareAll(_ script: String) throws(DatabaseError) -> [Statement] {
        try Statement.prepareAll(script, database: self)
    }

    /// The rowid of the last successful INSERT on this connection.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(connection) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(connection)) }

    /// Whether the connection is inside a transaction.
    var isInTransaction: Bool { sqlite3_get_autocommit(connection) == 0 }

    /// Whether the connection was opened ``Mode/readOnly``.
    var isReadOnly: Bool { sqlite3_db_readonly(connection, "main") == 1 }

    /// The transaction statements of this connection, compiled on first use.
    func transactionStatements() throws(DatabaseError) -> TransactionStatements {
        if let cachedTransactionStatements { return cachedTransactionStatements }
        let statements = try TransactionStatements(database: self)
        cachedTransactionStatements = statements
        return statements
    }

    /// The first column of the first row of `sql`, as an integer (nil when no row or NULL).
    package func scalarInt(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int64(0)
    }

    /// Throws ``ResultCode/databaseMoved`` when the path the connection was opened with no longer
    /// names the file it has open (SQLite's `SQLITE_FCNTL_HAS_MOVED`: the path is gone, or its
    /// inode is another file's, as after `mv other.sqlite PATH` or `rm PATH`).
    static func checkNotMoved(_ connection: OpaquePointer) throws(DatabaseError) {
        var moved: Int32 = 0
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK, moved != 0 else { return }
        throw DatabaseError(
            extendedResultCode: .databaseMoved,
            message: "the file was moved, replaced or deleted while navrec had it open")
    }

    /// Makes a running statement on this connection stop with `SQLITE_INTERRUPT` (safe from a signal
    /// handler's thread).
    package func interrupt() {
        sqlite3_interrupt(connection)
    }
}
