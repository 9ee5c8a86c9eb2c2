/// A table whose rows belong to one session: the one list of them, from which migrations are
/// generated (``SchemaSQL``) so that deleting a session — from navrec, Datasette or the `sqlite3`
/// shell, where foreign keys are off and ON DELETE CASCADE does nothing — leaves none behind.
///
/// A table with a `session_key` column or a foreign key to `sessions` that is missing here fails
/// `SessionOwnershipTests`. Why it matters: a later import reuses a deleted session's key, and a
/// row left behind under that key fails its UNIQUE constraint (as `sample_lines` rows did before
/// migration 0012).
package struct SessionOwnedTable: Sendable, Hashable {
    /// How a row names its session.
    package enum Owner: Sendable, Hashable {
        /// A `session_key` column.
        case sessionKey
        /// An INTEGER PRIMARY KEY `key` of `(session_key << 32) | seq`.
        case keyRange
    }

    package let name: String
    package let owner: Owner

    /// Every session-owned table, in the order the delete trigger empties them (findings before
    /// the analyses they belong to).
    package static let all: [SessionOwnedTable] = [
        SessionOwnedTable(name: "frame_chunks", owner: .keyRange),
        SessionOwnedTable(name: "sample_lines", owner: .sessionKey),
        SessionOwnedTable(name: "events", owner: .sessionKey),
        SessionOwnedTable(name: "findings", owner: .sessionKey),
        SessionOwnedTable(name: "analyses", owner: .sessionKey),
        SessionOwnedTable(name: "session_columns", owner: .sessionKey),
    ]

    /// The SQL condition that selects the rows of the session whose key is `key` (an expression).
    package func rows(of key: String) -> String {
        switch owner {
        case .sessionKey: "session_key = \(key)"
        case .keyRange: "key BETWEEN \(key) << 32 AND (\(key) << 32) + 4294967295"
        }
    }

    /// The SQL condition that selects rows whose session no longer exists.
    package var orphans: String {
        switch owner {
        case .sessionKey: "session_key NOT IN (SELECT session_key FROM sessions)"
        case .keyRange: "key >> 32 NOT IN (SELECT session_key FROM sessions)"
        }
    }
}
