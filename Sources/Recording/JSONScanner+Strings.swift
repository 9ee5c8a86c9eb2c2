extension JSONScanner {
    /// Parses the string at the cursor (on its opening quote) and returns its bytes: a slice of the
    /// line when it has no escapes, else the decoded bytes in the scratch buffer (valid until the
    /// next decoded string). With `decode: false` only validates, returning an empty buffer for
    /// strings that needed decoding.
    ///
    /// Rejects control characters (escape them), invalid escapes, unpaired surrogates, `\u0000`,
    /// and invalid UTF-8 (overlong forms, surrogates, code points above U+10FFFF).
    @inline(__always)
    mutating func parseString(decode: Bool) throws(ScanError) -> UnsafeBufferPointer<UInt8> {
        let open = index
        let contentStart = index + 1
        // Locals rather than `self.index` in the loop (which the compiler stored every byte), and
        // one unsigned comparison for "below 0x20 or above 0x7F": every key goes through here.
        let bytes = base
        let limit = end
        var position = contentStart
        // Eight bytes at a time while none is a quote, a backslash, below 0x20 or above 0x7F (the
        // usual zero-byte tricks; a false alarm only hands the word to the byte loop below, and the
        // lowest special byte of a word is always flagged because no borrow reaches it).
        let ones: UInt64 = 0x0101_0101_0101_0101
        while position &+ 8 <= limit {
            let word = UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let special = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word) | word
            if special & (ones &* 0x80) != 0 { break }
            position &+= 8
        }
        while position < limit {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                return UnsafeBufferPointer(start: bytes + contentStart, count: position - contentStart)
            }
            if byte == UInt8(ascii: "\\") || byte &- 0x20 >= 0x60 { break }
            position += 1
        }
        index = position
        return try parseStringSlowly(open: open, contentStart: contentStart, decode: decode)
    }

    /// The rest of ``parseString(decode:)`` once an escape, a control or a non-ASCII byte shows up.
    private mutating func parseStringSlowly(
        open: Int, contentStart: Int, decode: Bool
    ) throws(ScanError) -> UnsafeBufferPointer<UInt8> {
        if decode {
            // Decoded text is never longer than its source.
            reserveScratch(end - contentStart)
            scratchPointer.update(from: base + contentStart, count: index - contentStart)
        }
        let out = scratchPointer
        var written = index - contentStart
        while index < end {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return decode ? UnsafeBufferPointer(start: out, count: written) : UnsafeBufferPointer(start: out, count: 0)
            case UInt8(ascii: "\\"):
                var scalar = try parseEscape()
                if decode {
                    written += encodeUTF8(&scalar, into: out + written)
                }
            case 0..<0x20:
                throw ScanError(
                    index, byte == 0 ? "a NUL byte (0x00) in a string" : "control character 0x\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
            case 0x80...:
                let length = try validateUTF8Sequence()
                if decode {
                    (out + written).update(from: base + index, count: length)
                    written += length
                }
                index += length
            default:
                if decode { out[written] = byte }
                written += 1
                index += 1
            }
        }
        throw ScanError(open, "invalid JSON: unterminated string")
    }

    /// Parses one escape at the cursor (on the backslash) and returns the scalar it stands for.
    private mutating func parseEscape() throws(ScanError) -> UInt32 {
        let start = index
        guard index + 1 < end else { throw ScanError(start, "invalid JSON: unterminated string") }
        let kind = base[index + 1]
        index += 2
        switch kind {
        case UInt8(ascii: "\""): return 0x22
        case UInt8(ascii: "\\"): return 0x5C
        case UInt8(ascii: "/"): return 0x2F
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: start)
            switch unit {
            case 0:
                throw ScanError(start, "\\u0000 (NUL) is not allowed in strings")
            case 0xD800...0xDBFF:
                let lowStart = index
                guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    throw ScanError(start, "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
                }
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw ScanError(start, "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
                }
                return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw ScanError(start, "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
            default:
                return unit
            }
        default:
            index = start
            throw ScanError(start, "invalid escape '\\\(Self.describe(byte: kind).trimmingQuotes)' in a string")
        }
    }

    /// Four hex digits after `\u`.
    private mutating func parseHex4(escapeStart: Int) throws(ScanError) -> UInt32 {
        guard end - index >= 4 else { throw ScanError(escapeStart, "invalid \\u escape: expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw ScanError(escapeStart, "invalid \\u escape: expected four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Writes `scalar` as UTF-8 and returns the byte count.
    private func encodeUTF8(_ scalar: inout UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// The length of the valid UTF-8 sequence at the cursor (a byte >= 0x80), or throws.
    /// Follows the Unicode standard's table of well-formed sequences (Table 3-7).
    private func validateUTF8Sequence() throws(ScanError) -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw ScanError(index, "invalid UTF-8 in a string (byte 0x\(String(lead, radix: 16, uppercase: true)))")
        }
        guard end - index >= length else { throw ScanError(index, "invalid UTF-8 in a string (truncated sequence)") }
        let second = base[index + 1]
        guard second >= low, second <= high else {
            throw ScanError(index, "invalid UTF-8 in a string (byte 0x\(String(lead, radix: 16, uppercase: true)) followed by 0x\(String(second, radix: 16, uppercase: true)))")
        }
        var offset = 2
        while offset < length {
            guard base[index + offset] & 0xC0 == 0x80 else {
                throw ScanError(index, "invalid UTF-8 in a string (truncated sequence)")
            }
            offset += 1
        }
        return length
    }
}

extension String {
    /// `'x'` → `x`, for quoting a described byte differently.
    fileprivate var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 3 ? String(dropFirst().dropLast()) : self
    }
}
