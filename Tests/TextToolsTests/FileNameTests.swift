import Foundation
import Testing
import TextTools

@Suite("FileName")
struct FileNameTests {
    @Test("any bytes round-trip; UTF-8 names are unchanged")
    func roundTrip() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0..<2_000 {
            let bytes = (0..<(length % 40)).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56) | 1 // no NUL in a file name
            }
            #expect(FileName.bytes(of: FileName.string(fromBytes: bytes)) == bytes, "\(bytes)")
        }
        for name in ["café.ndjson", "日本.sqlite", "plain", "\u{10FFFF}x"] {
            #expect(FileName.bytes(of: FileName.string(fromBytes: Array(name.utf8))) == Array(name.utf8))
        }
        #expect(FileName.string(fromBytes: Array("café".utf8)) == "café")
        #expect(FileName.string(fromBytes: [0x63, 0xE9]).unicodeScalars.map(\.value) == [0x63, 0x10FFE9])
    }

    @Test("cString is the name's own bytes and a NUL, so C opens the file the bytes name")
    func cString() {
        let latin1 = FileName.string(fromBytes: [0x63, 0x61, 0x66, 0xE9])
        #expect(FileName.cString(latin1).map { UInt8(bitPattern: $0) } == [0x63, 0x61, 0x66, 0xE9, 0])
        #expect(FileName.cString("café").map { UInt8(bitPattern: $0) } == Array("café".utf8) + [0])
        // The counter-case: the U+FFFD that `CommandLine.arguments` would have made is not that byte.
        #expect(FileName.cString("caf\u{FFFD}") != FileName.cString(latin1))
    }

    @Test("realPath resolves `..` and links to the file system's bytes; nil where nothing resolves")
    func realPath() throws {
        let latin1 = FileName.string(fromBytes: [0x63, 0x61, 0x66, 0xE9])
        let base = try #require(FileName.realPath(NSTemporaryDirectory())) + "/navrec-filename-\(UUID().uuidString)"
        #expect(mkdir(FileName.cString(base), 0o700) == 0)
        #expect(mkdir(FileName.cString(base + "/" + latin1), 0o700) == 0)
        #expect(symlink(FileName.cString(latin1), FileName.cString(base + "/link")) == 0)
        defer {
            unlink(FileName.cString(base + "/link"))
            rmdir(FileName.cString(base + "/" + latin1))
            rmdir(FileName.cString(base))
        }
        #expect(FileName.realPath(base + "/" + latin1 + "/../link") == base + "/" + latin1)
        // The counter-case: a missing directory does not resolve.
        #expect(FileName.realPath(base + "/missing/x") == nil)
    }
}
