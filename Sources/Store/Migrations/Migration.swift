internal import TextTools

/// One forward-only schema change: `Migrations/NNNN_description.sql`.
package struct Migration: Sendable, Hashable {
    /// The number the file name starts with.
    package let version: Int
    /// The file name, e.g. `0001_initial.sql`.
    package let name: String
    package let sql: String
    /// SHA-256 of the file's text, hex: the ledger's record of what was applied. For the
    /// ``embedded`` migrations it is worked out at build time (the EmbedSQL plugin): hashing every
    /// migration on each start was 18 M instructions, a third of `navrec import`'s start-up.
    package let checksum: String

    /// A migration from its file; nil when the name does not start with a number and `_`.
    /// `checksum` is the text's SHA-256 when known, else worked out here.
    package init?(name: String, sql: String, checksum: String? = nil) {
        guard let underscore = name.firstIndex(of: "_"), let version = Int(name[..<underscore]), version > 0 else {
            return nil
        }
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = checksum ?? SHA256.hex(Array(sql.utf8))
    }

    /// The migrations carried in the binary, in version order.
    package static let embedded: [Migration] = EmbeddedSQL.migrations
        .compactMap { Migration(name: $0.name, sql: $0.sql, checksum: $0.checksum) }
        .sorted { $0.version < $1.version }
}
