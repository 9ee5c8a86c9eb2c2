import BarModel
import Simulation

/// SplitMix64: a tiny deterministic generator, so a fuzz run is the same bytes on every machine and
/// every Swift version (the standard library's generator is seeded randomly and may change).
struct FuzzRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 { SeededGenerator.splitMix64(&state) }

    /// A uniform integer in `0..<bound` (`bound` > 0); the tiny modulo bias does not matter here.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Mutates well-formed recordings into hostile ones, the way a grammar-aware fuzzer would: each
/// mutation aims at one "Bad input" rule of RECORDING_FORMAT.md or at a reader's limits.
///
/// Shared (as a symlink) by the in-process reader fuzz test and the end-to-end fuzz test.
struct RecordingMutator {
    enum Format { case ndjson, csv }

    /// Every mutation, by name (the names appear in failure messages and statistics).
    static let names = [
        "truncate", "truncateLine", "flipBit", "randomByte", "invalidUTF8", "nul", "hugeNumber", "deepNesting",
        "duplicateKey", "wrongType", "deleteLine", "duplicateLine", "swapLines", "crlf", "blankLine", "bom",
        "quote", "comma", "splice", "longLine", "unicode", "badNumberSyntax", "escape",
    ]

    let format: Format
    /// Lines of other seeds, for splicing.
    let donors: [[UInt8]]

    /// Applies 1 to 4 random mutations to `seed`; returns the bytes and the mutations applied.
    func mutate(_ seed: [UInt8], random: inout FuzzRandom) -> (bytes: [UInt8], applied: [String]) {
        var bytes = seed
        var applied: [String] = []
        for _ in 0..<(1 + random.below(4)) {
            let name = random.pick(Self.names)
            apply(name, to: &bytes, random: &random)
            applied.append(name)
        }
        return (bytes, applied)
    }

    static let hugeNumbers = [
        "1e309", "-1e309", "1e400", "123456789012345678901234567890123456789", "10000000.000001", "-10000001",
        "1e7", "4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "0." + String(repeating: "0", count: 5000) + "1",
        String(repeating: "9", count: 5000), "-0", "1E+2", "9007199254740993", "0.1e-99999999999",
    ]
    static let wrongTypes = ["\"x\"", "true", "false", "null", "[]", "{}", "[1,2]", "{\"a\":1}", "\"\"", "\"drag\"", "\"1.5\""]
    static let badNumbers = ["-", "1e", ".5", "1.", "0x10", "+1", "01", "1e+", "--1", "Infinity", "NaN", "1_000"]
    static let invalidUTF8: [[UInt8]] = [[0xC0, 0xAF], [0xFF], [0xED, 0xA0, 0x80], [0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xC3]]
    static let unicode = ["é", "😀", "\u{2028}", "\u{FEFF}", "日本", "\u{7F}", "\t"]
    static let escapes = [#"\u0000"#, #"\ud800"#, #"\udc00\ud800"#, #"\x41"#, #"\"#, #"\u12"#, #"\uD83D\uDE00"#, #"\/"#]

    func apply(_ name: String, to bytes: inout [UInt8], random: inout FuzzRandom) {
        let lines = Self.lineRanges(bytes)
        func randomIndex() -> Int { bytes.isEmpty ? 0 : random.below(bytes.count + 1) }
        func randomLine() -> Range<Int>? { lines.isEmpty ? nil : random.pick(lines) }
        func insert(_ text: [UInt8], at index: Int) { bytes.insert(contentsOf: text, at: min(index, bytes.count)) }
        /// A number token (digits, sign, point, exponent) on a random line.
        func numberToken() -> Range<Int>? {
            guard let line = randomLine() else { return nil }
            let digits = line.filter { (0x30...0x39).contains(bytes[$0]) }
            guard let start = digits.isEmpty ? nil : random.pick(digits) else { return nil }
            var lower = start, upper = start
            let numberBytes = Set("0123456789.eE+-".utf8)
            while lower > line.lowerBound, numberBytes.contains(bytes[lower - 1]) { lower -= 1 }
            while upper < line.upperBound, numberBytes.contains(bytes[upper]) { upper += 1 }
            return lower..<upper
        }
        /// A value after a `:` (NDJSON) or a cell between commas (CSV) on a random line.
        func valueToken() -> Range<Int>? {
            guard let line = randomLine() else { return nil }
            let separator = format == .ndjson ? UInt8(ascii: ":") : UInt8(ascii: ",")
            let starts = line.filter { bytes[$0] == separator }.map { $0 + 1 }
            guard let start = starts.isEmpty ? nil : random.pick(starts) else { return nil }
            var upper = start, depth = 0, inString = false
            while upper < line.upperBound {
                let byte = bytes[upper]
                if inString {
                    if byte == UInt8(ascii: "\\") { upper += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    if depth == 0 { break }
                    depth -= 1
                } else if byte == UInt8(ascii: ","), depth == 0 {
                    break
                }
                upper += 1
            }
            return start..<min(upper, line.upperBound)
        }

        switch name {
        case "truncate":
            bytes.removeSubrange(randomIndex()...)
        case "truncateLine":
            if let line = randomLine(), !line.isEmpty { bytes.removeSubrange((line.lowerBound + random.below(line.count))..<line.upperBound) }
        case "flipBit":
            if !bytes.isEmpty { bytes[random.below(bytes.count)] ^= UInt8(1) << UInt8(random.below(8)) }
        case "randomByte":
            if !bytes.isEmpty { bytes[random.below(bytes.count)] = UInt8(random.below(256)) }
        case "invalidUTF8":
            insert(random.pick(Self.invalidUTF8), at: randomIndex())
        case "nul":
            insert([0], at: randomIndex())
        case "hugeNumber":
            if let token = numberToken() { bytes.replaceSubrange(token, with: Array(random.pick(Self.hugeNumbers).utf8)) }
        case "deepNesting":
            let depth = random.pick([8, 31, 32, 33, 100, 10_000, 200_000])
            let balanced = random.chance(70)
            let open = random.chance(50) ? "[" : "{\"a\":"
            let close = open == "[" ? "]" : "}"
            let value = String(repeating: open, count: depth) + "1" + String(repeating: close, count: balanced ? depth : depth / 2)
            if format == .ndjson, let line = randomLine(), line.count > 1, bytes[line.upperBound - 1] == UInt8(ascii: "}") {
                insert(Array((",\"nest\":" + value).utf8), at: line.upperBound - 1)
            } else {
                insert(Array(value.utf8), at: randomIndex())
            }
        case "duplicateKey":
            if format == .csv {
                // Repeat a column of the header row.
                if let first = lines.first, let comma = bytes[first].firstIndex(of: UInt8(ascii: ",")) {
                    insert(Array(bytes[first.lowerBound...comma]), at: first.lowerBound)
                }
            } else if let line = randomLine(), let token = valueToken(), token.lowerBound > line.lowerBound {
                // `"key":value` just before the value's colon, repeated before the line's last `}`.
                var keyStart = token.lowerBound - 2
                while keyStart > line.lowerBound, bytes[keyStart] != UInt8(ascii: "\"") { keyStart -= 1 }
                keyStart -= 1
                while keyStart > line.lowerBound, bytes[keyStart] != UInt8(ascii: "\"") { keyStart -= 1 }
                let pair = Array(bytes[keyStart..<token.upperBound])
                if line.count > 1, bytes[line.upperBound - 1] == UInt8(ascii: "}") { insert([UInt8(ascii: ",")] + pair, at: line.upperBound - 1) }
            }
        case "wrongType":
            if let token = valueToken() { bytes.replaceSubrange(token, with: Array(random.pick(Self.wrongTypes).utf8)) }
        case "deleteLine":
            if let line = randomLine() { bytes.removeSubrange(line.lowerBound..<min(line.upperBound + 1, bytes.count)) }
        case "duplicateLine":
            if let line = randomLine() { insert(Array(bytes[line]) + [0x0A], at: line.lowerBound) }
        case "swapLines":
            if lines.count >= 2 {
                let a = random.below(lines.count - 1)
                let first = lines[a], second = lines[a + 1]
                let swapped = Array(bytes[second]) + [0x0A] + Array(bytes[first])
                bytes.replaceSubrange(first.lowerBound..<second.upperBound, with: swapped)
            }
        case "crlf":
            if let line = randomLine() { insert([0x0D], at: random.chance(70) ? line.upperBound : line.lowerBound + random.below(line.count + 1)) }
        case "blankLine":
            if let line = randomLine() { insert(Array(random.pick(["\n", "   \n", "\t\n", "\r\n"]).utf8), at: line.lowerBound) }
        case "bom":
            insert([0xEF, 0xBB, 0xBF], at: random.chance(70) ? 0 : randomIndex())
        case "quote":
            insert([UInt8(ascii: "\"")], at: randomIndex())
        case "comma":
            insert([UInt8(ascii: ",")], at: randomIndex())
        case "splice":
            if !donors.isEmpty, let line = randomLine() { insert(random.pick(donors) + [0x0A], at: line.lowerBound) }
        case "longLine":
            // 64 KiB to 1 MiB; the 10 MB lines have their own tests (they are too slow for every input).
            let length = 16_384 << random.below(5)
            let filler: [UInt8]
            switch random.below(4) {
            case 0: filler = Array((#"{"t":1,"y":1,"blob":""# + String(repeating: "x", count: length) + "\"}").utf8)
            case 1: filler = Array(repeating: 0x20, count: length)
            case 2: filler = Array(("1" + String(repeating: "0", count: length)).utf8)
            default: filler = Array(repeating: UInt8(ascii: ","), count: length)
            }
            if let line = randomLine() { insert(filler + [0x0A], at: line.lowerBound) } else { insert(filler, at: 0) }
        case "unicode":
            insert(Array(random.pick(Self.unicode).utf8), at: randomIndex())
        case "badNumberSyntax":
            if let token = numberToken() { bytes.replaceSubrange(token, with: Array(random.pick(Self.badNumbers).utf8)) }
        case "escape":
            // Inside a string when there is one on the line, else anywhere.
            if let line = randomLine(), let quote = line.first(where: { bytes[$0] == UInt8(ascii: "\"") }) {
                insert(Array(random.pick(Self.escapes).utf8), at: quote + 1)
            } else {
                insert(Array(random.pick(Self.escapes).utf8), at: randomIndex())
            }
        default:
            preconditionFailure("unknown mutation \(name)")
        }
    }

    /// The byte ranges of the lines, without their `\n`.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        // A plain loop over the buffer: `enumerated()` over 70 MB takes seconds in a debug build.
        bytes.withUnsafeBufferPointer { buffer in
            var ranges: [Range<Int>] = []
            var start = 0
            var index = 0
            let count = buffer.count
            while index < count {
                if buffer[index] == 0x0A {
                    ranges.append(start..<index)
                    start = index + 1
                }
                index += 1
            }
            if start < count { ranges.append(start..<count) }
            return ranges
        }
    }
}

/// Well-formed recordings to mutate: every kind of line and value the format has.
enum FuzzSeeds {
    static let ndjson: [String] = [
        """
        {"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{}}}}
        {"t":0.000,"y":82.0,"phase":"drag"}
        {"t":0.017,"y":85.0,"phase":"drag","vy":150,"bar":{"background":"transparent","blurAlpha":0.03,"inlineTitleAlpha":0}}
        {"t":0.033,"y":83.0,"phase":"drag"}
        {"t":0.040,"event":"tap","target":"title"}
        {"t":0.050,"y":86.0,"phase":"decelerate","future":{"a":[1,2,{"b":null}],"c":"\\u00e9\\n"}}
        {"t":0.067,"y":82.5,"phase":"idle"}

        """,
        """
        {"navrec":1,"session":{"id":"multi-a","app":"Music \\"Beta\\" é","screen":"AlbumDetail","device":"iPhone16,1","os":"iOS 18.1","fps":120,"startedAt":"2026-11-02T10:15:00Z","behaviors":{"largeTitle":{"hysteresis":1},"avatar":{}}}}
        {"t":0,"y":-20.5,"phase":"bounce","bar":{"barHeight":96.5,"largeTitleAlpha":1,"avatarScale":1,"avatarTx":0,"avatarTy":0,"subtitleVisible":true,"subtitleHasText":false}}
        {"t":0.0083,"y":1.25e1,"phase":"drag","vy":-1.5E2}\r
        {"t":0.0167,"y":40,"phase":"animate"}

        {"navrec":1,"session":{"behaviors":{"hideOnSwipe":{}}}}
        {"t":0.5,"y":100,"bar":{"barHidden":false,"barShown":0.5}}
        {"t":0.6,"y":150,"phase":"drag"}
        {"t":0.7,"event":"tap","target":"bar"}
        """,
        """
        {"navrec":1,"session":{"id":"dropdown","behaviors":{"dropdownTitle":{},"largeTitle":{}}}}
        {"t":0,"y":0,"bar":{"dropdownExpanded":true,"contentTitleAlpha":0.25}}
        {"t":1,"y":1,"phase":"drag"}
        """,
    ] + [generated]

    /// A longer session with observed states on every other line.
    static var generated: String {
        var text = #"{"navrec":1,"session":{"id":"generated","fps":120,"behaviors":{"blurHeader":{"hysteresis":0.5}}}}"# + "\n"
        for index in 0..<200 {
            let t = Double(index) / 120
            let y = 84 + 3 * Double((index * 7919) % 13) / 13
            text += #"{"t":\#(t),"y":\#(y),"phase":"drag""#
            if index.isMultiple(of: 2) { text += #","bar":{"blurAlpha":\#(Double(index % 10) / 10),"background":"default"}"# }
            text += "}\n"
        }
        return text
    }

    static let csv: [String] = [
        "t,y,phase,vy,blurAlpha,background,bar_hidden,note\n0,82,drag,0,0,transparent,false,\n0.017,85,drag,150,1,default,0,\"a, \"\"quoted\"\" note\"\n0.033,83,,,,,TRUE,\"multi\nline\"\n0.05,86,idle,,0.5,,,x\n",
        "\u{FEFF}t,y\r\n0,1\r\n0.1,2\r\n\r\n0.2, 3 \r\n",
        "y,largeTitleAlpha,t,dropdown_expanded,subtitleVisible\n1,0.5,0,1,true\n2,1,0.5,0,false\n-3.5e1,0,1e0,,\n",
    ]
}
