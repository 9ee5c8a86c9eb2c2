internal import CSQLite

/// `BEGIN IMMEDIATE`, `COMMIT`, `ROLLBACK` and the savepoint statements, compiled once per
/// connection (``Database/transactionStatements()``): `sqlite3_exec` compiled each of them again
/// for every session that `navrec import` stored and every analysis `navrec report` saved, a large
/// share of the per-session cost of many short sessions.
///
/// The one way Store begins and ends transactions: ``Database/inTransaction(_:)`` for work that
/// fits in a closure, these methods for the import batch, whose transaction spans many calls
/// (``ImportBatch``, a savepoint per session).
final class TransactionStatements {
    /// Held rather than the ``Database``, which holds this (see ``ConnectionHandle``).
    private let connection: ConnectionHandle
    private let beginStatement: Statement
    private let beginReadingStatement: Statement
    private let commitStatement: Statement
    private let rollbackStatement: Statement
    private let savepointStatement: Statement
    private let releaseStatement: Statement
    private let rollbackToStatement: Statement

    init(database: Database) throws(DatabaseError) {
        connection = database.handle
        // IMMEDIATE takes the write lock at once, so two writers queue on the busy timeout instead
        // of failing to upgrade a read lock.
        beginStatement = try database.prepare("BEGIN IMMEDIATE")
        // DEFERRED: the first read takes the snapshot, and nothing takes the write lock.
        beginReadingStatement = try database.prepare("BEGIN DEFERRED")
        commitStatement = try database.prepare("COMMIT")
        rollbackStatement = try database.prepare("ROLLBACK")
        // One name serves nested savepoints too: RELEASE and ROLLBACK TO act on the innermost
        // savepoint of that name.
        savepointStatement = try database.prepare("SAVEPOINT navrec")
        releaseStatement = try database.prepare("RELEASE navrec")
        rollbackToStatement = try database.prepare("ROLLBACK TO navrec")
    }

    private var isInTransaction: Bool { sqlite3_get_autocommit(connection.pointer) == 0 }

    /// Begins a transaction that takes the write lock at once.
    func begin() throws(DatabaseError) { try beginStatement.execute() }

    /// Begins a transaction for reading only: one snapshot and one WAL read lock for every
    /// statement until ``rollback()``.
    func beginReading() throws(DatabaseError) { try beginReadingStatement.execute() }

    /// Commits, unless the database's path no longer names the file this connection writes
    /// (``Database/checkNotMoved(_:)``): then the transaction is rolled back and the commit fails
    /// with ``ResultCode/databaseMoved``, so nothing is reported stored in a file that is gone.
    /// The WAL, which SQLite finds by the path's name (`PATH-wal`), is then checkpointed into the
    /// file this connection has open and truncated: left as it is, the next connection to the file
    /// now at PATH would replay the old file's pages into it.
    func commit() throws(DatabaseError) {
        do {
            try Database.checkNotMoved(connection.pointer)
        } catch {
            rollback()
            sqlite3_wal_checkpoint_v2(connection.pointer, "main", SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
            throw error
        }
        try commitStatement.execute()
        // Moved while committing: the commit is in the file this connection has open; its WAL
        // frames must not stay where the file now at the path would find them.
        do {
            try Database.checkNotMoved(connection.pointer)
        } catch {
            sqlite3_wal_checkpoint_v2(connection.pointer, "main", SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
            throw error
        }
    }

    /// Rolls back the open transaction, if any (SQLite may have rolled it back itself after an error).
    func rollback() {
        if isInTransaction { try? rollbackStatement.execute() }
    }

    /// Opens a savepoint (inside the open transaction, or as one of its own).
    func savepoint() throws(DatabaseError) { try savepointStatement.execute() }

    /// Keeps what was written since the innermost ``savepoint()`` and closes it.
    func release() throws(DatabaseError) { try releaseStatement.execute() }

    /// Undoes what was written since the innermost ``savepoint()`` and closes it; the transaction
    /// stays open with what came before (unless SQLite rolled all of it back itself after an error).
    /// GRDB's convention: `ROLLBACK TO`, then `RELEASE`, so the outer transaction goes on.
    func rollbackToSavepoint() {
        guard isInTransaction else { return }
        try? rollbackToStatement.execute()
        try? releaseStatement.execute()
    }
}
