/// `BEGIN IMMEDIATE`, `COMMIT`, `ROLLBACK` and the per-session savepoint compiled once per
/// connection: `sqlite3_exec` compiled each of them again for every session that `navrec import`
/// stored and every analysis `navrec report` saved, a large share of the per-session cost of many
/// short sessions (Benchmarks/README.md, "Cheap sessions").
final class TransactionStatements {
    let database: Database
    private let beginStatement: Statement
    private let commitStatement: Statement
    private let rollbackStatement: Statement
    private let savepointStatement: Statement
    private let releaseStatement: Statement
    private let rollbackToStatement: Statement

    init(database: Database) throws(DatabaseError) {
        self.database = database
        beginStatement = try database.prepare("BEGIN \(Database.TransactionKind.immediate.rawValue)")
        commitStatement = try database.prepare("COMMIT")
        rollbackStatement = try database.prepare("ROLLBACK")
        savepointStatement = try database.prepare("SAVEPOINT navrec_session")
        releaseStatement = try database.prepare("RELEASE navrec_session")
        rollbackToStatement = try database.prepare("ROLLBACK TO navrec_session")
    }

    /// Begins a transaction that takes the write lock at once (see ``Database/TransactionKind``).
    func begin() throws(DatabaseError) { try Self.run(beginStatement) }

    func commit() throws(DatabaseError) { try Self.run(commitStatement) }

    /// Rolls back the open transaction, if any (SQLite may have rolled it back itself after an error).
    func rollback() {
        if database.isInTransaction { try? Self.run(rollbackStatement) }
    }

    /// Opens the savepoint that holds one session inside the open transaction.
    func savepoint() throws(DatabaseError) { try Self.run(savepointStatement) }

    /// Keeps what was written since ``savepoint()`` in the transaction.
    func release() throws(DatabaseError) { try Self.run(releaseStatement) }

    /// Undoes what was written since ``savepoint()`` and closes it; the transaction stays open with
    /// what came before (unless SQLite rolled all of it back itself after an error).
    func rollbackToSavepoint() {
        guard database.isInTransaction else { return }
        try? Self.run(rollbackToStatement)
        try? Self.run(releaseStatement)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func run<T>(_ body: () throws -> T) throws -> T {
        try begin()
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Runs a statement that returns no rows, and resets it so it holds nothing afterwards.
    static func run(_ statement: Statement) throws(DatabaseError) {
        defer { statement.reset() }
        try statement.step()
    }
}
