internal import CSHA256

/// SHA-256 (FIPS 180-4) of bytes held whole: the migration ledger's checksums, which the EmbedSQL
/// plugin works out at build time. The toolchain on Linux has no CryptoKit and navrec takes no
/// outside packages, so it is written out once, in C (`CSHA256`), which the content hash of a
/// recording (`Recording/ContentHasher.swift`) feeds a line at a time.
package enum SHA256 {
    /// Whether this CPU has SHA instructions that `CSHA256` uses (asked once).
    package static let hardwareAvailable = csha256_hardware_available() != 0

    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        digest(bytes).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The 32-byte digest of `bytes`, on the CPU's SHA instructions where it has them unless
    /// `portable` (tests compare the two paths on one machine).
    package static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes, portable: Bool = false) -> [UInt8] {
        var context = csha256_context()
        csha256_init(&context, hardwareAvailable && !portable ? 1 : 0)
        Array(bytes).withUnsafeBytes { csha256_update(&context, $0.baseAddress, $0.count) }
        var digest = [UInt8](repeating: 0, count: 32)
        csha256_final(&context, &digest)
        return digest
    }
}
