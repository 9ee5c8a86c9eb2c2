import CSHA256
import Foundation
import Testing
import TextTools

/// `CSHA256`'s stream on the CPU's SHA instructions and on its portable rounds: FIPS 180-4's
/// examples on both, and the two against each other on random bytes fed in random pieces, so that
/// every way a piece can meet a 64-byte block boundary is crossed. The portable rounds are forced
/// (`csha256_init(_, 0)`), so both paths run wherever the CPU has the instructions.
@Suite("SHA-256: FIPS 180-4 examples, hardware against portable")
struct SHA256Tests {
    /// A stream on the instructions where the CPU has them (`default`) or on the portable rounds.
    static func stream(portable: Bool) -> csha256_context {
        var context = csha256_context()
        csha256_init(&context, SHA256.hardwareAvailable && !portable ? 1 : 0)
        return context
    }

    static func update(_ stream: inout csha256_context, _ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { csha256_update(&stream, $0.baseAddress, $0.count) }
    }

    static func digest(_ stream: csha256_context) -> [UInt8] {
        var stream = stream
        var digest = [UInt8](repeating: 0, count: 32)
        csha256_final(&stream, &digest)
        return digest
    }

    /// The hex digest of `bytes` fed to `stream` in pieces of `pieces` bytes (the last one shorter).
    static func hex(_ stream: csha256_context, _ bytes: [UInt8], pieces: Int = .max) -> String {
        var stream = stream
        var start = 0
        repeat {
            let end = min(bytes.count, start + max(pieces, 1))
            update(&stream, bytes[start..<end])
            start = end
        } while start < bytes.count
        return digest(stream).map { String(format: "%02x", $0) }.joined()
    }

    static let streams: [(String, csha256_context)] = [("default", stream(portable: false)), ("portable", stream(portable: true))]

    @Test("FIPS 180-4's examples, whole and fed a piece at a time", arguments: [
        ("", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("a", 1_000_000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func fips(text: String, repeats: Int, digest: String) {
        let bytes = Array(String(repeating: text, count: repeats).utf8)
        for (name, stream) in Self.streams {
            #expect(Self.hex(stream, bytes) == digest, "\(name), whole")
            for pieces in [1, 3, 63, 64, 65, 1000] where pieces < max(bytes.count, 2) && bytes.count / pieces <= 20_000 {
                #expect(Self.hex(stream, bytes, pieces: pieces) == digest, "\(name), pieces of \(pieces)")
            }
        }
        #expect(SHA256.hex(bytes) == digest)
        #expect(SHA256.digest(bytes, portable: true).map { String(format: "%02x", $0) }.joined() == digest)
    }

    @Test("one changed bit changes the digest on both paths (the counter-case of the examples)")
    func changedBit() {
        let abc = Array("abc".utf8)
        for (name, stream) in Self.streams {
            #expect(Self.hex(stream, [0x61, 0x62, 0x62]) != Self.hex(stream, abc), "\(name)")
            #expect(Self.hex(stream, abc + [0]) != Self.hex(stream, abc), "\(name): the length counts")
        }
    }

    @Test("the CPU's SHA instructions against the portable rounds: every length 0…300, random pieces")
    func hardwareAgainstPortable() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let expected = Self.hex(Self.stream(portable: true), bytes)
            #expect(Self.hex(Self.stream(portable: false), bytes) == expected, "length \(length): \(bytes)")
            // Random cuts: pieces that end inside a block, on its boundary and past several.
            var stream = Self.stream(portable: false), portable = Self.stream(portable: true)
            var start = 0
            while start < length {
                let end = min(length, start + Int.random(in: 0...140, using: &generator))
                Self.update(&stream, bytes[start..<end])
                Self.update(&portable, bytes[start..<end])
                start = end
            }
            #expect(Self.digest(stream) == Self.digest(portable), "length \(length) in random pieces: \(bytes)")
            #expect(Self.digest(portable).map { String(format: "%02x", $0) }.joined() == expected, "length \(length)")
        }
    }

    /// The CPU's own word on its SHA instructions, from the kernel's feature list: x86-64's
    /// `sha_ni` flag, arm64's `sha2` feature.
    static var cpuHasSHA: Bool? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = info.split(separator: "\n").first { $0.hasPrefix("flags") || $0.hasPrefix("Features") }
        #if arch(x86_64)
        let flag = "sha_ni"
        #else
        let flag = "sha2"
        #endif
        return line.map { $0.split(separator: " ").contains(Substring(flag)) }
        #else
        return nil
        #endif
    }

    @Test("the instructions are used exactly where the kernel says the CPU has them")
    func detection() throws {
        let cpu: Bool = try #require(Self.cpuHasSHA as Bool?, "no /proc/cpuinfo feature list on this platform")
        #expect(SHA256.hardwareAvailable == cpu)
    }
}
