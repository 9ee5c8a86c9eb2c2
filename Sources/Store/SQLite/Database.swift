internal import CSQLite
internal import Foundation
internal import TextTools

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
        let handle = try Self.open(path, mode: mode, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        self.handle = ConnectionHandle(handle)
        self.path = path
        // A file that is not a database fails here, on its first read, with SQLITE_NOTADB.
        try execute("PRAGMA foreign_keys = ON")
        if mode == .readWrite {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
        } else {
            try execute("PRAGMA query_only = ON")
        }
    }

    /// A connection to `path`. A reader of a WAL database needs the `-shm` index beside it, which
    /// SQLite cannot create in a directory the reader may not write (a shared or archived
    /// database): then, when the `-wal` is absent or empty (the file holds every commit), the file
    /// is opened `immutable=1`, which needs no index and no lock (issue 39 item 12). A WAL holding
    /// commits is not skipped: reading the file without it would show an older state, so that is
    /// an error saying how to read it (``ResultCode/walIndexUnavailable``). The immutable open
    /// relies on no one writing the file meanwhile, which holds as long as no writer can create
    /// the `-wal` either (in that same directory); a writer of another user could, and the reader
    /// could then see a torn state.
    private static func open(_ path: String, mode: Mode, busyTimeoutMilliseconds: Int32) throws(DatabaseError) -> OpaquePointer {
        let flags = (mode == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let handle = try openHandle(FileName.cString(path), flags: flags, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        guard mode == .readOnly else { return handle }
        // The first read opens the WAL index (a file that is not a database also fails here).
        let code = sqlite3_exec(handle, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
        guard code != SQLITE_OK else { return handle }
        let error = DatabaseError.from(handle, code: code, sql: nil)
        sqlite3_close_v2(handle)
        guard error.resultCode == .readOnly || error.resultCode == .cannotOpen else { throw error }
        var status = stat()
        let walBytes = stat(FileName.cString(path + "-wal"), &status) == 0 ? Int64(status.st_size) : 0
        guard walBytes == 0 else {
            throw DatabaseError(
                extendedResultCode: .walIndexUnavailable,
                message: "its write-ahead log (\(path)-wal, \(walBytes) bytes) holds commits not yet in the file, and SQLite cannot create the -shm index it needs to read them beside it")
        }
        let uri = Array("file:".utf8) + FileName.bytes(of: path).flatMap(Self.uriEscaped) + Array("?immutable=1".utf8)
        let immutable = try openHandle(
            uri.map { CChar(bitPattern: $0) } + [0], flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let retry = sqlite3_exec(immutable, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
        guard retry == SQLITE_OK else {
            let error = DatabaseError.from(immutable, code: retry, sql: nil)
            sqlite3_close_v2(immutable)
            throw error
        }
        return immutable
    }

    /// `sqlite3_open_v2` with extended result codes and the busy timeout, closing the handle when it fails.
    private static func openHandle(_ name: UnsafePointer<CChar>, flags: Int32, busyTimeoutMilliseconds: Int32) throws(DatabaseError) -> OpaquePointer {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError.from(handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        return handle
    }

    /// One byte of a path in a `file:` URI: `%`, `?`, `#` and every byte outside ASCII letters,
    /// digits and `/._-~` percent-encoded.
    private static func uriEscaped(_ byte: UInt8) -> [UInt8] {
        let plain = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || Array("/._-~".utf8).contains(byte)
        return plain ? [byte] : Array(("%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)).utf8)
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
