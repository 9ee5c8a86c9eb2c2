internal import BarModel
internal import Foundation
internal import Store

extension BehaviorSet {
    /// The set a session was imported with, from its stored canonical JSON
    /// (`{"blurHeader":{"imageHeight":150,…}}`, ``BehaviorSet/json``).
    init(storedJSON json: String) throws {
        let object = try JSONDecoder().decode([String: [String: StoredParameter]].self, from: Data(json.utf8))
        try self.init(object.map { name, parameters in
            (name, parameters.map { ($0.key, $0.value.value) })
        })
    }
}

/// A parameter value as stored JSON gives it; JSONDecoder keeps booleans and numbers apart.
private struct StoredParameter: Decodable {
    var value: ParameterValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else {
            value = .string(try container.decode(String.self))
        }
    }
}

extension BehaviorSet {
    /// The behaviours `session` was stored with. A `parameters` value that does not read back (a
    /// damaged or hand-edited row) is a damaged database, exit 74 like SQLite's own corruption,
    /// and the message names the session and how to repair it, rather than an anonymous internal
    /// error.
    init(of session: StoredSession, in databasePath: String) throws(CommandError) {
        do {
            try self.init(storedJSON: session.parametersJSON)
        } catch {
            let reason = error is DecodingError ? "not the JSON object navrec writes" : "\(error)"
            let source = session.source.isEmpty ? "its recording" : "its recording (\(session.source))"
            throw CommandError(
                .ioError,
                "session '\(session.id)' in \(databasePath) is damaged: its parameters (sessions.parameters) cannot be read, \(reason); import \(source) again with --replace")
        }
    }
}
