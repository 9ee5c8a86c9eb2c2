/// Transactions and savepoints, internal to Store: the store decides what is one transaction, and
/// commands call ``SessionStore/importSession(_:)`` and the like. Both run over the connection's
/// cached statements (``TransactionStatements``). GRDB's conventions: savepoints roll back with
/// `ROLLBACK TO` and are then released, so the outer transaction goes on.
extension Database {
    /// Runs `body` in a transaction that takes the write lock at once (`BEGIN IMMEDIATE`):
    /// committed when it returns, rolled back when it throws.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        let statements = try transactionStatements()
        try statements.begin()
        do {
            let result = try body()
            try statements.commit()
            return result
        } catch {
            statements.rollback()
            throw error
        }
    }

    /// Runs `body` in one read transaction: its statements share one snapshot, and the WAL read
    /// lock is taken once rather than by each statement. Only for a connection that does not
    /// write meanwhile (a write on an old snapshot fails with `SQLITE_BUSY_SNAPSHOT`).
    func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        let statements = try transactionStatements()
        try statements.beginReading()
        defer { statements.rollback() }
        return try body()
    }

    /// Runs `body` in a savepoint, which nests inside transactions and other savepoints; on error
    /// only the savepoint's work is undone.
    func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        let statements = try transactionStatements()
        try statements.savepoint()
        do {
            let result = try body()
            try statements.release()
            return result
        } catch {
            statements.rollbackToSavepoint()
            throw error
        }
    }
}
