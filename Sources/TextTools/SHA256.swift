/// SHA-256 (FIPS 180-4) of bytes held whole: the migration ledger's checksums, which the EmbedSQL
/// plugin works out at build time. The toolchain on Linux has no CryptoKit and navrec takes no
/// outside packages, so it is written out once, in ``SHA256Stream``.
package enum SHA256 {
    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        digest(bytes).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The 32-byte digest of `bytes`.
    package static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var stream = SHA256Stream()
        stream.update(Array(bytes))
        return stream.finalized()
    }
}
