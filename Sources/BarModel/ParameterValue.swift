/// A behaviour parameter's value as a recording header or `--param` gives it.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case string(String)
    case null

    /// The value as JSON text.
    public var description: String {
        switch self {
        case .number(let value): formatNumber(value)
        case .bool(let value): value ? "true" : "false"
        case .string(let value): jsonQuoted(value)
        case .null: "null"
        }
    }

    /// Reads a command-line value: `true`/`false`, `null`, a number, else a string.
    public init(commandLine text: String) {
        switch text {
        case "true": self = .bool(true)
        case "false": self = .bool(false)
        case "null": self = .null
        default:
            if let number = Double(text), number.isFinite { self = .number(number) } else { self = .string(text) }
        }
    }
}

/// The shortest text that reads back as the same double, without a trailing `.0` for integers.
package func formatNumber(_ value: Double) -> String {
    if abs(value) < 1e15, let integer = Int64(exactly: value) { return String(integer) }
    return "\(value)"
}

/// `text` as a JSON string literal.
package func jsonQuoted(_ text: String) -> String {
    // Most names need no escape: skip the per-scalar rebuild, which showed in the import of many
    // small sessions (every session header's behaviours are stored as JSON).
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
        return "\"" + text + "\""
    }
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case let s where s.value < 0x20:
            let hex = String(s.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
