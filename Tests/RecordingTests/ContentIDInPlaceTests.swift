import Foundation
@testable import Recording
import Testing
import TextTools

/// The NDJSON reader hashes a session's lines where they lie, a run of `\n`-joined lines in one
/// update: the content ids stay the documented ones (SHA-256 of the non-blank lines joined by
/// `\n`) whatever the line endings, blank lines, byte-order mark and buffer refills around them.
@Suite("Content ids of lines hashed in place")
struct ContentIDInPlaceTests {
    init() {
        MappedFile.enableForProcess()
    }

    /// Sessions of random lines, each written with `\n` or `\r\n`, some followed by a blank or
    /// whitespace-only line; the ids computed from the documentation's rule.
    static func recording(seed: UInt64, byteOrderMark: Bool, finalNewline: Bool) -> (bytes: [UInt8], ids: [String]) {
        var generator = SplitMix(seed: seed)
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        var ids: [String] = []
        for session in 0..<3 {
            var lines = [#"{"navrec":1,"session":{"behaviors":{"largeTitle":{}},"app":"s\#(session)"}}"#]
            for index in 0..<(300 + Int(generator.next() % 400)) {
                let y = Double(generator.next() % 100_000) / 3
                let bar = generator.next() % 2 == 0 ? #","bar":{"barHeight":\#(96.5 - Double(index % 50) / 7)}"# : ""
                lines.append(#"{"t":\#(Double(index) / 120),"y":\#(y)\#(bar)}"#)
            }
            ids.append("auto-" + SHA256.hex(Array(lines.joined(separator: "\n").utf8)).prefix(32))
            for line in lines {
                bytes += Array(line.utf8)
                bytes += generator.next() % 10 == 0 ? [0x0D, 0x0A] : [0x0A]
                switch generator.next() % 40 {
                case 0: bytes += [0x0A]
                case 1: bytes += Array(" \t\n".utf8)
                case 2: bytes += [0x0D, 0x0A]
                default: break
                }
            }
        }
        if !finalNewline {
            while bytes.last == 0x0A || bytes.last == 0x0D || bytes.last == 0x20 || bytes.last == 0x09 { bytes.removeLast() }
        }
        return (bytes, ids)
    }

    /// The content ids of the sessions `reader` reads.
    static func contentIDs(_ reader: NDJSONReader) throws -> [String?] {
        var ids: [String?] = []
        while let item = try reader.next() {
            if case .endOfSession(let summary) = item { ids.append(summary.contentID) }
        }
        return ids
    }

    @Test("the documented ids through the buffer at several sizes, mapped, and from memory; LF, CRLF, blank lines, a BOM")
    func documentedIDs() throws {
        for (seed, byteOrderMark, finalNewline) in [(UInt64(1), false, true), (2, true, true), (3, false, false), (4, true, false)] {
            let (bytes, expected) = Self.recording(seed: seed, byteOrderMark: byteOrderMark, finalNewline: finalNewline)
            let directory = try TemporaryDirectory()
            let path = try directory.write("mixed.ndjson", bytes)
            #expect(try Self.contentIDs(NDJSONReader(bytes: bytes, displayName: "mixed.ndjson")) == expected)
            for (bufferSize, mappedFrom) in [(5_000, Int.max), (70_000, Int.max), (1 << 20, Int.max), (5_000, 1)] {
                let descriptor = open(path, O_RDONLY)
                defer { close(descriptor) }
                let reader = NDJSONReader(fileDescriptor: descriptor, displayName: "mixed.ndjson", bufferSize: bufferSize,
                                          maxLineLength: 1 << 20, mappedFrom: mappedFrom)
                #expect(try Self.contentIDs(reader) == expected, "seed \(seed), buffer \(bufferSize), mapped from \(mappedFrom)")
            }
        }
    }

    @Test("counter-cases: a line after \\r\\n, after a blank line, or after a whitespace line is not joined to the one before")
    func notAdjacent() throws {
        let header = #"{"navrec":1,"session":{"behaviors":{"largeTitle":{}}}}"#
        // Enough lines that most are taken from the buffer, where lines are joined.
        let samples = (0..<400).map { #"{"t":\#($0),"y":\#($0 * 3)}"# }
        let expected = "auto-" + SHA256.hex(Array(([header] + samples).joined(separator: "\n").utf8)).prefix(32)
        for separator in ["\n", "\r\n", "\n\n", "\n \n", "\r\n\r\n", "\n\t\r\n"] {
            let text = header + separator + samples.joined(separator: separator) + separator
            #expect(try Self.contentIDs(NDJSONReader(bytes: Array(text.utf8), displayName: "t.ndjson")) == [expected],
                    "separator \(Array(separator.utf8))")
        }
    }
}
