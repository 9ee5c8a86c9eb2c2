/// The ready queries of `Queries/`, carried in the binary.
package enum QueryLibrary {
    /// One query file.
    package struct Entry: Sendable, Hashable {
        /// The file name without `.sql`.
        package var name: String
        package var sql: String

        /// The text of the query's first comment line (what it answers).
        package var summary: String {
            for line in sql.split(separator: "\n") {
                let trimmed = line.drop(while: { $0 == " " })
                if trimmed.hasPrefix("--") {
                    return String(trimmed.dropFirst(2).drop(while: { $0 == " " }))
                }
                if !trimmed.isEmpty { break }
            }
            return ""
        }
    }

    /// Every query, by name.
    package static let entries: [Entry] = EmbeddedSQL.queries.map {
        Entry(name: String($0.name.dropLast(4)), sql: $0.sql)
    }

    /// The query called `name` (with or without `.sql`).
    package static func entry(named name: String) -> Entry? {
        let bare = name.hasSuffix(".sql") ? String(name.dropLast(4)) : name
        return entries.first { $0.name == bare }
    }
}
