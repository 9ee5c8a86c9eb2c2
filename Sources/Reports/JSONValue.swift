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
        var bytes = JSONBytes(capacity: 256)
        write(to: &bytes, indent: indent, compact: compact)
        output += bytes.string
    }

    /// Writes the value's UTF-8 bytes: appending to one byte buffer, rather than `+=` of many short
    /// strings, which would be most of a short session's JSON report.
    func write(to output: inout JSONBytes, indent: Int, compact: Bool = false) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" as StaticString : "false")
        case .integer(let value): output.appendInteger(value)
        case .number(let value): output.appendDouble(value)
        case .plainNumber(let value): output.append(contentsOf: value.isFinite ? formatNumber(value) : "null")
        case .string(let value): output.appendQuoted(value)
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
        to output: inout JSONBytes, indent: Int, oneLine: Bool, open: UInt8, close: UInt8, count: Int,
        item: (Int, inout JSONBytes, Int) -> Void
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
            output.append(UInt8(ascii: " "), count: indent + 2)
            item(index, &output, indent + 2)
            if index < count - 1 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
        }
        output.append(UInt8(ascii: " "), count: indent)
        output.append(close)
    }

    /// An object member's key and the `: ` after it.
    static func appendKey(_ key: String, to output: inout JSONBytes) {
        output.appendQuoted(key)
        output.append(": ")
    }

    /// Shortest round-trip text with at least one decimal; `null` when not finite. `description`, not
    /// `"\(value)"`: the same text without an interpolation's buffer, for each of a finding's numbers.
    static func double(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0.0" }
        return value.description
    }
}
