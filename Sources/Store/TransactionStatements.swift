/// `BEGIN IMMEDIATE`, `COMMIT` and `ROLLBACK` compiled once per connection: `sqlite3_exec`
/// compiled each of them again for every session that `navrec import` stored and every analysis
/// `navrec report` saved, a large share of the per-session cost of many short sessions
/// (Benchmarks/README.md, "Cheap sessions").
final class TransactionStatements {
    let database: Database
    private let beginStatement: Statement
    private let commitStatement: Statement
    private let rollbackStatement: Statement

    init(database: Database) throws(DatabaseError) {
        self.database = database
        beginStatement = try database.prepare("BEGIN \(Database.TransactionKind.immediate.rawValue)")
        commitStatement = try database.prepare("COMMIT")
        rollbackStatement = try database.prepare("ROLLBACK")
    }

    /// Begins a transaction that takes the write lock at once (see ``Database/TransactionKind``).
    func begin() throws(DatabaseError) { try Self.run(beginStatement) }

    func commit() throws(DatabaseError) { try Self.run(commitStatement) }

    /// Rolls back the open transaction, if any (SQLite may have rolled it back itself after an error).
    func rollback() {
        if database.isInTransaction { try? Self.run(rollbackStatement) }
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
