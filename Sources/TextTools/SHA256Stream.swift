internal import CSHA256

/// SHA-256 (FIPS 180-4) fed in pieces: the content hash of a recording's sessions
/// (`Recording/ContentHasher.swift`), which sees a session a line at a time. A value type; its
/// digest is the SHA-256 of the bytes fed, in order (``SHA256`` is its one-shot form).
///
/// Blocks go through the CPU's SHA instructions where it has them (`CSHA256`: x86-64 SHA-NI, ARMv8
/// SHA2), through the portable rounds below elsewhere: the content id hashes every byte a reader
/// reads, and the portable rounds cost more than the rest of reading a sample.
package struct SHA256Stream: Sendable {
    private var state = SIMD8<UInt32>(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// Bytes waiting for a whole 64-byte block.
    private var pending = SIMD64<UInt8>()
    private var pendingCount = 0
    /// Bytes fed so far.
    private var length: UInt64 = 0
    /// Whether blocks go through the CPU's SHA instructions.
    private let hardware: Bool

    /// Whether this CPU has SHA instructions that `CSHA256` uses (asked once).
    package static let hardwareAvailable = csha256_hardware_available() != 0

    package init() {
        hardware = Self.hardwareAvailable
    }

    /// A stream on the portable rounds even where the CPU has SHA instructions, so that tests
    /// compare the two paths on one machine.
    package static func portable() -> SHA256Stream {
        SHA256Stream(hardware: false)
    }

    private init(hardware: Bool) {
        self.hardware = hardware
    }

    /// Feeds `bytes`.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress, bytes.count > 0 else { return }
        var count = bytes.count
        length &+= UInt64(count)
        if pendingCount > 0 {
            let taken = min(64 - pendingCount, count)
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.advanced(by: pendingCount).copyMemory(from: base, byteCount: taken)
            }
            pendingCount += taken
            base += taken
            count -= taken
            guard pendingCount == 64 else { return }
            let block = pending
            withUnsafeBytes(of: block) { compress($0.baseAddress!, blocks: 1) }
            pendingCount = 0
        }
        if count >= 64 {
            compress(base, blocks: count / 64)
            base += count & ~63
            count &= 63
        }
        if count > 0 {
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: base, byteCount: count) }
            pendingCount = count
        }
    }

    /// Feeds `bytes`.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything fed (the stream itself is left as it was).
    package func finalized() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        let afterMarker = (pendingCount + 1) % 64
        padding += [UInt8](repeating: 0, count: afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker)
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        copy.update(padding)
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for index in 0..<8 {
            let word = copy.state[index]
            digest += [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                       UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// `blocks` consecutive 64-byte blocks at `start`.
    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        if hardware {
            withUnsafeMutablePointer(to: &state) { vector in
                vector.withMemoryRebound(to: UInt32.self, capacity: 8) { csha256_compress_blocks($0, start, blocks) }
            }
        } else {
            for index in 0..<blocks { compressPortably(start + 64 * index) }
        }
    }

    /// One 64-byte block at `block`, in Swift.
    private mutating func compressPortably(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            for i in 16..<64 {
                let s0 = Self.rotate(w[i - 15], 7) ^ Self.rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = Self.rotate(w[i - 2], 17) ^ Self.rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<64 {
                    let s1 = Self.rotate(e, 6) ^ Self.rotate(e, 11) ^ Self.rotate(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = Self.rotate(a, 2) ^ Self.rotate(a, 13) ^ Self.rotate(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ s0 &+ majority)
                }
            }
            state &+= SIMD8(a, b, c, d, e, f, g, h)
        }
    }
}
