/// A read-only connection for user SQL (`navrec query`), made by
/// ``SessionStore/queryConnection(timeLimit:)``: it compiles statements that can only read
/// (writes, ATTACH, setting pragmas and `fts3_tokenizer` fail to compile with "not authorized"),
/// whose rows the caller streams, and which stop with `SQLITE_INTERRUPT` past the time limit.
package struct QueryConnection {
    /// The store's connection, held so the statements' connection stays configured.
    private let database: Database

    init(database: Database) { self.database = database }

    /// Compiles every statement of `sql`, in order.
    package func prepareAll(_ sql: String) throws(DatabaseError) -> [Statement] {
        try database.prepareAll(sql)
    }

    /// Whether the time limit has passed (an interrupt then came from it).
    package var isPastTimeLimit: Bool { database.isPastTimeLimit }
}
