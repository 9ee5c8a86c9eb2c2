import Testing

@testable import BarModel

@Suite struct RoundedTests {
    /// Bit for bit `rounded()`: halves away from zero, signed zeros, the 2^52 edge, the non-finite.
    @Test func equalsRoundedBitForBit() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 0.3, -0.3,
            4503599627370495.5, -4503599627370495.5, 0x1p52, -0x1p52, 0x1p52 + 1, 0x1p53 + 2, 1e300, -1e300,
            .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
            0.1 * 1_000_000, 1.000_0005 * 1_000_000, 833.3333333333334, -12.345 * 100,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            values.append(Double.random(in: -1e6...1e6, using: &generator))
            // Values at a half: where truncating and adding ½ would disagree with `round`.
            values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) + 0.5)
        }
        for value in values {
            #expect(value.roundedToNearest.bitPattern == value.rounded().bitPattern, "\(value)")
        }
        #expect(Double.nan.roundedToNearest.isNaN)
    }

    /// Counter-case: the rule the fast path must not follow, `floor(x + ½)`, differs from `round`
    /// at negative halves and just below ½, and the test above would catch it.
    @Test func differsFromFloorOfXPlusHalf() {
        for value in [-2.5, 0.49999999999999994] {
            #expect((value + 0.5).rounded(.down).bitPattern != value.rounded().bitPattern)
            #expect(value.roundedToNearest.bitPattern == value.rounded().bitPattern)
        }
    }
}
