internal import TextTools

/// Decimal text to the correctly rounded `Double`, fast for the numbers recordings hold: the digits
/// and exponent go through ``DecimalValue`` (Clinger's fast path, then Eisel-Lemire); more than 19
/// significant digits and what those leave go to Swift's `Double(String)` (the C library's `strtod`
/// in the C locale), which rounds correctly too. Either way the value equals Swift's
/// `Double(String)` for the same text.
enum NumberParser {
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

        if !truncated, let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) {
            let result = negative ? -value : value
            if result.isInfinite { throw ScanError(start, "number out of range") }
            return (result, index)
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
