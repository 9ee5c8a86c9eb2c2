/// One forward-only schema change: `Migrations/NNNN_description.sql`.
package struct Migration: Sendable, Hashable {
    /// The number the file name starts with.
    package let version: Int
    /// The file name, e.g. `0001_initial.sql`.
    package let name: String
    package let sql: String
    /// SHA-256 of the file's text, hex: the ledger's record of what was applied. Worked out once
    /// (``embedded`` is made once a process), not on every open: `navrec report`'s workers each
    /// open the database, and hashing every migration for each was ~11 M instructions an open.
    package let checksum: String

    /// A migration from its file; nil when the name does not start with a number and `_`.
    package init?(name: String, sql: String) {
        guard let underscore = name.firstIndex(of: "_"), let version = Int(name[..<underscore]), version > 0 else {
            return nil
        }
        self.version = version
        self.name = name
        self.sql = sql
        checksum = SHA256.hex(Array(sql.utf8))
    }

    /// The migrations carried in the binary, in version order.
    package static let embedded: [Migration] = EmbeddedSQL.migrations
        .compactMap { Migration(name: $0.name, sql: $0.sql) }
        .sorted { $0.version < $1.version }
}
