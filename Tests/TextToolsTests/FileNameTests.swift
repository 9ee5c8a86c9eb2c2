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
}
