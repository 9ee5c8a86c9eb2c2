internal import CSHA256
internal import TextTools

/// The content hash behind ``SessionSummary/contentID``: SHA-256 over a session's lines, so no
/// crafted recording can take another's id (a 64-bit hash before, which 16 printable bytes in an
/// ignored header key could steer onto any id: issue 39).
///
/// ```
/// d = SHA-256 of the session's non-blank lines, header first, each without "\n"/"\r\n" and
///     without a leading UTF-8 byte-order mark, joined by "\n"
/// id = "auto-" + the first 16 bytes of d as 32 lowercase hex digits
/// ```
/// The joined lines are exactly what the Spark landing table's `session_key` hashes
/// (`Integrations/spark/load_landing.py`), so `contentId == "auto-" + session_key[0:32]`.
/// Blank lines and line endings do not count. 128 bits of SHA-256: finding two recordings with
/// one id takes about 2⁶⁴ hashes, steering one onto a given id about 2¹²⁸.
///
/// The 64-bit hash of navrec before (``legacyContentID``, kept only to recognize sessions stored
/// by it, see `ImportSink.place`):
/// ```
/// h = 0x6E61767265633031                           // "navrec01"
/// for each non-blank line L of the session (as above):
///     for each 8-byte chunk of L (the last one zero-padded), read as a little-endian UInt64 c:
///         h = (h ^ c) &* 0x9E3779B97F4A7C15;  h ^= h >> 32
///     h = (h ^ UInt64(L.count)) &* 0xFF51AFD7ED558CCD;  h ^= h >> 29
/// then MurmurHash3's fmix64:
///     h ^= h >> 33;  h &*= 0xFF51AFD7ED558CCD;  h ^= h >> 33;  h &*= 0xC4CEB9FE1A85EC53;  h ^= h >> 33
/// legacy id = "auto-" + h as 16 lowercase hex digits
/// ```
/// Only `import` looks at the legacy id, so a reader for anything else leaves it out (`legacy`
/// false): it is a pass over every byte of every line.
struct ContentHasher {
    private var state: UInt64 = 0x6E61_7672_6563_3031
    /// The SHA-256 stream (C, fed straight from the reader's buffer).
    private var digest = csha256_context()
    private var lines = 0
    /// Whether the legacy hash is computed (``legacyContentID`` is `nil` when not).
    private let legacy: Bool
    /// Lines added in place (``addInPlace(_:)``) and not yet hashed: the bytes from the first's
    /// start to the last's end as they lie in the caller's buffer, the lines and the one `\n`
    /// between each two — the hashed stream itself, taken in one update instead of two a line.
    private var pendingStart: UnsafePointer<UInt8>?
    private var pendingEnd: UnsafePointer<UInt8>?

    // The C calls reach the stream through `_withUnprotectedUnsafeMutablePointer`: handing
    // `&digest` to C directly would make every caller that keeps a hasher in a local — the
    // reader's per-line `read(into:)` — pay a stack-protector check per call (+4 instructions a
    // sample in analyze, which hashes nothing). The pointer reaches only the C stream, which
    // writes within the context.
    init(legacy: Bool = true) {
        self.legacy = legacy
        _withUnprotectedUnsafeMutablePointer(to: &digest) { csha256_init($0, SHA256.hardwareAvailable ? 1 : 0) }
    }

    /// Adds one line (without its terminator).
    mutating func add(_ line: UnsafeBufferPointer<UInt8>) {
        hashPending()
        let separated = lines > 0
        _withUnprotectedUnsafeMutablePointer(to: &digest) { digest in
            if separated { csha256_update(digest, Self.newline, 1) }
            csha256_update(digest, line.baseAddress, line.count)
        }
        lines += 1
        if legacy { addLegacy(line) }
    }

    /// ``add(_:)`` for a line whose bytes stay where they are until ``hashPending()``: a line that
    /// starts one `\n` after the last one's end extends the pending bytes; any other line (after
    /// `\r\n`, a blank line, or elsewhere in memory) hashes them first.
    @inline(__always)
    mutating func addInPlace(_ line: UnsafeBufferPointer<UInt8>) {
        guard let start = line.baseAddress else { return add(line) }
        if let pendingStart, let end = pendingEnd, start == end + 1 {
            let newEnd = start + line.count
            pendingEnd = newEnd
            lines += 1
            if legacy { addLegacy(line) }
            // Hashed while the bytes are still in the first-level cache: a whole session's
            // (hundreds of KiB) hashed at its end cost more than an update a line.
            if newEnd - pendingStart >= Self.pendingLimit { hashPending() }
            return
        }
        hashPending()
        if lines > 0 { _withUnprotectedUnsafeMutablePointer(to: &digest) { csha256_update($0, Self.newline, 1) } }
        pendingStart = start
        pendingEnd = start + line.count
        lines += 1
        if legacy { addLegacy(line) }
    }

    /// The most bytes held for one update.
    static let pendingLimit = 4096

    /// Hashes the lines added in place; call it before their bytes move or go.
    @inline(__always)
    mutating func hashPending() {
        guard let start = pendingStart, let end = pendingEnd else { return }
        _withUnprotectedUnsafeMutablePointer(to: &digest) { csha256_update($0, start, end - start) }
        pendingStart = nil
        pendingEnd = nil
    }

    /// The separator between lines, in an array (a local's address would need the protector too).
    private static let newline = [UInt8(ascii: "\n")]

    @inline(__always)
    private mutating func addLegacy(_ line: UnsafeBufferPointer<UInt8>) {
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

    /// The finished 64-bit hash of navrec before (``legacyContentID``).
    var value: UInt64 {
        var h = state
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    /// `auto-` and the first 16 bytes of the SHA-256 digest as 32 lowercase hex digits.
    var contentID: String {
        precondition(pendingStart == nil, "lines added in place are hashed before the id is read")
        var stream = digest
        var bytes = [UInt8](repeating: 0, count: 32)
        csha256_final(&stream, &bytes)
        return "auto-" + bytes.prefix(16).map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
    }

    /// The id navrec gave the same content before it used SHA-256: `auto-` and ``value`` as 16
    /// lowercase hex digits; `nil` when the hasher was made without it.
    var legacyContentID: String? {
        guard legacy else { return nil }
        let hex = String(value, radix: 16)
        return "auto-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
