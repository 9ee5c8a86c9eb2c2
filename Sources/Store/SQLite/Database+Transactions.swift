/// Transactions and savepoints, internal to Store: the store decides what is one transaction, and
/// commands call ``SessionStore/importSession(_:)`` and the like. GRDB's conventions: savepoints
/// roll back with `ROLLBACK TO` and are then released, so the outer transaction goes on.
extension Database {
    /// How a transaction takes its lock.
    enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so two writers queue on the busy timeout instead of
        /// failing to upgrade a read lock.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in a savepoint, which nests inside transactions and other savepoints; on error
    /// only the savepoint's work is undone.
    func inSavepoint<T>(_ name: String = "navrec", _ body: () throws -> T) throws -> T {
        let quoted = "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        try execute("SAVEPOINT \(quoted)")
        do {
            let result = try body()
            try execute("RELEASE \(quoted)")
            return result
        } catch {
            try? execute("ROLLBACK TO \(quoted)")
            try? execute("RELEASE \(quoted)")
            throw error
        }
    }
}
