import BarModel
internal import TextTools

/// The value readers of the skeleton path (``JSONScanner/parseLearnedSample()``), straight from
/// a line's bytes: each takes only a token it is sure of — numbers in JSON's grammar with at most
/// 19 significant digits and an exponent of at most 3 digits, the phase names, `true`, `false`,
/// `null`, an enumeration's names without escapes — and returns `nil` for anything else, which the
/// caller then leaves to the full scanner, so every value, message and column is the full scanner's.
/// They check no length (``SampleLineSkeleton/reach``): each reads at most ``numberReach`` bytes.
///
/// Numbers go through the same ``DecimalValue`` conversion with the same decimal mantissa and
/// exponent as ``NumberParser`` (what it computes from the digits, eight at a time here), so they
/// are bit for bit the full scanner's (`SkeletonSampleTests`).
extension JSONScanner {
    /// The most bytes a number of the skeleton path reads from its start: the sign, the first word,
    /// at most four more of fraction digits (the loop stops at 24 or more), the byte after. The
    /// careful way reads on to the first non-digit (the sentinel at the latest) but takes no more.
    static let numberReach = 42

    /// A JSON number at `position` with at most 19 significant digits and a 1–3 digit exponent,
    /// converted as ``NumberParser`` converts it; `position` moves past it. `nil` (position
    /// unspecified) for anything else, which the full scanner then reads or rejects.
    ///
    /// The numbers recorders write — up to seven integer digits, up to 16 after the point, no
    /// exponent, eight bytes of the line from each part on — take one word per eight digits here;
    /// the rest go through ``carefulNumber(_:_:_:_:)``. Where the mantissa and the power of ten are
    /// both exact doubles the value is one division, the same one ``DecimalValue`` does (Clinger's
    /// fast path), so both give the correctly rounded value bit for bit.
    @inline(__always)
    static func commonNumber(
        _ bytes: UnsafePointer<UInt8>, _ position: inout Int, _ count: Int, _ powersOfTen: UnsafePointer<UInt64>,
        _ exactPowers: UnsafePointer<Double>
    ) -> Double? {
        var index = position
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        let zeros: UInt64 = 0x3030_3030_3030_3030
        var offsets = load(bytes + index) ^ zeros
        let ends = nonDigits(offsets)
        var run = ends.trailingZeroBitCount &>> 3
        // No digit, a leading zero ("01", an error: a 0 stands alone), or eight integer digits or more: the careful way.
        guard UInt(bitPattern: run &- 1) < (offsets & 0xFF == 0 ? 1 : 7) else { return carefulNumber(bytes, &position, count, powersOfTen) }
        let integerDigits = run
        var fractionDigits = 0
        var mantissa: UInt64
        if bytes[index &+ run] != UInt8(ascii: ".") {
            // A lone digit (most integers a recorder writes: 0, 1) needs no multiplications.
            mantissa = run == 1 ? offsets & 0xFF : eightDigitsValue(offsets &<< UInt64(64 &- 8 &* run))
            index &+= run
            if bytes[index] | 0x20 == UInt8(ascii: "e") { return carefulNumber(bytes, &position, count, powersOfTen) }
            // Up to seven digits: exact as a double, the quotient by 10^0 below without the division.
            let magnitude = Double(mantissa)
            position = index
            return negative ? -magnitude : magnitude
        } else {
            // The word's digits: the point adds no carry, so the next non-digit the mask shows
            // past it ends them (none: all seven). Its bytes after the point moved down over it:
            // when its digits end inside the word, or the byte after the word is no digit, the
            // whole number is that one run.
            let digits = (ends & (ends &- 1)).trailingZeroBitCount &>> 3 &- 1
            let integerBytes: UInt64 = (1 &<< UInt64(8 &* run)) &- 1
            let merged = (offsets & integerBytes) | ((offsets &>> 8) & ~integerBytes)
            if digits < 7 || bytes[index &+ 8] &- UInt8(ascii: "0") > 9 {
                fractionDigits = digits &- run
                if fractionDigits == 0 { return nil }
                mantissa = eightDigitsValue(merged &<< UInt64(64 &- 8 &* digits))
                index &+= digits &+ 1
            } else {
                // The word's seven digits, then a word at a time from the byte after it.
                mantissa = eightDigitsValue(merged &<< 8)
                fractionDigits = 7 &- run
                index &+= 8
                repeat {
                    offsets = load(bytes + index) ^ zeros
                    run = digitRun(offsets)
                    if run == 0 { break }
                    mantissa = mantissa &* powersOfTen[run] &+ eightDigitsValue(offsets &<< UInt64(64 &- 8 &* run))
                    index &+= run
                    fractionDigits &+= run
                } while run == 8 && fractionDigits < 24
                if mantissa > 1 << 53 || integerDigits &+ fractionDigits > 19 {
                    // More than 19 digits may have wrapped the mantissa (the careful way counts
                    // only the significant ones); an exponent is the careful way's too.
                    guard integerDigits &+ fractionDigits <= 19, bytes[index] | 0x20 != UInt8(ascii: "e"),
                        let value = DecimalValue.of(mantissa: mantissa, exponent: -fractionDigits)
                    else { return carefulNumber(bytes, &position, count, powersOfTen) }
                    position = index
                    return negative ? -value : value
                }
            }
        }
        // At most 19 digits here, so at most 18 after the point: an exact power of ten.
        if bytes[index] | 0x20 == UInt8(ascii: "e") { return carefulNumber(bytes, &position, count, powersOfTen) }
        let magnitude = Double(mantissa) / exactPowers[fractionDigits]
        position = index
        return negative ? -magnitude : magnitude
    }

    /// How many of the eight bytes of `offsets` (a word of the line XOR `'0'` per byte), from its
    /// lowest byte on, are digits.
    @inline(__always)
    private static func digitRun(_ offsets: UInt64) -> Int {
        nonDigits(offsets).trailingZeroBitCount &>> 3
    }

    /// The high bit of each byte of `offsets` up to and including its first non-digit: a digit's
    /// byte is 0...9, and adding 0x76 sets the high bit of any other byte (a carry out of such a
    /// byte, 0x8A and up, only reaches the bytes after it; `.`, `,`, `"`, `e` and `}` give none).
    @inline(__always)
    private static func nonDigits(_ offsets: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return ((offsets &+ ones &* 0x76) | offsets) & (ones &* 0x80)
    }

    @inline(__always)
    private static func load(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
    }

    /// ``commonNumber(_:_:_:_:_:)`` for any number of digits and an exponent, a digit at a time
    /// where words do not fit.
    private static func carefulNumber(
        _ bytes: UnsafePointer<UInt8>, _ position: inout Int, _ count: Int, _ powersOfTen: UnsafePointer<UInt64>
    ) -> Double? {
        var index = position
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        var mantissa: UInt64 = 0
        var leadingZeros = 0
        var integerDigits = 0
        let first = bytes[index] &- UInt8(ascii: "0")
        if first == 0 {
            index &+= 1
            // "01" is an error of the full scanner's.
            if bytes[index] &- UInt8(ascii: "0") < 10 { return nil }
            integerDigits = 1
            leadingZeros = 1
        } else {
            guard first < 10 else { return nil }
            integerDigits = appendDigits(bytes, &index, count, to: &mantissa, powersOfTen)
        }
        var fractionDigits = 0
        if bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            if mantissa == 0 {
                // Zeros before the first significant digit only move the exponent.
                while bytes[index] == UInt8(ascii: "0") { index &+= 1 }
                leadingZeros &+= index &- fractionStart
            }
            _ = appendDigits(bytes, &index, count, to: &mantissa, powersOfTen)
            fractionDigits = index &- fractionStart
            if fractionDigits == 0 { return nil }
        }
        // More than 19 significant digits are truncated by the full scanner (and may need strtod).
        if integerDigits &+ fractionDigits &- leadingZeros > 19 { return nil }
        var exponent = -fractionDigits
        if bytes[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            var exponentNegative = false
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index &+= 1
            }
            let exponentStart = index
            var value = 0
            while true {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                value = value &* 10 &+ Int(digit)
                index &+= 1
            }
            let exponentDigits = index &- exponentStart
            if exponentDigits == 0 || exponentDigits > 3 { return nil }
            exponent &+= exponentNegative ? -value : value
        }
        guard index &- position <= numberReach, let magnitude = DecimalValue.of(mantissa: mantissa, exponent: exponent), magnitude.isFinite
        else { return nil }
        position = index
        return negative ? -magnitude : magnitude
    }

    /// Appends the run of digits at `index` to `mantissa` (wrapping past 19 digits, which the
    /// caller rejects) and moves past it; returns its length. Eight bytes at a time: the run's
    /// length within the word from its first non-digit byte, its value from three multiplications.
    @inline(__always)
    private static func appendDigits(
        _ bytes: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int, to mantissa: inout UInt64, _ powersOfTen: UnsafePointer<UInt64>
    ) -> Int {
        let start = index
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index &+ 8 <= count {
            let offsets = load(bytes + index) ^ (ones &* 0x30)
            let run = digitRun(offsets)
            if run == 0 { break }
            // The run's digits moved to the word's last bytes, zeros before them: its value.
            mantissa = mantissa &* powersOfTen[run] &+ eightDigitsValue(offsets &<< UInt64(64 &- 8 &* run))
            index &+= run
            if run < 8 { return index &- start }
        }
        while true {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index &+= 1
        }
        return index &- start
    }

    /// The value of eight digits 0...9, one a byte, the first in the lowest byte (three multiplications).
    @inline(__always)
    private static func eightDigitsValue(_ digits: UInt64) -> UInt64 {
        let value = digits &* 10 &+ (digits &>> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        return ((value & mask) &* (100 + (1_000_000 << 32)) &+ ((value &>> 16) & mask) &* (1 + (10_000 << 32))) &>> 32
    }

    /// A phase name in quotes, or `null`; `position` moves past it. One word of the line compared
    /// with each name's first eight bytes (the words are the names' little-endian bytes).
    @inline(__always)
    static func commonPhase(_ bytes: UnsafePointer<UInt8>, _ position: inout Int) -> ScrollPhase?? {
        let word = load(bytes + position)
        let sixBytes: UInt64 = 0xFFFF_FFFF_FFFF
        let value: ScrollPhase?
        let length: Int
        if word & sixBytes == 0x2267_6172_6422 {  // "drag"
            (value, length) = (.drag, 6)
        } else if word == 0x7265_6C65_6365_6422 {  // "deceler
            guard UInt32(littleEndian: UnsafeRawPointer(bytes + position + 8).loadUnaligned(as: UInt32.self)) == 0x2265_7461 else {
                return nil  // ate"
            }
            (value, length) = (.decelerate, 12)
        } else if word & sixBytes == 0x2265_6C64_6922 {  // "idle"
            (value, length) = (.idle, 6)
        } else if word == 0x2265_636E_756F_6222 {  // "bounce"
            (value, length) = (.bounce, 8)
        } else if word == 0x6574_616D_696E_6122 {  // "animate
            guard bytes[position + 8] == UInt8(ascii: "\"") else { return nil }
            (value, length) = (.animate, 9)
        } else if word & 0xFFFF_FFFF == 0x6C6C_756E {  // null
            (value, length) = (nil, 4)
        } else {
            return nil
        }
        position &+= length
        return .some(value)
    }

    /// `null` at `position` (not moved).
    @inline(__always)
    static func isNull(_ bytes: UnsafePointer<UInt8>, at position: Int) -> Bool {
        UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x6C6C_756E)
    }

    /// `true`, `false` or `null` (`.some(nil)`) at `position`, which moves past it; `nil` for
    /// anything else.
    @inline(__always)
    static func commonBoolean(_ bytes: UnsafePointer<UInt8>, _ position: inout Int) -> Bool?? {
        let word = UInt32(littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self))
        switch word {
        case 0x6575_7274:  // "true"
            position &+= 4
            return .some(true)
        case 0x736C_6166 where bytes[position &+ 4] == UInt8(ascii: "e"):  // "fals" + "e"
            position &+= 5
            return .some(false)
        case 0x6C6C_756E:  // "null"
            position &+= 4
            return .some(nil)
        default:
            return nil
        }
    }

    /// An enumeration value's name in quotes at `position` (which moves past it) as `field`'s code;
    /// `nil` for anything else.
    @inline(__always)
    static func commonEnumeration(_ bytes: UnsafePointer<UInt8>, _ position: inout Int, _ field: BarStateField) -> Int? {
        guard bytes[position] == UInt8(ascii: "\"") else { return nil }
        let nameStart = position &+ 1
        var nameEnd = nameStart
        while bytes[nameEnd] != UInt8(ascii: "\""), nameEnd &- nameStart < 24 { nameEnd &+= 1 }
        guard bytes[nameEnd] == UInt8(ascii: "\""),
            let code = BarFieldNames.code(of: UnsafeBufferPointer(start: bytes + nameStart, count: nameEnd &- nameStart), in: field)
        else { return nil }
        position = nameEnd &+ 1
        return code
    }
}
