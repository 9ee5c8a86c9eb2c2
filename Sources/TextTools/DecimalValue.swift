/// The correctly rounded `Double` of a decimal `mantissa × 10^exponent`, where that is quick:
/// the one conversion behind navrec's number parsers (recordings' JSON and CSV, and the text form
/// of `frame_chunks` columns).
///
/// Clinger's fast path: when `mantissa <= 2^53` and `|exponent| <= 22`, both `mantissa` and
/// `10^|exponent|` are exact doubles, so one IEEE multiplication or division gives the correctly
/// rounded result (`82.5`, `26.25`, `0.017`, `0.0083` all take it). Other mantissas of up to 19
/// digits go through ``EiselLemire`` (exact, for the 17-digit shortest forms Swift prints, e.g.
/// `0.016666666666666666`). `nil` leaves the rest (subnormals, exponents beyond the table) to the
/// caller's `strtod`, which rounds correctly too.
package enum DecimalValue {
    /// `10^0 ... 10^22`, the powers of ten a double holds exactly.
    @usableFromInline static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// `mantissa × 10^exponent` correctly rounded (positive; 0 for a zero mantissa), or `nil`.
    @inlinable
    package static func of(mantissa: UInt64, exponent: Int) -> Double? {
        if mantissa == 0 { return 0 }
        if mantissa <= 1 << 53 {
            if exponent >= 0, exponent <= 22 { return Double(mantissa) * exactPowersOfTen[exponent] }
            if exponent < 0, exponent >= -22 { return Double(mantissa) / exactPowersOfTen[-exponent] }
            if exponent > 22, exponent <= 22 + 16 {
                // Clinger's extension: move surplus powers into the mantissa while it stays exact.
                var m = mantissa
                var e = exponent
                while e > 22, m <= (1 << 53) / 10 {
                    m *= 10
                    e -= 1
                }
                if e <= 22 { return Double(m) * exactPowersOfTen[e] }
            }
        }
        return EiselLemire.compute(mantissa, exponent)
    }
}
