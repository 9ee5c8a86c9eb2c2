import BarModel

/// Writes one JSON object member by member straight into UTF-8 bytes, in ``JSONValue``'s two
/// layouts: members one per line at an indent (the report) or all on one line (`navrec analyze`).
/// Byte for byte what the same object built as a ``JSONValue`` writes, without making the tree:
/// its boxes and arrays, made and freed for every session, would cost more than a short session's
/// analysis.
struct JSONObjectWriter {
    private(set) var output: [UInt8]
    private let compact: Bool
    /// The indent of the object's own line; members sit two spaces deeper.
    private let indent: Int
    private var first = true

    /// An object on one line.
    init(compactReserving capacity: Int) {
        output = []
        output.reserveCapacity(capacity)
        compact = true
        indent = 0
    }

    /// An object whose members go one per line, appended to `output`, the object itself at `indent`.
    init(appendingTo output: [UInt8], indent: Int) {
        self.output = output
        compact = false
        self.indent = indent
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { JSONValue.appendQuoted(value, to: &output) } else { literal("null") }
    }

    /// A measured double: shortest round trip with at least one decimal (``JSONValue/number(_:)``).
    mutating func number(_ name: StaticString, _ value: Double?) {
        key(name)
        if let value { text(JSONValue.double(value)) } else { literal("null") }
    }

    /// A double without a needless fraction (``JSONValue/plainNumber(_:)``).
    mutating func plainNumber(_ name: StaticString, _ value: Double?) {
        key(name)
        if let value, value.isFinite { text(formatNumber(value)) } else { literal("null") }
    }

    mutating func integer(_ name: StaticString, _ value: Int) {
        key(name)
        text(String(value))
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
        key(name)
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { literal(", ") }
            JSONValue.appendQuoted(value, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// Any other value, written as a ``JSONValue`` in this object's layout.
    mutating func value(_ name: StaticString, _ value: JSONValue) {
        key(name)
        value.write(to: &output, indent: indent + 2, compact: compact)
    }

    /// Closes the object (which has at least one member).
    mutating func close() {
        if compact {
            output.append(UInt8(ascii: "}"))
        } else {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The key's bytes (the separator, the indent, the quoted name and `: `) put together on the
    /// stack and appended at once: an `append` per piece would make the keys most of the session
    /// object's cost.
    private mutating func key(_ name: StaticString) {
        let lead: StaticString = compact ? (first ? "{\"" : ", \"") : (first ? "{\n" : ",\n")
        let spaces = compact ? 0 : indent + 2
        let quotes = compact ? 0 : 1
        let count = lead.utf8CodeUnitCount + spaces + quotes + name.utf8CodeUnitCount + 3
        first = false
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            let start = buffer.baseAddress!
            var end = start
            end.initialize(from: lead.utf8Start, count: lead.utf8CodeUnitCount)
            end += lead.utf8CodeUnitCount
            end.initialize(repeating: UInt8(ascii: " "), count: spaces)
            end += spaces
            if quotes == 1 {
                end.pointee = UInt8(ascii: "\"")
                end += 1
            }
            end.initialize(from: name.utf8Start, count: name.utf8CodeUnitCount)
            end += name.utf8CodeUnitCount
            end[0] = UInt8(ascii: "\"")
            end[1] = UInt8(ascii: ":")
            end[2] = UInt8(ascii: " ")
            output.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        }
    }

    private mutating func literal(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
