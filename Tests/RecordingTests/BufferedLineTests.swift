import BarModel
import Foundation
@testable import Recording
import Testing

/// `NDJSONReader`'s skeleton path over the read buffer: a sample line is taken where its learned
/// tail is followed by `\n` or `\r\n`, without a search for the line's end first. Read through
/// buffers where that path runs (at least 4 KiB left) it gives every item, line and error that a
/// buffer too small for it (under 4 KiB: each line found first, then parsed) gives.
@Suite("NDJSON reader: sample lines taken from the read buffer")
struct BufferedLineTests {
    /// Every item of `text` with the line of the last sample, and the error that ends it, read
    /// through a buffer of `bufferSize` bytes.
    static func read(_ text: String, bufferSize: Int, maxLineLength: Int = 64 << 20) throws -> [String] {
        let directory = try TemporaryDirectory()
        let path = try directory.write("r.ndjson", text)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let reader = NDJSONReader(fileDescriptor: descriptor, displayName: "r", bufferSize: bufferSize, maxLineLength: maxLineLength)
        var items: [String] = []
        do {
            while let item = try reader.next() { items.append("\(reader.itemLine) \(item)") }
        } catch {
            items.append("error \(error.line):\(error.column): \(error.message)")
        }
        return items
    }

    /// Two sessions of sample lines whose bar moves and rests, taps between them, and two shapes by
    /// turns in the last third; `extra` goes in after line `at`.
    static func recording(_ count: Int, terminator: String = "\n", finalTerminator: Bool = true, extra: String? = nil, at: Int = 0) -> String {
        var rows = [#"{"navrec":1,"session":{"id":"A","behaviors":{"largeTitle":{}}}}"#]
        var generator = SplitMix(seed: 38)
        for index in 0..<count {
            let t = Double(index) / 120
            let moving = (index / 40) % 2 == 0
            let y = moving ? Double(generator.next() % 100_000) / 3 : 12.5
            let height = moving ? "\(96.5 - Double(index % 40) / 3)" : "44"
            let frame = index > 2 * count / 3 && index % 2 == 1 ? #","frameDuration":0.008333"# : ""
            if index == count / 2 { rows.append(#"{"navrec":1,"session":{"id":"B","behaviors":{"largeTitle":{}}}}"#) }
            if index % 97 == 5 { rows.append(#"{"t":\#(t),"event":"tap","target":"title"}"#) }
            rows.append(#"{"t":\#(t),"y":\#(y),"phase":"drag","vy":\#(moving ? 40 : 0)\#(frame),"bar":{"barHeight":\#(height),"largeTitleAlpha":\#(moving ? 0.5 : 1)}}"#)
            if index == at, let extra { rows.append(extra) }
        }
        return rows.joined(separator: terminator) + (finalTerminator ? terminator : "")
    }

    static let bufferSizes = [4096, 5000, 6007, 8191, 12_345, 1 << 20]

    @Test("`\\n` and `\\r\\n` lines, with and without a last terminator: the same items through every buffer")
    func sameItems() throws {
        for text in [Self.recording(600), Self.recording(600, terminator: "\r\n"), Self.recording(600, finalTerminator: false),
                     Self.recording(600, terminator: "\r\n", finalTerminator: false)] {
            let reference = try Self.read(text, bufferSize: 4000)
            #expect(reference.count > 600)
            #expect(!reference.contains { $0.hasPrefix("error") })
            for size in Self.bufferSizes {
                #expect(try Self.read(text, bufferSize: size) == reference, "buffer \(size)")
            }
        }
    }

    @Test("the counter-cases: two objects on a line, a lone `\\r`, a bad value after learned lines — the same error through every buffer")
    func sameErrors() throws {
        for extra in [#"{"t":9,"y":1,"phase":"drag","vy":0,"bar":{"barHeight":44,"largeTitleAlpha":1}}{"t":9,"y":1}"#,
                      #"{"t":9,"y":1,"phase":"drag","vy":0,"bar":{"barHeight":44,"largeTitleAlpha":1}}"# + "\r" + #"{"t":9,"y":1}"#,
                      #"{"t":9,"y":1,"phase":"drag","vy":0,"bar":{"barHeight":44,"largeTitleAlpha":1e999}}"#] {
            let text = Self.recording(300, extra: extra, at: 200)
            let reference = try Self.read(text, bufferSize: 4000)
            #expect(reference.last?.hasPrefix("error 2") == true, "\(reference.last ?? "")")
            for size in Self.bufferSizes {
                #expect(try Self.read(text, bufferSize: size) == reference, "buffer \(size): \(extra)")
            }
        }
    }

    @Test("a learned shape on a line longer than the longest allowed: the same over-long-line error through every buffer")
    func overLongLine() throws {
        // One significant digit: the skeleton path takes it (180 bytes, the other lines under 160).
        let long = "0." + String(repeating: "0", count: 95) + "1"
        let text = Self.recording(300, extra: #"{"t":9,"y":\#(long),"phase":"drag","vy":0,"bar":{"barHeight":44,"largeTitleAlpha":1}}"#, at: 200)
        let reference = try Self.read(text, bufferSize: 4000, maxLineLength: 160)
        #expect(reference.last?.hasPrefix("error 2") == true, "\(reference.last ?? "")")
        for size in Self.bufferSizes {
            #expect(try Self.read(text, bufferSize: size, maxLineLength: 160) == reference, "buffer \(size)")
        }
    }
}
