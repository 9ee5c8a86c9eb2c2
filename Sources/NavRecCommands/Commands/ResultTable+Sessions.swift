internal import BarModel
internal import Store

extension ResultTable {
    /// The columns of `navrec sessions` (and of what `navrec demo` shows it imported).
    static let sessionColumns = ["id", "app", "screen", "behaviors", "samples", "duration", "imported_at"]

    /// The stored sessions as `navrec sessions` lists them.
    init(sessions: [StoredSession]) {
        self.init(columns: Self.sessionColumns)
        rows = sessions.map(Self.sessionRow)
    }

    /// One session's row.
    static func sessionRow(_ session: StoredSession) -> [SQLValue] {
        [
            .text(session.id), SQLValue(session.app), SQLValue(session.screen),
            .text(session.behaviorNames.joined(separator: "+")), .int(Int64(session.samples)),
            .double((session.duration * 1000).rounded() / 1000), .text(session.importedAt),
        ]
    }
}
