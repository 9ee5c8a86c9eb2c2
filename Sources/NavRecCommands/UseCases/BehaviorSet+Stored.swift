internal import BarModel
internal import Foundation
internal import NavRec
internal import Store

extension BehaviorSet {
    /// The behaviours `session` was stored with. A `parameters` value that does not read back (a
    /// damaged or hand-edited row) is a damaged database, exit 74 like SQLite's own corruption,
    /// and the message names the session and how to repair it, rather than an anonymous internal
    /// error.
    init(of session: StoredSession, in databasePath: String) throws(UseCaseError) {
        do {
            try self.init(storedJSON: session.parametersJSON)
        } catch {
            let reason = error is DecodingError ? "not the JSON object navrec writes" : "\(error)"
            let source = session.source.isEmpty ? "its recording" : "its recording (\(session.source))"
            throw UseCaseError(
                .storage,
                "session '\(session.id)' in \(databasePath) is damaged: its parameters (sessions.parameters) cannot be read, \(reason); import \(source) again with --replace")
        }
    }
}
