import BarModel

/// Writes one JSON object member by member straight into UTF-8 bytes, in ``JSONValue``'s two
/// layouts: members one per line at an indent (the report) or all on one line (`navrec analyze`).
/// Byte for byte what the same object built as a ``JSONValue`` writes, without making the tree:
/// its boxes and arrays, made and freed for every session, cost more than a five-sample session's
/// analysis (Benchmarks/README.md, "Tiny sessions").
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

    private mutating func key(_ name: StaticString) {
        if compact {
            literal(first ? "{\"" : ", \"")
        } else {
            literal(first ? "{\n" : ",\n")
            for _ in 0..<(indent + 2) { output.append(UInt8(ascii: " ")) }
            output.append(UInt8(ascii: "\""))
        }
        first = false
        literal(name)
        literal("\": ")
    }

    /// A byte at a time: the keys and literals are a few bytes each, for which the generic
    /// `append(contentsOf:)` cost several times the loop (~500 instructions a key; Benchmarks/README.md,
    /// "Tiny sessions").
    private mutating func literal(_ text: StaticString) {
        let start = text.utf8Start
        for offset in 0..<text.utf8CodeUnitCount { output.append(start[offset]) }
    }

    private mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
