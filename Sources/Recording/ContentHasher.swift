/// The content hash behind ``SessionSummary/contentID``: 64 bits over a session's lines, eight
/// bytes at a time (the last, short chunk of a line too), so hashing costs a few cycles per line.
///
/// The algorithm is part of the stored data (importing the same recording again must find the
/// same id), so it never changes; a different one would need a new prefix than `auto-`.
///
/// ```
/// h = 0x6E61767265633031                           // "navrec01"
/// for each non-blank line L of the session, header first, without "\n"/"\r\n" and without a
/// leading UTF-8 byte-order mark:
///     for each 8-byte chunk of L (the last one zero-padded), read as a little-endian UInt64 c:
///         h = (h ^ c) &* 0x9E3779B97F4A7C15;  h ^= h >> 32
///     h = (h ^ UInt64(L.count)) &* 0xFF51AFD7ED558CCD;  h ^= h >> 29
/// then MurmurHash3's fmix64:
///     h ^= h >> 33;  h &*= 0xFF51AFD7ED558CCD;  h ^= h >> 33;  h &*= 0xC4CEB9FE1A85EC53;  h ^= h >> 33
/// id = "auto-" + h as 16 lowercase hex digits
/// ```
/// Mixing in each line's length keeps line breaks significant (`ab` + `c` differs from `a` + `bc`)
/// and makes the zero padding unambiguous. Blank lines and line endings do not count.
struct ContentHasher {
    private var state: UInt64 = 0x6E61_7672_6563_3031

    /// Adds one line (without its terminator).
    @inline(__always)
    mutating func add(_ line: UnsafeBufferPointer<UInt8>) {
        var h = state
        let count = line.count
        if let base = line.baseAddress {
            let raw = UnsafeRawPointer(base)
            var offset = 0
            // Four chunks a turn: a quarter of the loop's own instructions per chunk.
            while offset &+ 32 <= count {
                let chunk = raw + offset
                h = (h ^ UInt64(littleEndian: chunk.loadUnaligned(as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 32
                h = (h ^ UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 32
                h = (h ^ UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 32
                h = (h ^ UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: 24, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 32
                offset &+= 32
            }
            while offset &+ 8 <= count {
                let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                h = (h ^ chunk) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 32
                offset &+= 8
            }
            if offset < count {
                var chunk: UInt64 = 0
                if count >= 8 {
                    // The line's last eight bytes shifted down to the ones left over: the same
                    // zero-padded chunk as the byte loop below, in one load instead of up to seven.
                    let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                    chunk = last >> UInt64(8 * (8 - (count - offset)))
                } else {
                    var shift: UInt64 = 0
                    while offset < count {
                        chunk |= UInt64(base[offset]) << shift
                        shift += 8
                        offset += 1
                    }
                }
                h = (h ^ chunk) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 32
            }
        }
        h = (h ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 29
        state = h
    }

    /// Adds one line given as bytes (for metadata mixed into CSV ids and for tests).
    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { add($0) }
    }

    /// The finished 64-bit hash.
    var value: UInt64 {
        var h = state
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    /// `auto-` and ``value`` as 16 lowercase hex digits.
    var contentID: String {
        let hex = String(value, radix: 16)
        return "auto-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
