import Analyzer
import BarModel

/// Writes one JSON object member by member straight into UTF-8 bytes, in ``JSONValue``'s two
/// layouts: members one per line at an indent (the report) or all on one line (`navrec analyze`).
/// Byte for byte what the same object built as a ``JSONValue`` writes, without making the tree:
/// its boxes and arrays, made and freed for every session, would cost more than a short session's
/// analysis.
struct JSONObjectWriter: ~Copyable {
    private(set) var bytes: JSONBytes
    private let compact: Bool
    /// The indent of the object's own line; members sit two spaces deeper.
    private var indent: Int
    private var first = true

    /// An object after `prefix`, the object itself at `indent`; its members go one per line unless
    /// `compact`. `capacity` bytes are reserved.
    init(after prefix: StaticString = "", indent: Int, compact: Bool = false, reserving capacity: Int = 256) {
        bytes = JSONBytes(capacity: capacity)
        bytes.append(prefix)
        self.compact = compact
        self.indent = indent
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { bytes.appendQuoted(value) } else { bytes.append("null") }
    }

    /// A measured double: shortest round trip with at least one decimal (``JSONValue/number(_:)``).
    mutating func number(_ name: StaticString, _ value: Double?) {
        key(name)
        if let value { bytes.appendDouble(value) } else { bytes.append("null") }
    }

    /// A double without a needless fraction (``JSONValue/plainNumber(_:)``).
    mutating func plainNumber(_ name: StaticString, _ value: Double?) {
        key(name)
        if let value, value.isFinite { bytes.append(contentsOf: formatNumber(value)) } else { bytes.append("null") }
    }

    mutating func integer(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { bytes.appendInteger(value) } else { bytes.append("null") }
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(", ") }
            bytes.appendQuoted(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A finding's evidence, as its ``Finding/detailsValue`` would be written in this object's layout.
    mutating func details(_ name: StaticString, _ finding: Finding) {
        key(name)
        finding.appendDetails(to: &bytes, indent: indent + 2, compact: compact)
    }

    /// An array of objects, each written member by member by `write`, laid out as ``JSONValue``
    /// lays out an array of objects with more than four members (one member per line): a finding's.
    mutating func objects<Items: Collection>(_ name: StaticString, _ items: Items, _ write: (Items.Element, inout JSONObjectWriter) -> Void) {
        key(name)
        // The items are objects of this writer's own, two levels deeper, each begun afresh.
        let ownIndent = indent
        indent += 4
        bytes.append(UInt8(ascii: "["))
        // By index, so each finding is handed on in place rather than copied out (a retain of each string).
        for (index, position) in items.indices.enumerated() {
            if compact {
                if index > 0 { bytes.append(", ") }
            } else {
                bytes.append(index > 0 ? ",\n" as StaticString : "\n")
                bytes.append(UInt8(ascii: " "), count: indent)
            }
            first = true
            write(items[position], &self)
            close()
        }
        indent = ownIndent
        first = false
        if !compact, !items.isEmpty {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(UInt8(ascii: " "), count: indent + 2)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Closes the object (which has at least one member).
    mutating func close() {
        if compact {
            bytes.append(UInt8(ascii: "}"))
        } else {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(UInt8(ascii: " "), count: indent)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The separator, the indent, the quoted name and `: `, written at once: a key is written for
    /// every member, so a capacity check and a copy for each of its pieces would add up.
    private mutating func key(_ name: StaticString) {
        let spaces = compact ? 0 : indent + 2
        let nameCount = name.utf8CodeUnitCount
        let separator = first ? UInt8(ascii: "{") : UInt8(ascii: ",")
        let compact = compact
        first = false
        bytes.write(atMost: spaces + nameCount + 6) { start in
            start[0] = separator
            start[1] = compact ? UInt8(ascii: " ") : UInt8(ascii: "\n")
            // An object's first member follows its `{` directly on one line.
            var end = compact && separator == UInt8(ascii: "{") ? start + 1 : start + 2
            if spaces > 0 {
                end.initialize(repeating: UInt8(ascii: " "), count: spaces)
                end += spaces
            }
            end.pointee = UInt8(ascii: "\"")
            end += 1
            end.initialize(from: name.utf8Start, count: nameCount)
            end += nameCount
            end[0] = UInt8(ascii: "\"")
            end[1] = UInt8(ascii: ":")
            end[2] = UInt8(ascii: " ")
            return end + 3 - start
        }
    }
}
