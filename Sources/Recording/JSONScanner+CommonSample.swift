import BarModel

/// The fast path of ``NDJSONReader``: the sample line recorders write, parsed straight from its
/// bytes.
///
/// It takes a line only when the full scanner (``JSONScanner/parseRecordLine()``) would read it as
/// a sample with nothing ignored: one object of the keys `t`, `y`, `phase`, `vy`, `frameDuration`
/// and `bar` (any order, `t` and `y` present, each once), a `bar` of bar-state fields, no
/// whitespace, no escapes, numbers in JSON's grammar with at most 19 significant digits and an
/// exponent of at most 3 digits, every value within its range. Anything else — another key, a
/// header or an event, a space, an error — returns `nil`, and the caller parses the line from its
/// start with the full scanner, so every value, message and column is the full scanner's.
///
/// Numbers go through the same ``DecimalValue`` conversion with the same decimal mantissa and
/// exponent as ``NumberParser`` (what it computes from the digits, eight at a time here), so they
/// are bit for bit the full scanner's (`CommonSampleTests`).
extension JSONScanner {
    /// Parses the line set with ``reset(_:)`` as a common sample line into ``sample``,
    /// ``observedState`` and ``hasObserved``; returns where `t`'s value starts, or `nil` (see above).
    @inline(__always)
    mutating func parseCommonSample() -> Int? {
        let bytes = base
        let count = end
        // The closing brace is a sentinel: every scan for a digit or a letter stops at it, so only
        // the scans for a quote and the eight-byte loads check the length.
        guard count >= 2, bytes[0] == UInt8(ascii: "{"), bytes[count - 1] == UInt8(ascii: "}") else { return nil }
        var position = 1
        var seen: UInt8 = 0
        var t = 0.0
        var tOffset = 0
        var y = 0.0
        var phase: ScrollPhase?
        var vy: Double?
        var frameDuration: Double?
        hasObserved = false
        while true {
            guard bytes[position] == UInt8(ascii: "\"") else { return nil }
            // Each key's text is a literal at its own call, so the comparison compiles to a few loads.
            let key: CommonKey
            let keyLength: Int
            switch bytes[position + 1] {
            case UInt8(ascii: "t") where Self.matches(bytes, at: position, count: count, "\"t\":"): (key, keyLength) = (.t, 4)
            case UInt8(ascii: "y") where Self.matches(bytes, at: position, count: count, "\"y\":"): (key, keyLength) = (.y, 4)
            case UInt8(ascii: "p") where Self.matches(bytes, at: position, count: count, "\"phase\":"): (key, keyLength) = (.phase, 8)
            case UInt8(ascii: "v") where Self.matches(bytes, at: position, count: count, "\"vy\":"): (key, keyLength) = (.vy, 5)
            case UInt8(ascii: "f") where Self.matches(bytes, at: position, count: count, "\"frameDuration\":"):
                (key, keyLength) = (.frameDuration, 16)
            case UInt8(ascii: "b") where Self.matches(bytes, at: position, count: count, "\"bar\":"): (key, keyLength) = (.bar, 6)
            default: return nil
            }
            guard seen & key.rawValue == 0 else { return nil }
            seen |= key.rawValue
            position += keyLength
            switch key {
            case .t:
                tOffset = position
                guard let value = Self.commonNumber(bytes, &position, count), value >= 0, value <= maximumTime else { return nil }
                t = value
            case .y:
                guard let value = Self.commonNumber(bytes, &position, count), abs(value) <= maximumOffset else { return nil }
                y = value
            case .vy:
                if Self.matches(bytes, at: position, count: count, "null") {
                    position += 4
                } else {
                    guard let value = Self.commonNumber(bytes, &position, count) else { return nil }
                    vy = value
                }
            case .frameDuration:
                if Self.matches(bytes, at: position, count: count, "null") {
                    position += 4
                } else {
                    guard let value = Self.commonNumber(bytes, &position, count), value > 0, value <= maximumFrameDuration else {
                        return nil
                    }
                    frameDuration = value
                }
            case .phase:
                guard let value = Self.commonPhase(bytes, &position, count) else { return nil }
                phase = value
            case .bar:
                guard commonBar(bytes, &position, count) else { return nil }
                hasObserved = true
            }
            // A `bar` object may end the line (a brace short): nothing may be read past it.
            guard position < count else { return nil }
            let next = bytes[position]
            position += 1
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "}"), position == count else { return nil }
            break
        }
        guard seen & (CommonKey.t.rawValue | CommonKey.y.rawValue) == CommonKey.t.rawValue | CommonKey.y.rawValue else { return nil }
        sample = ScrollSample(t: t, y: y, phase: phase, vy: vy, frameDuration: frameDuration)
        return tOffset
    }

    /// The top-level keys the fast path knows, as bits for duplicate detection.
    private enum CommonKey: UInt8 {
        case t = 1, y = 2, phase = 4, vy = 8, frameDuration = 16, bar = 32
    }

    /// Whether `literal` is at `position` (and fits before `count`).
    @inline(__always)
    private static func matches(_ bytes: UnsafePointer<UInt8>, at position: Int, count: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard count - position >= length else { return false }
        let expected = literal.utf8Start
        for offset in 0..<length where bytes[position + offset] != expected[offset] { return false }
        return true
    }

    /// A JSON number at `position` with at most 19 significant digits and a 1–3 digit exponent,
    /// converted as ``NumberParser`` converts it; `position` moves past it. `nil` (position
    /// unspecified) for anything else, which the full scanner then reads or rejects.
    @inline(__always)
    private static func commonNumber(_ bytes: UnsafePointer<UInt8>, _ position: inout Int, _ count: Int) -> Double? {
        var index = position
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var mantissa: UInt64 = 0
        var leadingZeros = 0
        let first = bytes[index] &- UInt8(ascii: "0")
        if first == 0 {
            index += 1
            // "01" is an error of the full scanner's.
            if bytes[index] &- UInt8(ascii: "0") < 10 { return nil }
            leadingZeros = 1
        } else {
            guard first < 10 else { return nil }
            while true {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
        }
        let integerDigits = index - integerStart
        var fractionDigits = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            if mantissa == 0 {
                // Zeros before the first significant digit only move the exponent.
                while bytes[index] == UInt8(ascii: "0") { index += 1 }
                leadingZeros += index - fractionStart
            }
            while index &+ 8 <= count {
                let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
                guard isEightDigits(word) else { break }
                mantissa = mantissa &* 100_000_000 &+ eightDigitsValue(word)
                index += 8
            }
            while true {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigits = index - fractionStart
            if fractionDigits == 0 { return nil }
        }
        // More than 19 significant digits are truncated by the full scanner (and may need strtod).
        if integerDigits + fractionDigits - leadingZeros > 19 { return nil }
        var exponent = -fractionDigits
        if bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var value = 0
            while true {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit > 9 { break }
                value = value &* 10 &+ Int(digit)
                index += 1
            }
            let exponentDigits = index - exponentStart
            if exponentDigits == 0 || exponentDigits > 3 { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard let magnitude = DecimalValue.of(mantissa: mantissa, exponent: exponent), magnitude.isFinite else { return nil }
        position = index
        return negative ? -magnitude : magnitude
    }

    /// Whether all eight bytes of `word` are ASCII digits.
    @inline(__always)
    private static func isEightDigits(_ word: UInt64) -> Bool {
        (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4) == 0x3333_3333_3333_3333
    }

    /// The value of eight ASCII digits, the first in the lowest byte (three multiplications).
    @inline(__always)
    private static func eightDigitsValue(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & mask) &* (100 + (1_000_000 << 32)) &+ ((value >> 16) & mask) &* (1 + (10_000 << 32))) >> 32
        return value
    }

    /// A phase name in quotes, or `null`; `position` moves past it.
    @inline(__always)
    private static func commonPhase(_ bytes: UnsafePointer<UInt8>, _ position: inout Int, _ count: Int) -> ScrollPhase?? {
        let value: ScrollPhase?
        let literal: StaticString
        switch bytes[position + 1] {
        case UInt8(ascii: "d"):
            (value, literal) = bytes[position + 2] == UInt8(ascii: "r") ? (.drag, "\"drag\"") : (.decelerate, "\"decelerate\"")
        case UInt8(ascii: "i"): (value, literal) = (.idle, "\"idle\"")
        case UInt8(ascii: "b"): (value, literal) = (.bounce, "\"bounce\"")
        case UInt8(ascii: "a"): (value, literal) = (.animate, "\"animate\"")
        case UInt8(ascii: "u"): (value, literal) = (nil, "null")
        default: return nil
        }
        guard matches(bytes, at: position, count: count, literal) else { return nil }
        position += literal.utf8CodeUnitCount
        return .some(value)
    }

    /// A `bar` object of known fields, each once, into ``observedState``; `position` moves past
    /// it. `false` for anything else (another key, `null` for the whole bar, an unknown value).
    @inline(__always)
    private mutating func commonBar(_ bytes: UnsafePointer<UInt8>, _ position: inout Int, _ count: Int) -> Bool {
        guard bytes[position] == UInt8(ascii: "{") else { return false }
        position += 1
        observedState.pointee = BarState()
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return true
        }
        var seen: UInt32 = 0
        while true {
            guard bytes[position] == UInt8(ascii: "\"") else { return false }
            let keyStart = position + 1
            var keyEnd = keyStart
            // Field names are plain letters; a quote within 24 bytes or it is none of them.
            while keyEnd < count, bytes[keyEnd] != UInt8(ascii: "\""), keyEnd - keyStart < 24 { keyEnd += 1 }
            guard keyEnd + 1 < count, bytes[keyEnd] == UInt8(ascii: "\""), bytes[keyEnd + 1] == UInt8(ascii: ":"),
                let field = fieldNames.value(UnsafeBufferPointer(start: bytes + keyStart, count: keyEnd - keyStart))
            else { return false }
            let bit = UInt32(1) << UInt32(field.maskBit)
            guard seen & bit == 0 else { return false }
            seen |= bit
            position = keyEnd + 2
            if bytes[position] == UInt8(ascii: "n") {
                guard Self.matches(bytes, at: position, count: count, "null") else { return false }
                // Absent, as if the key were missing.
                position += 4
            } else {
                let value: Double
                switch field.kind {
                case .length, .fraction:
                    guard let number = Self.commonNumber(bytes, &position, count) else { return false }
                    value = number
                case .boolean:
                    if Self.matches(bytes, at: position, count: count, "true") {
                        value = 1
                        position += 4
                    } else if Self.matches(bytes, at: position, count: count, "false") {
                        value = 0
                        position += 5
                    } else {
                        return false
                    }
                case .enumeration:
                    guard bytes[position] == UInt8(ascii: "\"") else { return false }
                    let nameStart = position + 1
                    var nameEnd = nameStart
                    while nameEnd < count, bytes[nameEnd] != UInt8(ascii: "\""), nameEnd - nameStart < 24 { nameEnd += 1 }
                    guard nameEnd < count, bytes[nameEnd] == UInt8(ascii: "\""),
                        let code = BarFieldNames.code(of: UnsafeBufferPointer(start: bytes + nameStart, count: nameEnd - nameStart), in: field)
                    else { return false }
                    value = Double(code)
                    position = nameEnd + 1
                }
                field.set(value, in: &observedState.pointee)
            }
            let next = bytes[position]
            position += 1
            if next == UInt8(ascii: ",") { continue }
            return next == UInt8(ascii: "}")
        }
    }
}
