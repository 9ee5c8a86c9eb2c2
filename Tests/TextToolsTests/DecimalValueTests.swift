import Testing
@testable import TextTools

/// `DecimalValue.of` (Clinger's fast path, then Eisel–Lemire) against Swift's own `Double(String)`,
/// which rounds correctly: every answer it gives must be the same double, bit for bit; `nil` is
/// allowed only where the type says it falls back (subnormals, exponents beyond its table, an
/// ambiguous Eisel–Lemire product).
@Suite("Decimal digits to Double")
struct DecimalValueTests {
    /// `mantissa × 10^exponent` as Swift reads it from text.
    static func swiftDouble(_ mantissa: UInt64, _ exponent: Int) -> Double {
        Double("\(mantissa)e\(exponent)")!
    }

    static let edgeCases: [(UInt64, Int)] = [
        (0, 0), (0, 300), (1, 0), (1, 22), (1, 23), (1, -22), (1, -23), (9_007_199_254_740_992, 0),
        (9_007_199_254_740_993, 0), (9_007_199_254_740_995, 0), (18_014_398_509_481_985, 0),
        (UInt64.max, 0), (UInt64.max, -19), (UInt64.max, 100), (UInt64.max, -100),
        (17_976_931_348_623_157, 292), (22_250_738_585_072_014, -324), (22_250_738_585_072_011, -324),
        (1, 100), (1, -100), (5, -1), (25, -2), (125, -3), (3, -1), (1, 38), (9, 37), (435, 28),
        (1_000_000_000_000_000_011, -18), (16_666_666_666_666_668, -15), (33_333_333_333_333_336, -15),
        (16_666_666_666_666_666, -18), (17_000_000_000_000_001, -18), (30_000_000_000_000_004, -17),
        (7_317_770_170_789_331, 0), (4_503_599_627_370_497, 0), (4_503_599_627_370_496_5, -1),
        (9_007_199_254_740_993, -16), (9_007_199_254_740_993, 16), (2_470_328_229_206_232_7, -342),
        (8_988_465_674_311_579, 292), (123_456_789_012_345_678, -50), (1, 308), (1, -307),
    ]

    @Test("edge cases: halfway points, 2^53 + 1, the largest and smallest normals, 19-digit mantissas")
    func edgeCases() {
        for (mantissa, exponent) in Self.edgeCases {
            let expected = Self.swiftDouble(mantissa, exponent)
            guard let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) else {
                // Only a subnormal, an overflow or an exponent beyond the table may fall back.
                #expect(exponent < EiselLemire.smallestPower || exponent > EiselLemire.largestPower
                    || expected.isSubnormal || expected.isInfinite || expected >= 1e300,
                    "\(mantissa)e\(exponent) fell back")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(mantissa)e\(exponent): \(value) vs \(expected)")
        }
    }

    @Test("random digits: 200,000 mantissas of 1 to 19 digits, exponents -100…100, exact or a rare fallback")
    func randomDigits() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var fallbacks = 0
        var mismatches: [String] = []
        let count = 200_000
        for _ in 0..<count {
            let digits = Int(next() % 19) + 1
            var mantissa: UInt64 = 0
            for _ in 0..<digits { mantissa = mantissa * 10 + next() % 10 }
            let exponent = Int(next() % 201) - 100
            guard let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) else {
                fallbacks += 1
                continue
            }
            let expected = Self.swiftDouble(mantissa, exponent)
            if value.bitPattern != expected.bitPattern, mismatches.count < 10 {
                mismatches.append("\(mantissa)e\(exponent): \(value) vs \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Eisel–Lemire gives up only on ambiguous products: a handful in a million.
        #expect(fallbacks < count / 1000, "\(fallbacks) fallbacks")
    }

    @Test("Swift's shortest round-trip output of random doubles reads back to the same double")
    func shortestForms() {
        var state: UInt64 = 42
        for _ in 0..<50_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let double = Double(bitPattern: (state >> 2) & 0x3FFF_FFFF_FFFF_FFFF)
            guard double.isNormal, double.exponent > -300, double.exponent < 300 else { continue }
            // Digits and exponent of the shortest form, as the parsers split them.
            let text = "\(double)"
            let parts = text.split(separator: "e")
            let significand = parts[0]
            var exponent = parts.count > 1 ? Int(parts[1])! : 0
            var digits = String(significand.filter { $0 != "." })
            if let dot = significand.firstIndex(of: ".") {
                exponent -= significand.distance(from: dot, to: significand.endIndex) - 1
            }
            while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
            guard let mantissa = UInt64(digits), let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) else {
                continue
            }
            #expect(value.bitPattern == double.bitPattern, "\(text)")
        }
    }
}
