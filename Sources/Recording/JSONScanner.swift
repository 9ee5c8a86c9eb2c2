#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BarModel

/// A byte-level JSON scanner over one line, the core of ``NDJSONReader``.
///
/// It reads values in place (keys and enum strings are compared as bytes, never turned into
/// `String`), validates everything it skips (strings' UTF-8 and escapes, numbers, nesting), and
/// reports problems as ``ScanError`` with the byte offset. Nesting is limited to ``maxDepth`` so a
/// hostile line cannot overflow the stack; the recursion is bounded by it.
struct JSONScanner {
    /// Deepest nesting of objects and arrays accepted, the line's object counting as 1.
    static let maxDepth = 32
    /// Longest number token whose value is computed (skipped numbers may be longer).
    static let maxNumberLength = 4096

    /// The line being scanned.
    private(set) var base: UnsafePointer<UInt8>
    /// The line's length in bytes.
    private(set) var end: Int
    /// Offset of the next byte to read.
    var index = 0
    /// Duplicate-key detection for objects with free-form keys.
    var keys = KeyTracker()
    /// The last sample line's sample (see ``NDJSONLine/sample(tOffset:ignoredKeys:)``).
    var sample = ScrollSample(t: 0, y: 0)
    /// The last sample line's observed bar state, valid when ``hasObserved``; filled in place
    /// (not returned and assigned) because copies of the ~140-byte state showed in the
    /// import's profile.
    /// (Behind a pointer so the importer can hand it to the writer without copying it.)
    let observedState: UnsafeMutablePointer<BarState>
    /// The bar-state keys, held here so the per-key lookup skips the global's lazy-init check.
    let fieldNames = BarFieldNames.camelCase
    /// Whether the last sample line had a `bar` object.
    var hasObserved = false
    /// The skeleton ``parseLearnedSample()`` reads with and ``parseRecordLine()`` learns into,
    /// and the one ``parseLearnedSample()`` tries after it: the last two sample lines' shapes.
    var skeleton = SampleLineSkeleton()
    var otherSkeleton = SampleLineSkeleton()
    /// `10^0 ... 10^8`, to append a run of up to eight digits to a mantissa (the skeleton path).
    let powersOfTen: UnsafeMutablePointer<UInt64>
    /// `10^0 ... 10^22` as doubles, all exact: the powers of `DecimalValue`'s fast path, without a
    /// lazy global's check and an array's bounds check per number.
    let exactPowersOfTen: UnsafeMutablePointer<Double>
    /// Whether the bytes set with ``reset(_:endsLine:)`` are one line.
    private(set) var endsAtCount = true
    /// A whole line's copy for the skeleton path and the `\n` after it, in as many bytes as that
    /// path reads from a line's start, and a 0 after them.
    private let paddedLine: UnsafeMutablePointer<UInt8>
    /// The length of the line the skeleton path last took, and of the `\n` or `\r\n` after it.
    var lineLength = 0
    var terminatorLength = 0
    /// Whether ``observedState`` has no field outside ``skeleton``'s: then a line of that shape
    /// overwrites every field it can hold and needs no reset first.
    var observedMatchesSkeleton = false
    /// The last sample line's observed bar state.
    var observed: BarState? { hasObserved ? observedState.pointee : nil }
    /// Decoded strings with escapes or non-ASCII bytes; grows to the longest such string.
    private var scratch: UnsafeMutablePointer<UInt8>
    private var scratchCapacity: Int

    /// A scanner with no line; call ``reset(_:)`` before scanning. Call ``release()`` when done.
    init() {
        scratchCapacity = 256
        scratch = .allocate(capacity: scratchCapacity)
        base = UnsafePointer(scratch)
        observedState = .allocate(capacity: 1)
        observedState.initialize(to: BarState())
        end = 0
        paddedLine = .allocate(capacity: SampleLineSkeleton.reach + 1)
        paddedLine.initialize(repeating: 0, count: SampleLineSkeleton.reach + 1)
        powersOfTen = .allocate(capacity: 9)
        for exponent in 0...8 { powersOfTen[exponent] = exponent == 0 ? 1 : powersOfTen[exponent - 1] * 10 }
        exactPowersOfTen = .allocate(capacity: 23)
        // Each product is exact: every power of ten up to 10^22 is a double.
        var power = 1.0
        for exponent in 0...22 {
            exactPowersOfTen[exponent] = power
            power *= 10
        }
    }

    /// Frees the scratch memory; the scanner must not be used afterwards.
    func release() {
        scratch.deallocate()
        observedState.deallocate()
        paddedLine.deallocate()
        skeleton.release()
        otherSkeleton.release()
        powersOfTen.deallocate()
        exactPowersOfTen.deallocate()
    }

    /// Starts scanning `line`, which must stay valid until the next reset. With `endsLine` false
    /// the bytes are a line and what follows it (at least ``SampleLineSkeleton/reach`` for the
    /// skeleton path to take a line), followed by a readable byte that is no digit: the skeleton
    /// path then finds where the line ends (``lineLength``); the full scanner takes only whole lines.
    mutating func reset(_ line: UnsafeBufferPointer<UInt8>, endsLine: Bool = true) {
        base = line.baseAddress ?? UnsafePointer(scratch)
        end = line.count
        index = 0
        endsAtCount = endsLine
    }

    // MARK: The skeleton path's bytes

    /// The skeleton path (`parse`) over the whole line set with ``reset(_:endsLine:)``: that path
    /// reads up to ``SampleLineSkeleton/reach`` bytes from a line's start, so it scans a copy of
    /// the line and a `\n` in that many bytes, as it scans a buffer, and takes the line when it ends
    /// at the `\n` (a longer line cannot be taken). The line is set again for the full scanner.
    mutating func parseCopy(_ parse: (inout JSONScanner) -> Int?) -> Int? {
        let line = UnsafeBufferPointer(start: base, count: end)
        guard line.count < SampleLineSkeleton.reach else { return nil }
        paddedLine.update(from: base, count: line.count)
        paddedLine[line.count] = UInt8(ascii: "\n")
        reset(UnsafeBufferPointer(start: paddedLine, count: SampleLineSkeleton.reach), endsLine: false)
        defer { reset(line) }
        guard let tOffset = parse(&self), lineLength == line.count else { return nil }
        return tOffset
    }

    // MARK: Bytes

    /// Whether all bytes have been read.
    @inline(__always) var atEnd: Bool { index >= end }

    /// The byte at the cursor, or 0 past the end (callers check ``atEnd`` where 0 matters).
    @inline(__always) var current: UInt8 { index < end ? base[index] : 0 }

    /// Skips JSON whitespace.
    @inline(__always) mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            index += 1
        }
    }

    /// Consumes `byte` or throws "expected `what`".
    @inline(__always) mutating func expect(_ byte: UInt8, _ what: StaticString) throws(ScanError) {
        guard index < end, base[index] == byte else { throw unexpected(expected: "\(what)") }
        index += 1
    }

    /// The error for the byte at the cursor when `expected` was due.
    func unexpected(expected: String) -> ScanError {
        guard index < end else { return ScanError(index, "invalid JSON: expected \(expected), found the end of the line") }
        return ScanError(index, "invalid JSON: expected \(expected), found \(Self.describe(byte: base[index]))")
    }

    /// A byte as a user can recognise it in a message.
    static func describe(byte: UInt8) -> String {
        switch byte {
        case 0: "a NUL byte (0x00)"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }

    /// What kind of JSON value starts at the cursor, for "must be a number, found …" messages.
    var valueKind: String {
        if atEnd { return "the end of the line" }
        return switch current {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: "invalid JSON"
        }
    }

    /// Text of the bytes `[start, end)` for a message, shortened when long.
    func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(60), as: UTF8.self)
        return bytes.count > 60 ? text + "…" : text
    }

    // MARK: Literals and skipping

    /// Whether a literal (`true`, `false`, `null`) starts at the cursor; consumes it if so.
    @inline(__always) mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - index >= count, memcmp(base + index, literal.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// Parses `true` or `false`; `nil` (cursor unmoved) when something else is there.
    @inline(__always) mutating func parseBool() -> Bool? {
        if consume("true") { return true }
        if consume("false") { return false }
        return nil
    }

    /// Skips one JSON value of any type at nesting level `depth` (the value's container's level),
    /// validating it completely.
    mutating func skipValue(depth: Int) throws(ScanError) {
        switch current {
        case UInt8(ascii: "\""):
            _ = try parseString(decode: false)
        case UInt8(ascii: "{"):
            try skipObject(depth: depth + 1)
        case UInt8(ascii: "["):
            try skipArray(depth: depth + 1)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            index = try NumberParser.parse(base, from: index, to: end, compute: false).end
        default:
            if consume("true") || consume("false") || consume("null") { return }
            throw invalidValue()
        }
    }

    /// The error for something that is not a JSON value at the cursor.
    func invalidValue() -> ScanError {
        if consumeCheck("NaN") || consumeCheck("Infinity") || consumeCheck("-Infinity") {
            return ScanError(index, "invalid JSON: NaN and Infinity are not JSON numbers")
        }
        return unexpected(expected: "a JSON value")
    }

    private func consumeCheck(_ literal: StaticString) -> Bool {
        var copy = self
        return copy.consume(literal)
    }

    /// Throws when entering a container would nest deeper than ``maxDepth``.
    @inline(__always) func checkDepth(_ depth: Int) throws(ScanError) {
        if depth > Self.maxDepth { throw ScanError(index, "nesting deeper than \(Self.maxDepth) levels") }
    }

    /// Skips an object at level `depth`, rejecting duplicate keys.
    mutating func skipObject(depth: Int) throws(ScanError) {
        try checkDepth(depth)
        index += 1
        keys.push()
        defer { keys.pop() }
        skipWhitespace()
        if current == UInt8(ascii: "}"), !atEnd {
            index += 1
            return
        }
        while true {
            _ = try parseFreeKey()
            try skipValue(depth: depth)
            if try endOfMember() { return }
        }
    }

    /// Skips an array at level `depth`.
    mutating func skipArray(depth: Int) throws(ScanError) {
        try checkDepth(depth)
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]"), !atEnd {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try skipValue(depth: depth)
            skipWhitespace()
            guard !atEnd else { throw unexpected(expected: "',' or ']'") }
            let byte = base[index]
            index += 1
            if byte == UInt8(ascii: "]") { return }
            if byte != UInt8(ascii: ",") {
                index -= 1
                throw unexpected(expected: "',' or ']'")
            }
        }
    }

    /// Reads `"key":` at the cursor (after optional whitespace) and leaves the cursor on the value.
    /// Returns the decoded key, valid until the next string is decoded, and the key's offset.
    @inline(__always) mutating func parseKey() throws(ScanError) -> (key: UnsafeBufferPointer<UInt8>, offset: Int) {
        skipWhitespace()
        guard current == UInt8(ascii: "\""), !atEnd else { throw unexpected(expected: "a key in double quotes") }
        let offset = index
        let key = try parseString(decode: true)
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after the key")
        skipWhitespace()
        return (key, offset)
    }

    /// ``parseKey()`` for an object whose keys are free-form: also rejects a duplicate.
    mutating func parseFreeKey() throws(ScanError) -> (key: UnsafeBufferPointer<UInt8>, offset: Int) {
        skipWhitespace()
        let offset = index
        let key = try parseKey().key
        try trackKey(key, offset: offset)
        return (key, offset)
    }

    /// Records a key of the innermost free-form object; throws for a duplicate.
    mutating func trackKey(_ key: UnsafeBufferPointer<UInt8>, offset: Int) throws(ScanError) {
        guard keys.insert(key) else { throw ScanError(offset, "duplicate key '\(text(key))'") }
    }

    /// After a member's value: consumes `,` (returns false) or `}` (returns true).
    @inline(__always) mutating func endOfMember() throws(ScanError) -> Bool {
        skipWhitespace()
        guard index < end else { throw unexpected(expected: "',' or '}'") }
        let byte = base[index]
        if byte == UInt8(ascii: ",") {
            index += 1
            return false
        }
        if byte == UInt8(ascii: "}") {
            index += 1
            return true
        }
        throw unexpected(expected: "',' or '}'")
    }

    /// Starts an object at the cursor: consumes `{` and returns true when it is empty (`{}`).
    @inline(__always) mutating func beginObject() throws(ScanError) -> Bool {
        try expect(UInt8(ascii: "{"), "'{'")
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "}") {
            index += 1
            return true
        }
        return false
    }

    // MARK: Scratch

    /// Makes room for `count` decoded bytes.
    mutating func reserveScratch(_ count: Int) {
        guard count > scratchCapacity else { return }
        scratch.deallocate()
        scratchCapacity = max(count, scratchCapacity * 2)
        scratch = .allocate(capacity: scratchCapacity)
    }

    /// The scratch buffer (valid until the next ``reserveScratch(_:)``).
    var scratchPointer: UnsafeMutablePointer<UInt8> { scratch }
}

/// Compares decoded bytes with a literal without creating a `String`.
@inline(__always)
func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    guard bytes.count == literal.utf8CodeUnitCount else { return false }
    guard let base = bytes.baseAddress else { return bytes.isEmpty }
    return memcmp(base, literal.utf8Start, bytes.count) == 0
}
