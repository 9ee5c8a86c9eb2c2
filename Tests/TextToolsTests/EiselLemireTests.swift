import Testing
@testable import TextTools

/// ``EiselLemire`` and ``DecimalValue`` on exact values (bit patterns written out, not computed by
/// the same library), on the cases where a fast path is wrong if it rounds carelessly, and against
/// Swift's `Double(String)` on random decimal strings split the way navrec's parsers split them.
@Suite("Eisel–Lemire: exact values, edges, random strings")
struct EiselLemireTests {
    @Test("exact values, bit for bit", arguments: [
        (UInt64(1), 0, UInt64(0x3FF0_0000_0000_0000)),  // 1
        (1, -1, 0x3FB9_9999_9999_999A),  // 0.1
        (3, -1, 0x3FD3_3333_3333_3333),  // 0.3
        (1, 23, 0x44B5_2D02_C7E1_4AF6),  // 1e23, the classic strtod trap
        (16_666_666_666_666_666, -18, 0x3F91_1111_1111_1111),  // 1/60 s as Swift prints it
        (1, -100, 0x2B2B_FF2E_E48E_0530),  // 1e-100, the table's first power
        (1, 100, 0x54B2_49AD_2594_C37D),  // 1e100, its last
        (9_007_199_254_740_993, 0, 0x4340_0000_0000_0000),  // 2^53 + 1: halfway, to even (2^53)
        (9_007_199_254_740_995, 0, 0x4340_0000_0000_0002),  // 2^53 + 3: halfway, to even (2^53 + 4)
        (18_014_398_509_481_986, 0, 0x4350_0000_0000_0000),  // 2^54 + 2: halfway, to even (2^54)
        (18_014_398_509_481_990, 0, 0x4350_0000_0000_0002),  // 2^54 + 6: halfway, to even (2^54 + 8)
        (18_014_398_509_481_987, 0, 0x4350_0000_0000_0001),  // just above halfway: up
        (UInt64.max, 0, 0x43F0_0000_0000_0000),  // 2^64 - 1 rounds to 2^64
    ])
    func exact(mantissa: UInt64, exponent: Int, bits: UInt64) throws {
        let value = try #require(DecimalValue.of(mantissa: mantissa, exponent: exponent), "\(mantissa)e\(exponent) fell back")
        #expect(value.bitPattern == bits, "\(mantissa)e\(exponent) = \(value)")
        #expect(value == Double("\(mantissa)e\(exponent)"))
    }

    @Test("falls back (nil) for zero, exponents outside the table, subnormals and overflow, never a wrong value")
    func fallbacks() {
        #expect(EiselLemire.compute(0, 0) == nil)
        #expect(EiselLemire.compute(1, EiselLemire.smallestPower - 1) == nil)
        #expect(EiselLemire.compute(1, EiselLemire.largestPower + 1) == nil)
        #expect(EiselLemire.compute(1, Int.max) == nil && EiselLemire.compute(1, Int.min) == nil)
        // Both ends of the table work.
        #expect(EiselLemire.compute(1, EiselLemire.smallestPower) == 1e-100)
        #expect(EiselLemire.compute(1, EiselLemire.largestPower) == 1e100)
        // The fast path's own boundaries: 2^53 exactly still takes it, 10^22 and 10^-22 too.
        #expect(DecimalValue.of(mantissa: 1 << 53, exponent: 0) == 9_007_199_254_740_992)
        #expect(DecimalValue.of(mantissa: 1, exponent: 22) == 1e22)
        #expect(DecimalValue.of(mantissa: 1, exponent: -22) == 1e-22)
        #expect(DecimalValue.of(mantissa: 0, exponent: Int.max) == 0)
        // Subnormals and overflow are strtod's.
        #expect(DecimalValue.of(mantissa: 49_406_564_584_124_654, exponent: -340) == nil)
        #expect(DecimalValue.of(mantissa: 5, exponent: -324) == nil)
        #expect(DecimalValue.of(mantissa: 18, exponent: 307) == nil)  // 1.8e308 > the largest double
        #expect(DecimalValue.of(mantissa: 1, exponent: 400) == nil)
        // The largest double and the smallest normal lie outside the table: strtod's too.
        #expect(DecimalValue.of(mantissa: 17_976_931_348_623_157, exponent: 292) == nil)
        #expect(DecimalValue.of(mantissa: 22_250_738_585_072_014, exponent: -324) == nil)
    }

    /// A splitmix64 stream: the same strings on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// `text`'s digits and exponent as navrec's parsers split them (leading zeros dropped, the
    /// point moved into the exponent); `nil` beyond 19 significant digits, which they send to strtod.
    static func split(_ text: String) -> (mantissa: UInt64, exponent: Int)? {
        let parts = text.split(separator: "e", omittingEmptySubsequences: false)
        var exponent = parts.count > 1 ? Int(parts[1])! : 0
        var mantissa: UInt64 = 0
        var significant = 0
        var afterPoint = false
        for character in parts[0] {
            if character == "." {
                afterPoint = true
                continue
            }
            let digit = UInt64(character.wholeNumberValue!)
            if afterPoint { exponent -= 1 }
            if mantissa == 0, digit == 0 { continue }
            significant += 1
            guard significant <= 19 else { return nil }
            mantissa = mantissa * 10 + digit
        }
        return (mantissa, exponent)
    }

    @Test("300,000 random decimal strings (1-19 digits, a point anywhere, exponents -400…400): Swift's Double(String) or a fallback")
    func randomStrings() {
        var random = Random(state: 0x5EED)
        var mismatches: [String] = []
        var fallbacks = 0
        var ambiguous = 0
        let count = 300_000
        for _ in 0..<count {
            let digits = 1 + random.below(19)
            var text = String((0..<digits).map { _ in Character(String(random.below(10))) })
            let point = random.below(digits + 1)
            if point < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasSuffix(".") { text += "0" }
            text += "e\(random.below(801) - 400)"
            let expected = Double(text)!
            guard let (mantissa, exponent) = Self.split(text) else { continue }
            guard let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) else {
                fallbacks += 1
                // Beyond the table, subnormal, zero-or-infinite: the documented fallbacks.
                let documented = exponent < EiselLemire.smallestPower || exponent > EiselLemire.largestPower
                    || expected.isSubnormal || expected == 0 || expected.isInfinite
                if !documented { ambiguous += 1 }
                continue
            }
            if value.bitPattern != expected.bitPattern, mismatches.count < 10 {
                mismatches.append("\(text): \(value) vs \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(fallbacks < count, "every string fell back")
        // Ambiguous Eisel–Lemire products are a handful in a million.
        #expect(ambiguous < count / 1000, "\(ambiguous) undocumented fallbacks")
    }

    @Test("Swift's shortest form of 100,000 random doubles reads back exactly or falls back only outside the table")
    func shortestRoundTrip() {
        var random = Random(state: 7)
        for _ in 0..<100_000 {
            let double = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
            guard double.isNormal else { continue }
            let text = "\(double)"
            guard let (mantissa, exponent) = Self.split(text) else {
                Issue.record("\(text): more than 19 digits in a shortest form")
                continue
            }
            if let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) {
                #expect(value.bitPattern == double.bitPattern, "\(text)")
            } else {
                #expect(exponent < EiselLemire.smallestPower || exponent > EiselLemire.largestPower, "\(text) fell back")
            }
        }
    }
}
