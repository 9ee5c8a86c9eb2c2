/// Transactions, internal to Store: the store decides what is one transaction, and commands call
/// ``SessionStore/importSession(_:)`` and the like. Both run over the connection's cached
/// statements (``TransactionStatements``).
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
}
