import BarModel

/// A JSON value with ordered object keys.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A double, written with at least one decimal.
    case number(Double)
    /// A double written without a needless fraction (`60`).
    case plainNumber(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Objects of at most this many members, none an array or object, print on one line inside
    /// their parent.
    static let inlineMembers = 4

    /// Whether the value prints on one line inside its parent.
    private var isCompact: Bool {
        switch self {
        case .array(let items): items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
        case .object(let members): members.count <= Self.inlineMembers && members.allSatisfy {
            if case .array = $0.1 { false } else if case .object = $0.1 { false } else { true } }
        default: true
        }
    }

    /// Writes the value; `compact` puts everything on one line.
    func write(to output: inout String, indent: Int, compact: Bool = false) {
        var bytes: [UInt8] = []
        write(to: &bytes, indent: indent, compact: compact)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the value's UTF-8 bytes: appending to one byte buffer, rather than `+=` of many short
    /// strings, which would be most of a short session's JSON report.
    func write(to output: inout [UInt8], indent: Int, compact: Bool = false) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .number(let value): Self.appendDouble(value, to: &output)
        case .plainNumber(let value): output.append(contentsOf: (value.isFinite ? formatNumber(value) : "null").utf8)
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let items):
            Self.writeContainer(to: &output, indent: indent, oneLine: compact || isCompact, open: UInt8(ascii: "["),
                                close: UInt8(ascii: "]"), count: items.count) { index, output, indent in
                items[index].write(to: &output, indent: indent, compact: compact)
            }
        case .object(let members):
            Self.writeContainer(to: &output, indent: indent, oneLine: compact || isCompact, open: UInt8(ascii: "{"),
                                close: UInt8(ascii: "}"), count: members.count) { index, output, indent in
                Self.appendKey(members[index].0, to: &output)
                members[index].1.write(to: &output, indent: indent, compact: compact)
            }
        }
    }

    /// An array's or object's layout: `count` items by `item` (given the buffer and the indent of
    /// its own members), on one line or one per line at `indent` + 2.
    static func writeContainer(
        to output: inout [UInt8], indent: Int, oneLine: Bool, open: UInt8, close: UInt8, count: Int,
        item: (Int, inout [UInt8], Int) -> Void
    ) {
        guard count > 0 else {
            output.append(open)
            output.append(close)
            return
        }
        if oneLine {
            output.append(open)
            for index in 0..<count {
                if index > 0 {
                    output.append(UInt8(ascii: ","))
                    output.append(UInt8(ascii: " "))
                }
                item(index, &output, indent)
            }
            output.append(close)
            return
        }
        output.append(open)
        output.append(UInt8(ascii: "\n"))
        for index in 0..<count {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            item(index, &output, indent + 2)
            if index < count - 1 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
        }
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        output.append(close)
    }

    /// An object member's key and the `: ` after it.
    static func appendKey(_ key: String, to output: inout [UInt8]) {
        appendQuoted(key, to: &output)
        output.append(UInt8(ascii: ":"))
        output.append(UInt8(ascii: " "))
    }

    /// `text` as a JSON string literal, the bytes of ``jsonQuoted(_:)``.
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        output.append(UInt8(ascii: "\""))
        // Over the contiguous bytes: through `utf8` the scan cost ~25 instructions a byte.
        if !text.withUTF8({ $0.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 } }) {
            text.withUTF8 { output.append(contentsOf: $0) }
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: "\\u00".utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Shortest round-trip text with at least one decimal; `null` when not finite. `description`, not
    /// `"\(value)"`: the same text without an interpolation's buffer, for each of a finding's numbers.
    static func double(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0.0" }
        return value.description
    }

    /// The bytes of ``double(_:)``.
    static func appendDouble(_ value: Double, to output: inout [UInt8]) {
        var text = double(value)
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
