internal import BarModel
internal import Store

extension ResultTable {
    /// The stored sessions as `navrec sessions` lists them (and `navrec demo` shows what it imported).
    init(sessions: [StoredSession]) {
        self.init(columns: ["id", "app", "screen", "behaviors", "samples", "duration", "imported_at"])
        for session in sessions {
            rows.append([
                .text(session.id), SQLValue(session.app), SQLValue(session.screen),
                .text(session.behaviorNames.joined(separator: "+")), .int(Int64(session.samples)),
                .double((session.duration * 1000).rounded() / 1000), .text(session.importedAt),
            ])
        }
    }
}
