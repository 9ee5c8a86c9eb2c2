import Testing
@testable import Recording

/// ``NumberParser`` on its own: where a number ends, what each malformed one says and at which
/// byte, the forgiving CSV grammar, and long mantissas (past the 19 digits the fast paths take)
/// against Swift's `Double(String)`.
@Suite("NumberParser: grammar, errors, long mantissas")
struct NumberParserTests {
    /// The value and end offset of `text`, or the error's offset and message.
    static func parse(_ text: String, _ grammar: NumberParser.Grammar = .json) -> Result<(Double, Int), ScanError> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ScanError) in
                let parsed = try NumberParser.parse(buffer.baseAddress!, from: 0, to: buffer.count, grammar: grammar)
                return (parsed.value, parsed.end)
            }
        }
    }

    static func value(_ text: String, _ grammar: NumberParser.Grammar = .json) -> Double? {
        guard case let .success((value, end)) = parse(text, grammar), end == text.utf8.count else { return nil }
        return value
    }

    static func error(_ text: String, _ grammar: NumberParser.Grammar = .json) -> String? {
        guard case let .failure(error) = parse(text, grammar) else { return nil }
        return "\(error.offset): \(error.message)"
    }

    @Test("a number ends at the first byte that cannot continue it")
    func ends() {
        for (text, end) in [("12,", 2), ("1.5}", 3), ("-0]", 2), ("1e5 ", 3), ("2E-3x", 4), ("7", 1)] {
            guard case let .success((_, parsed)) = Self.parse(text) else {
                Issue.record("\(text) failed")
                continue
            }
            #expect(parsed == end, "\(text)")
        }
    }

    @Test("malformed JSON numbers: the message and the byte it points at")
    func invalidJSON() {
        #expect(Self.error("01") == "0: invalid JSON: leading zeros are not allowed in numbers")
        #expect(Self.error("-01") == "0: invalid JSON: leading zeros are not allowed in numbers")
        #expect(Self.error("-") == "0: invalid JSON: invalid number")
        #expect(Self.error(".5") == "0: invalid JSON: invalid number")
        #expect(Self.error("+1") == "0: invalid JSON: invalid number")
        #expect(Self.error("1.") == "2: invalid JSON: expected a digit after the decimal point")
        #expect(Self.error("1.e5") == "2: invalid JSON: expected a digit after the decimal point")
        #expect(Self.error("1e") == "2: invalid JSON: expected a digit in the number's exponent")
        #expect(Self.error("1e+") == "3: invalid JSON: expected a digit in the number's exponent")
    }

    @Test("out of range: overflow is an error at the number, underflow is zero, a huge exponent saturates")
    func range() {
        #expect(Self.error("1e309") == "0: number out of range")
        #expect(Self.error("-1.8e308") == "0: number out of range")
        #expect(Self.error("1" + String(repeating: "0", count: 400)) == "0: number out of range")
        #expect(Self.value("1e-400")?.bitPattern == 0)
        #expect(Self.value("-1e-400")?.bitPattern == (-0.0).bitPattern)
        #expect(Self.error("1e99999999999999999999") == "0: number out of range")
        #expect(Self.value("1e-99999999999999999999") == 0)
        #expect(Self.value("0e99999999999999999999") == 0)
        #expect(Self.value("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(Self.value("4.9406564584124654e-324") == .leastNonzeroMagnitude)
        #expect(Self.value("2.2250738585072011e-308") == Double("2.2250738585072011e-308"))
    }

    @Test("a token longer than the limit is refused when computed, skipped when not")
    func longToken() {
        let long = "0." + String(repeating: "1", count: JSONScanner.maxNumberLength)
        #expect(Self.error(long) == "0: number is longer than \(JSONScanner.maxNumberLength) characters")
        let bytes = Array(long.utf8)
        let end = bytes.withUnsafeBufferPointer { buffer in
            try? NumberParser.parse(buffer.baseAddress!, from: 0, to: buffer.count, compute: false).end
        }
        #expect(end == bytes.count)
    }

    @Test("the lenient (CSV) grammar: a plus sign, leading zeros, '.5' and '5.'; still no bare sign or point")
    func lenient() {
        #expect(Self.value("+1.5", .lenient) == 1.5)
        #expect(Self.value("007", .lenient) == 7)
        #expect(Self.value("-000.250", .lenient) == -0.25)
        #expect(Self.value(".5", .lenient) == 0.5)
        #expect(Self.value("5.", .lenient) == 5)
        #expect(Self.value("5.e1", .lenient) == 50)
        #expect(Self.error(".", .lenient) == "0: invalid number")
        #expect(Self.error("+", .lenient) == "0: invalid number")
        #expect(Self.error("1e", .lenient) == "2: expected a digit in the number's exponent")
    }

    @Test("halfway cases past 19 digits: the digits after the 19th decide, as strtod's do")
    func halfway() {
        // 2^53 + 1 is halfway between two doubles; one more digit far down tips it up.
        for text in [
            "9007199254740993", "9007199254740993.0000000000000000000000001", "9007199254740992.9999999999999999999999",
            "1.00000000000000011102230246251565404236316680908203125", "1.00000000000000011102230246251565404236316680908203126",
            "0.1000000000000000055511151231257827021181583404541015625", "12345678901234567890123", "1234567890123456789.5",
        ] {
            #expect(Self.value(text)?.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test("200,000 random JSON numbers of 1-40 digits, exponents -350…350: exactly Double(String), or out of range when it is infinite")
    func random() {
        var state: UInt64 = 0xC0FFEE
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let integerDigits = Int(next() % 21)
            let fractionDigits = Int(next() % 21)
            var text = next() % 2 == 0 ? "-" : ""
            text += integerDigits == 0 ? "0" : String(next() % 9 + 1) + (1..<max(1, integerDigits)).map { _ in String(next() % 10) }.joined()
            if fractionDigits > 0 { text += "." + (0..<fractionDigits).map { _ in String(next() % 10) }.joined() }
            if next() % 3 != 0 { text += (next() % 2 == 0 ? "e" : "E-") + String(next() % 351) }
            let expected = Double(text)!
            switch Self.parse(text) {
            case let .success((value, end)):
                if value.bitPattern != expected.bitPattern || end != text.utf8.count, mismatches.count < 10 {
                    mismatches.append("\(text): \(value) vs \(expected)")
                }
            case let .failure(error):
                if !(expected.isInfinite && error.message == "number out of range"), mismatches.count < 10 {
                    mismatches.append("\(text): \(error.message)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
