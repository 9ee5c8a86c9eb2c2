internal import TextTools

/// One column of a chunk of frames in the digit encoding of `frame_chunks`, which plain SQL can
/// decode (the `timeline` view does, in any SQLite client) and navrec decodes with a digit loop.
///
/// A column is a BLOB of `count` fixed-width fields, with its width `w` and `base` in columns of
/// their own:
/// - `w >= 0` (integers): field k is the ASCII decimal `value - base`, zero-padded to `w` digits,
///   so that `base + substr(blob, 1 + k * w, w)` is the value (SQL reads a BLOB of digits as the
///   number they spell); NULL is `-1` (`-01`, …), i.e. `base - 1`, so `w >= 2` when the chunk has
///   one. `w = 0` when every value equals `base` (the blob is one placeholder byte: `substr` of an
///   empty BLOB is NULL, of a non-empty one with length 0 an empty BLOB, which adds as 0).
///   Thousandths columns hold exact thousandths here (`m / 1000.0` is the very value).
/// - `w >= 100` (``threeThousandthsWidth``; thousandths columns where a value has no exact
///   thousandths but every value is exact three-thousandths, as offsets on a @3x pixel grid are:
///   `0.3333333333333333` is 1000 / 3000): as `w >= 0` with fields `w - 100` digits wide, the value
///   `k / 3000.0`. Without it such a value took the binary form below, 16–19 digits.
/// - `w < 0` (thousandths columns where a value has no exact thousandths, e.g. a model's
///   `0.9998857142857143`): when one power of two 2^-s scales every value of the chunk to an
///   integer below 2^63 (the usual case), `base` is that REAL factor and field k the integer
///   `value * 2^s` in decimal, right-aligned in `-w` bytes, so `CAST(field AS INTEGER) * base` is
///   the value bit for bit (both steps are exact in IEEE arithmetic). Otherwise `base` is NULL and
///   field k is the value's shortest round-trip text (SQLite's text-to-number conversion can be
///   off by one unit in the last place there; navrec's own reading is exact). NULL is all spaces.
///
/// Why digits and not binary: SQL has no function that reads a binary number from a BLOB, and
/// `timeline` must stay a plain view that any SQLite client can read.
package enum DigitColumn {
    /// `m` when `Double(m) / 1000` is exactly `value` (bit for bit), else `nil`: for a value written
    /// with at most 3 decimals `m / 1000.0` — in Swift or in the views' SQL — gives back the same
    /// double the recording's text parsed to.
    @inline(__always)
    static func thousandths(_ value: Double) -> Int64? { numerator(of: value, over: 1000) }

    /// `k` when `Double(k) / 3000` is exactly `value` (bit for bit), else `nil`: the thousandths
    /// and halves of ``thousandths(_:)`` and the thirds of a @3x pixel grid, which have no exact
    /// thousandths.
    @inline(__always)
    static func threeThousandths(_ value: Double) -> Int64? { numerator(of: value, over: 3000) }

    /// The integer `n` with `Double(n) / denominator` exactly `value`, or `nil`. IEEE division rounds
    /// correctly, so the views' SQL dividing by the same denominator gives the same double.
    @inline(__always)
    private static func numerator(of value: Double, over denominator: Double) -> Int64? {
        // Zero first: -0.0 is stored as 0 (``StoredValues``).
        if value == 0 { return 0 }
        let scaled = value * denominator
        // The bound keeps n exact in a double (and excludes infinities and NaN).
        guard scaled.magnitude < 0x1p52 else { return nil }
        // Truncating x ± 0.5 rounds without a libm call (`rounded()` is one on baseline x86-64);
        // where it is off by one at a tie the check below fails and the value is stored in the column's other form, so the encoding stays exact either way.
        let n = Int64(scaled + (scaled < 0 ? -0.5 : 0.5))
        guard (Double(n) / denominator).bitPattern == value.bitPattern else { return nil }
        return n
    }

    /// The schema version from which the views read three-thousandths (migration 0021).
    static let threeThousandthsSchemaVersion = 21

    /// A width at or above this marks a vector of three-thousandths (``threeThousandths(_:)``),
    /// its fields `width - threeThousandthsWidth` digits wide: far above any field (``maxWidth``).
    static let threeThousandthsWidth = 100

    /// Whether every non-NULL value of a thousandths column (`integers[i] == null` marks a NULL,
    /// else `reals[i]` is the value) is exact three-thousandths.
    static func areThreeThousandths(_ integers: UnsafePointer<Int64>, _ reals: UnsafePointer<Double>, count: Int, null: Int64) -> Bool {
        for index in 0..<count where integers[index] != null {
            if threeThousandths(reals[index]) == nil { return false }
        }
        return true
    }

    /// ``areThreeThousandths(_:_:count:null:)`` that also writes each numerator over its value's
    /// slot in `integers` as it goes (one check a value); a slot written before a value that fails
    /// stays not NULL, which is all the column's other forms read of `integers`.
    static func storeThreeThousandths(_ integers: UnsafeMutablePointer<Int64>, _ reals: UnsafePointer<Double>, count: Int, null: Int64) -> Bool {
        for index in 0..<count where integers[index] != null {
            guard let numerator = threeThousandths(reals[index]) else { return false }
            integers[index] = numerator
        }
        return true
    }

    /// Decimal digits of `value` (at least 1).
    ///
    /// From the bit length and one comparison with a power of ten: a division per digit is costly
    /// for the 16–19-digit values the models output, several times a sample.
    /// `log10(2) ≈ 1233 / 4096`, so `t` is the digit count or one more. Loops pass ``powersOfTen``
    /// read once: each read of a lazily made static is a `swift_once` call.
    @inline(__always)
    static func digits(_ value: UInt64, powers: UnsafePointer<UInt64> = powersOfTen) -> Int {
        // `| 1` changes no digit count (10^k is even, 10^k - 1 odd) and gives 0 its one digit.
        let odd = value | 1
        let bits = 64 &- odd.leadingZeroBitCount
        let t = (bits &* 1233) &>> 12
        return odd < powers[t] ? t : t &+ 1
    }

    /// `10^0 ... 10^19` (the largest below 2^64), for ``digits(_:)``.
    nonisolated(unsafe) static let powersOfTen: UnsafePointer<UInt64> = {
        let powers = UnsafeMutablePointer<UInt64>.allocate(capacity: 20)
        powers[0] = 1
        for exponent in 1..<20 { powers[exponent] = powers[exponent - 1] * 10 }
        return UnsafePointer(powers)
    }()

    /// The width and base of integers `values[0..<count]` (`nil` entries are NULL), or `nil` when
    /// every one is NULL. Fails (`nil` width) when the range needs more than 18 digits.
    static func integerLayout(_ values: UnsafePointer<Int64>, count: Int, null: Int64) -> (width: Int, base: Int64)? {
        var low = Int64.max, high = Int64.min, hasNull = false
        for index in 0..<count {
            let value = values[index]
            if value == null { hasNull = true; continue }
            if value < low { low = value }
            if value > high { high = value }
        }
        guard low <= high else { return nil }
        let span = UInt64(bitPattern: high &- low)
        var width = span == 0 ? 0 : digits(span)
        if hasNull { width = max(width, 2) }
        return (width, low)
    }

    /// Writes `values[0..<count]` as `width`-digit offsets from `base` into `bytes` (which holds
    /// at least `max(1, count * width)` bytes) and returns the number of bytes written.
    static func encodeIntegers(
        _ values: UnsafePointer<Int64>, count: Int, null: Int64, width: Int, base: Int64, into bytes: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard width > 0 else {
            bytes[0] = UInt8(ascii: "0")
            return 1
        }
        var position = 0
        let pairs = digitPairs
        for index in 0..<count {
            let value = values[index]
            if value == null {
                bytes[position] = UInt8(ascii: "-")
                for offset in 1..<width { bytes[position + offset] = UInt8(ascii: offset == width - 1 ? "1" : "0") }
            } else {
                writeDigits(UInt64(bitPattern: value &- base), into: bytes + position, width: width, pairs: pairs)
            }
            position += width
        }
        return position
    }

    /// "00" "01" … "99": two digits per division, halving the divisions of the encoder's inner loop.
    nonisolated(unsafe) static let digitPairs: UnsafePointer<UInt8> = {
        let pairs = UnsafeMutablePointer<UInt8>.allocate(capacity: 200)
        for value in 0..<100 {
            pairs[2 * value] = UInt8(ascii: "0") + UInt8(value / 10)
            pairs[2 * value + 1] = UInt8(ascii: "0") + UInt8(value % 10)
        }
        return UnsafePointer(pairs)
    }()

    /// Writes `value` as exactly `width` decimal digits (zero-padded; `value` has at most `width`).
    @inline(__always)
    static func writeDigits(
        _ value: UInt64, into field: UnsafeMutablePointer<UInt8>, width: Int, pairs: UnsafePointer<UInt8> = digitPairs
    ) {
        var rest = value
        var offset = width
        while offset >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            field[offset - 2] = pairs[pair]
            field[offset - 1] = pairs[pair + 1]
            offset -= 2
        }
        if offset == 1 { field[0] = UInt8(truncatingIfNeeded: rest) &+ UInt8(ascii: "0") }
    }

    /// Reads `count` fields of `width` digits (`width > 0`) at `bytes` into `values`, adding
    /// `base`; a NULL field becomes `null`. Returns `false` when a field holds a byte that is not a
    /// digit (a damaged blob): checked with a running mask, not a branch, to keep the loop tight.
    ///
    /// Fields of up to 8 digits are read 8 bytes at a time (``eightDigits(_:width:)``) while 8 bytes
    /// from the field's start are inside the `width × count` bytes; the rest a digit at a time.
    /// A digit at a time would make decoding most of the main pass's reading.
    @inline(__always)
    static func decodeIntegers(
        _ bytes: UnsafePointer<UInt8>, count: Int, width: Int, base: Int64, null: Int64, into values: UnsafeMutablePointer<Int64>
    ) -> Bool {
        decodeFields(bytes, count: count, width: width, base: base) { index, value in values[index] = value ?? null }
    }

    /// Reads a thousandths vector as ``decodeIntegers`` does, straight into `values` as numbers
    /// (the integer / `denominator`: 1000, or 3000 for three-thousandths), without the integers in
    /// between; a NULL field (or one that reads as `null`) leaves its value as it was and its bit of
    /// `rows` clear. `valid` as ``decodeIntegers``.
    @inline(__always)
    static func decodeThousandths(
        _ bytes: UnsafePointer<UInt8>, count: Int, width: Int, base: Int64, denominator: Double, null: Int64,
        into values: UnsafeMutablePointer<Double>
    ) -> (rows: UInt64, valid: Bool) {
        var rows: UInt64 = 0
        let valid = decodeFields(bytes, count: count, width: width, base: base) { index, value in
            guard let value, value != null else { return }
            values[index] = Double(value) / denominator
            rows |= 1 &<< UInt64(index)
        }
        return (rows, valid)
    }

    /// The fields of a vector, each handed to `body` with its index: `base` plus its digits, or
    /// `nil` for NULL. Returns `false` when a field holds a byte that is not a digit.
    ///
    /// A vector of digits only (no NULL, no damage: nearly every one) is told by one pass over its
    /// bytes, which the compiler does 16 bytes a step; its fields then need neither the NULL test
    /// nor the per-field check.
    @inline(__always)
    private static func decodeFields(
        _ bytes: UnsafePointer<UInt8>, count: Int, width: Int, base: Int64, _ body: (Int, Int64?) -> Void
    ) -> Bool {
        var index = 0
        var bad: UInt64 = 0
        if width <= 8, width &* count >= 8 {
            let fast = min(count, (width &* count &- 8) / width &+ 1)
            let shift = UInt64(8 &* (8 &- width))
            var position = 0
            if allDigits(bytes, count: width &* count) {
                // The bytes shifted in read as leading zeros: `eightDigits` keeps only low nibbles.
                while index < fast {
                    let raw = UInt64(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)) << shift
                    body(index, base &+ Int64(bitPattern: eightDigits(raw)))
                    position &+= width
                    index &+= 1
                }
            }
            // The bytes before a shifted field read as leading zeros ('0').
            let zeros: UInt64 = shift == 0 ? 0 : 0x3030_3030_3030_3030 & ((1 << shift) &- 1)
            while index < fast {
                let field = bytes + position
                if field[0] == UInt8(ascii: "-") {
                    body(index, nil)
                } else {
                    let raw = UInt64(littleEndian: UnsafeRawPointer(field).loadUnaligned(as: UInt64.self)) << shift | zeros
                    bad |= eightDigitsCheck(raw)
                    body(index, base &+ Int64(bitPattern: eightDigits(raw)))
                }
                position &+= width
                index &+= 1
            }
        }
        var largest: UInt8 = 0
        var position = index &* width
        while index < count {
            if bytes[position] == UInt8(ascii: "-") {
                body(index, nil)
            } else {
                var value: Int64 = 0
                for offset in 0..<width {
                    let digit = bytes[position + offset] &- UInt8(ascii: "0")
                    largest = max(largest, digit)
                    value = value &* 10 &+ Int64(digit)
                }
                body(index, base &+ value)
            }
            position += width
            index &+= 1
        }
        return largest <= 9 && bad == 0
    }

    /// Whether the `count` bytes at `bytes` are all ASCII digits: a reduction the compiler
    /// vectorizes (a byte below `0` wraps above 9).
    @inline(__always)
    static func allDigits(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var largest: UInt8 = 0
        for index in 0..<count { largest = max(largest, bytes[index] &- UInt8(ascii: "0")) }
        return largest <= 9
    }

    /// Zero when all 8 bytes of `raw` (little-endian) are ASCII digits: each byte's high nibble
    /// and that of the byte plus 6 are both 3 (simdjson's `is_made_of_eight_digits_fast`).
    @inline(__always)
    static func eightDigitsCheck(_ raw: UInt64) -> UInt64 {
        ((raw & 0xF0F0_F0F0_F0F0_F0F0) | (((raw &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)) ^ 0x3333_3333_3333_3333
    }

    /// The number 8 ASCII digits (little-endian, the first digit in the lowest byte) spell, in
    /// three multiplications (Lemire, "Faster integer parsing").
    @inline(__always)
    static func eightDigits(_ raw: UInt64) -> UInt64 {
        var value = ((raw & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    }

    /// The smallest s such that every value of a thousandths column times 2^s is an integer
    /// below 2^63 in magnitude, or `nil` when there is none (magnitudes too far apart).
    static func binaryShift(_ integers: UnsafePointer<Int64>, _ reals: UnsafePointer<Double>, count: Int, null: Int64) -> Int? {
        var shift = 0
        var largest = Int.min
        for index in 0..<count where integers[index] != null {
            let value = reals[index]
            guard value.isFinite else { return nil }
            if value == 0 { continue }
            // value = N * 2^(exponent - 52) with N the 53-bit significand (normalized also for
            // subnormals by `significand`); N's lowest set bit is the value's lowest.
            let significand = value.significand.significandBitPattern | 1 << 52
            let lowest = Int(value.exponent) - 52 + significand.trailingZeroBitCount
            shift = max(shift, -lowest)
            largest = max(largest, Int(value.exponent))
        }
        guard shift <= 1074, largest == Int.min || largest + shift <= 61 else { return nil }
        return shift
    }

    /// Writes the values of a thousandths column times 2^`shift` (``binaryShift``) as right-aligned
    /// decimal integers into `bytes` and returns the width (positive; stored negated). Overwrites
    /// the non-NULL `integers` with the scaled values.
    static func encodeScaled(
        _ integers: UnsafeMutablePointer<Int64>, _ reals: UnsafePointer<Double>, count: Int, null: Int64, shift: Int,
        into bytes: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // 2^shift as two exact factors (one double cannot hold 2^1074); the products are exact
        // because ``binaryShift`` chose `shift` so that every result is a whole number below 2^62.
        let first = min(shift, 1000)
        let factor1 = Double(bitPattern: UInt64(1023 + first) << 52)
        let factor2 = Double(bitPattern: UInt64(1023 + shift - first) << 52)
        var width = 1
        let powers = powersOfTen, pairs = digitPairs
        for index in 0..<count where integers[index] != null {
            let scaled = Int64(reals[index] * factor1 * factor2)
            integers[index] = scaled
            width = max(width, digits(scaled.magnitude, powers: powers) + (scaled < 0 ? 1 : 0))
        }
        for index in 0..<count {
            let field = bytes + index * width
            let scaled = integers[index]
            guard scaled != null else {
                field.update(repeating: UInt8(ascii: " "), count: width)
                continue
            }
            let length = digits(scaled.magnitude, powers: powers)
            writeDigits(scaled.magnitude, into: field + width - length, width: length, pairs: pairs)
            var position = width - length - 1
            if scaled < 0 {
                field[position] = UInt8(ascii: "-")
                position -= 1
            }
            while position >= 0 {
                field[position] = UInt8(ascii: " ")
                position -= 1
            }
        }
        return width
    }

    /// Reads the `count` fields (`width` bytes each) of a scaled column into `values`, each the
    /// integer times `factor` (2^-s), and returns the rows that are not NULL (the others' values
    /// are left as they were).
    ///
    /// The model outputs a column is scaled for have 16 to 18 digits: where a field's last 16
    /// bytes are digits they are read as two 8-digit groups, the bytes before them as
    /// ``scaledField(_:width:factor:)`` reads every byte. Any other field (fewer digits, a damaged
    /// byte in the groups) takes that digit-at-a-time reading, so that every field reads as it
    /// always did.
    @inline(__always)
    static func decodeScaled(
        _ bytes: UnsafePointer<UInt8>, count: Int, width: Int, factor: Double, into values: UnsafeMutablePointer<Double>
    ) -> UInt64 {
        var rows: UInt64 = 0
        var field = bytes
        let head = width &- 16
        for index in 0..<count {
            defer { field += width }
            if head >= 0 {
                let high = UInt64(littleEndian: UnsafeRawPointer(field + head).loadUnaligned(as: UInt64.self))
                let low = UInt64(littleEndian: UnsafeRawPointer(field + head + 8).loadUnaligned(as: UInt64.self))
                if eightDigitsCheck(high) | eightDigitsCheck(low) == 0 {
                    var position = 0
                    while position < head, field[position] == UInt8(ascii: " ") { position &+= 1 }
                    let negative = position < head && field[position] == UInt8(ascii: "-")
                    if negative { position &+= 1 }
                    // The bytes before the groups, a digit at a time: the same wrapping sum as
                    // ``scaledField(_:width:factor:)``'s (a damaged byte adds what it adds there),
                    // so the same integer modulo 2^64.
                    var magnitude: UInt64 = 0
                    while position < head {
                        magnitude = magnitude &* 10 &+ UInt64(field[position] &- UInt8(ascii: "0"))
                        position &+= 1
                    }
                    magnitude = magnitude &* 10_000_000_000_000_000 &+ eightDigits(high) &* 100_000_000 &+ eightDigits(low)
                    // Below 2^63 (always, but for a damaged field) the signed conversion is one
                    // instruction; both round correctly, so they agree.
                    let value = (magnitude < 1 &<< 63 ? Double(Int64(bitPattern: magnitude)) : Double(magnitude)) * factor
                    values[index] = negative ? -value : value
                    rows |= 1 &<< UInt64(index)
                    continue
                }
            }
            guard let value = scaledField(field, width: width, factor: factor) else { continue }
            values[index] = value
            rows |= 1 &<< UInt64(index)
        }
        return rows
    }

    /// One field of a scaled column read a digit at a time after its blanks and sign (a byte that
    /// is no digit adds its difference from `0`), or `nil` when it is all blanks (NULL).
    private static func scaledField(_ field: UnsafePointer<UInt8>, width: Int, factor: Double) -> Double? {
        var position = 0
        while position < width, field[position] == UInt8(ascii: " ") { position += 1 }
        guard position < width else { return nil }
        let negative = field[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var magnitude: UInt64 = 0
        while position < width {
            magnitude = magnitude &* 10 &+ UInt64(field[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let value = Double(magnitude) * factor
        return negative ? -value : value
    }

    /// The widest field: 20 digits of an integer offset, 24 characters of a number's text.
    static let maxWidth = 24

    /// Writes the numbers of a column that is stored as text (`integers[i] == null` marks a NULL,
    /// else `reals[i]` is the value) into `bytes` and returns the width (positive; stored negated).
    static func encodeTexts(
        _ integers: UnsafePointer<Int64>, _ reals: UnsafePointer<Double>, count: Int, null: Int64,
        texts: inout [String], into bytes: UnsafeMutablePointer<UInt8>
    ) -> Int {
        texts.removeAll(keepingCapacity: true)
        var width = 1
        for index in 0..<count {
            let text = integers[index] == null ? "" : reals[index].description
            width = max(width, text.utf8.count)
            texts.append(text)
        }
        for (index, var text) in texts.enumerated() {
            let field = bytes + index * width
            let length = text.withUTF8 { utf8 in
                field.update(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
            (field + length).update(repeating: UInt8(ascii: " "), count: width - length)
        }
        return width
    }

    /// Field `index` of a `w < 0` column: its number, or `nil` for NULL (or text that is not one).
    ///
    /// The text is what ``encodeTexts`` wrote (Swift's shortest round-trip form, e.g.
    /// `0.9998857142857143`, `1e-07`): its digits and exponent go through ``DecimalValue`` (exact),
    /// anything else through `Double(String)`.
    static func decodeText(_ bytes: UnsafePointer<UInt8>, index: Int, width: Int) -> Double? {
        let field = bytes + index * width
        var end = width
        while end > 0, field[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end > 0 else { return nil }
        var position = 0
        let negative = field[0] == UInt8(ascii: "-")
        if negative { position = 1 }
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0, sawPoint = false
        while position < end {
            let character = field[position]
            let digit = character &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if mantissa != 0 { digits += 1 }
                if sawPoint { fractionDigits += 1 }
            } else if character == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            position += 1
        }
        var exponent = -fractionDigits
        if position < end {
            guard field[position] == UInt8(ascii: "e"), position + 1 < end else { return slowText(field, end) }
            position += 1
            var exponentNegative = false
            if field[position] == UInt8(ascii: "-") || field[position] == UInt8(ascii: "+") {
                exponentNegative = field[position] == UInt8(ascii: "-")
                position += 1
            }
            var value = 0
            while position < end {
                let digit = field[position] &- UInt8(ascii: "0")
                guard digit < 10, value < 10_000 else { return slowText(field, end) }
                value = value * 10 + Int(digit)
                position += 1
            }
            exponent += exponentNegative ? -value : value
        }
        guard digits <= 19, let value = DecimalValue.of(mantissa: mantissa, exponent: exponent) else {
            return slowText(field, end)
        }
        return negative ? -value : value
    }

    /// The text through `Double(String)` (the C library's `strtod`, correctly rounded).
    private static func slowText(_ field: UnsafePointer<UInt8>, _ end: Int) -> Double? {
        Double(String(decoding: UnsafeBufferPointer(start: field, count: end), as: UTF8.self))
    }
}
