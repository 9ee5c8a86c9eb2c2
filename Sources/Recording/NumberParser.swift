internal import BarModel

/// Decimal text to the correctly rounded `Double`, fast for the numbers recordings hold.
///
/// Clinger's fast path: when the digits fit in an integer mantissa `m <= 2^53` and the decimal
/// exponent `e` satisfies `|e| <= 22`, both `m` and `10^|e|` are exact doubles, so one IEEE
/// multiplication or division gives the correctly rounded result (`82.5`, `26.25`, `0.017`,
/// `0.0083` all take it). Other mantissas of up to 19 digits go through ``EiselLemire`` (exact,
/// for the 17-digit shortest forms Swift prints, e.g. `0.016666666666666666`). Everything else
/// (more than 19 significant digits, subnormals, exponents beyond the table) goes to Swift's
/// `Double(String)` (the C library's `strtod` in the C locale), which rounds correctly too.
/// Either way the value equals Swift's `Double(String)` for the same text.
enum NumberParser {
    /// `10^0 ... 10^22`, the powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Grammar options: JSON's, or the more forgiving one of spreadsheets' CSV.
    enum Grammar {
        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        case json
        /// Also a leading `+`, leading zeros, `.5` and `5.`.
        case lenient
    }

    /// Parses a number starting at `start` and returns its value (0 when `compute` is false) and
    /// the offset just past it. Throws at the offending offset for malformed text, a token longer
    /// than ``JSONScanner/maxNumberLength`` (when computing), or a value that overflows to infinity.
    @inline(__always)
    static func parse(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, grammar: Grammar = .json, compute: Bool = true
    ) throws(ScanError) -> (value: Double, end: Int) {
        var index = start
        var negative = false
        if index < end, base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        } else if grammar == .lenient, index < end, base[index] == UInt8(ascii: "+") {
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var truncated = false
        let integerStart = index
        if grammar == .json, index < end, base[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, base[index] &- UInt8(ascii: "0") < 10 {
                throw ScanError(start, "invalid JSON: leading zeros are not allowed in numbers")
            }
        } else {
            while index < end {
                let digit = base[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if mantissa == 0, digit == 0 {
                    // A leading zero (lenient grammar only) adds nothing.
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                } else {
                    truncated = true
                    exponent += 1
                }
                index += 1
            }
        }
        var digits = index - integerStart
        if grammar == .json, digits == 0 {
            throw ScanError(start, "invalid JSON: invalid number")
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end {
                let digit = base[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                if mantissa == 0, digit == 0 {
                    exponent -= 1
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                    exponent -= 1
                } else {
                    truncated = true
                }
                index += 1
            }
            if grammar == .json, index == fractionStart {
                throw ScanError(index, "invalid JSON: expected a digit after the decimal point")
            }
            digits += index - fractionStart
        }
        if digits == 0 { throw ScanError(start, "invalid number") }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var value = 0
            while index < end {
                let digit = base[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                // Saturate: beyond this the value is 0 or infinite anyway, and strtod decides which.
                if value < 1_000_000 { value = value * 10 + Int(digit) }
                index += 1
            }
            if index == exponentStart {
                throw ScanError(index, "\(grammar == .json ? "invalid JSON: " : "")expected a digit in the number's exponent")
            }
            exponent += exponentNegative ? -value : value
        }
        guard compute else { return (0, index) }

        if !truncated {
            if mantissa == 0 { return (negative ? -0.0 : 0.0, index) }
            if mantissa <= 1 << 53 {
                var value: Double?
                if exponent >= 0, exponent <= 22 {
                    value = Double(mantissa) * exactPowersOfTen[exponent]
                } else if exponent < 0, exponent >= -22 {
                    value = Double(mantissa) / exactPowersOfTen[-exponent]
                } else if exponent > 22, exponent <= 22 + 16 {
                    // Clinger's extension: move surplus powers into the mantissa while it stays exact.
                    var m = mantissa
                    var e = exponent
                    while e > 22, m <= (1 << 53) / 10 {
                        m *= 10
                        e -= 1
                    }
                    if e <= 22 { value = Double(m) * exactPowersOfTen[e] }
                }
                if let value {
                    let result = negative ? -value : value
                    if result.isInfinite { throw ScanError(start, "number out of range") }
                    return (result, index)
                }
            }
        }
        if !truncated, let value = EiselLemire.compute(mantissa, exponent) {
            return (negative ? -value : value, index)
        }
        return (try slowPath(base, from: start, to: index), index)
    }

    /// The token `[start, end)` through Swift's `Double(String)`, which is the C library's
    /// `strtod` in the C locale (so a host app's `setlocale` cannot change the decimal point).
    private static func slowPath(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) throws(ScanError) -> Double {
        let length = end - start
        guard length <= JSONScanner.maxNumberLength else {
            throw ScanError(start, "number is longer than \(JSONScanner.maxNumberLength) characters")
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)) else {
            throw ScanError(start, "invalid number")
        }
        guard value.isFinite else { throw ScanError(start, "number out of range") }
        return value
    }
}
