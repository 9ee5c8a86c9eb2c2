extension JSONBytes {
    /// `text` as a JSON string literal, the bytes of ``jsonQuoted(_:)``: the text copied at once
    /// when nothing in it needs an escape, as almost always.
    mutating func appendQuoted(_ text: String) {
        // Read in place: `withUTF8` needs a mutable copy, whose retain and release cost more than
        // a short name's copy. Every native string (all of them on Linux) has contiguous UTF-8.
        let readInPlace = text.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) } != nil
        if !readInPlace {
            var text = text
            text.withUTF8 { appendQuoted(utf8: $0) }
        }
    }

    private mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        if Self.needsEscape(utf8) {
            appendEscaped(utf8)
        } else {
            write(atMost: utf8.count + 2) { start in
                start[0] = UInt8(ascii: "\"")
                if let text = utf8.baseAddress { (start + 1).initialize(from: text, count: utf8.count) }
                start[utf8.count + 1] = UInt8(ascii: "\"")
                return utf8.count + 2
            }
        }
    }

    /// Whether any byte is a quote, a backslash or a control character (below 0x20), looked at
    /// eight bytes at a time: a byte at a time, the scan was most of a message's cost.
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(start)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // "Determine if a word has a byte less than n" (Bit Twiddling Hacks): subtracting n from
            // each byte borrows into the high bit of those below n whose own high bit is clear. A
            // quote or backslash is a byte below 1 once xored with it; the xors keep every high bit,
            // so `~word` masks all three.
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let borrows = (word &- ones &* 0x20) | (quotes &- ones) | (backslashes &- ones)
            if borrows & ~word & highs != 0 { return true }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return true }
            offset += 1
        }
        return false
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case ..<0x20:
                append("\\u00")
                append(hex.utf8Start[Int(byte >> 4)])
                append(hex.utf8Start[Int(byte & 0xF)])
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }
}
