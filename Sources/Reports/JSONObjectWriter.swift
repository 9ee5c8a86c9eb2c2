import Analyzer
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

    /// An object appended to `output`, the object itself at `indent`; its members go one per line
    /// unless `compact`.
    init(appendingTo output: [UInt8], indent: Int, compact: Bool = false) {
        self.output = output
        self.compact = compact
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

    mutating func integer(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { text(String(value)) } else { literal("null") }
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

    /// A finding's evidence, as its ``Finding/detailsValue`` would be written in this object's layout.
    mutating func details(_ name: StaticString, _ finding: Finding) {
        key(name)
        finding.appendDetails(to: &output, indent: indent + 2, compact: compact)
    }

    /// An array of objects, each written member by member by `write`, laid out as ``JSONValue``
    /// lays out an array of objects with more than four members (one member per line): a finding's.
    mutating func objects<Items: Collection>(_ name: StaticString, _ items: Items, _ write: (Items.Element, inout JSONObjectWriter) -> Void) {
        key(name)
        // The items' writer takes the buffer over for the array (moved, not copied).
        var item = JSONObjectWriter(appendingTo: [], indent: indent + 4, compact: compact)
        swap(&output, &item.output)
        item.output.append(UInt8(ascii: "["))
        for (index, element) in items.enumerated() {
            item.output.append(contentsOf: (compact ? (index > 0 ? ", " : "") : (index > 0 ? ",\n" : "\n")).utf8)
            if !compact { item.output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 4)) }
            item.first = true
            write(element, &item)
            item.close()
        }
        if !compact, !items.isEmpty { item.output += [UInt8(ascii: "\n")] + repeatElement(UInt8(ascii: " "), count: indent + 2) }
        item.output.append(UInt8(ascii: "]"))
        swap(&output, &item.output)
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
