package import BarModel
internal import Foundation

extension BehaviorSet {
    /// The set a session was imported with, from its stored canonical JSON
    /// (`{"blurHeader":{"imageHeight":150,…}}`, ``BehaviorSet/json``).
    package init(storedJSON json: String) throws {
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
