import BarModel
import Foundation
@testable import NavRecCommands
import Testing

/// `navrec analyze --rows --timeline-file`'s binary columns (Docs/fleet.md "The timeline file"):
/// the header and one block, read back here by offset as a reader with numpy does.
@Suite("Timeline columns")
struct TimelineColumnsTests {
    /// A little-endian reader over a block's bytes.
    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func uint(_ size: Int) -> UInt64 {
            defer { offset += size }
            return (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }

        mutating func take(_ count: Int, padded: Bool) -> [UInt8] {
            defer { offset += padded ? (count + 7) / 8 * 8 : count }
            return Array(bytes[offset..<offset + count])
        }
    }

    @Test("the header: NAVRECTL, version 1, the columns as JSON in the view's order, 8-byte aligned")
    func header() throws {
        var reader = Reader(bytes: TimelineColumns.header)
        #expect(reader.take(8, padded: false) == Array("NAVRECTL".utf8))
        #expect(reader.uint(4) == 1)
        let length = Int(reader.uint(4))
        #expect(TimelineColumns.header.count == 16 + length && length % 8 == 0)
        let json = try JSONSerialization.jsonObject(with: Data(reader.take(length, padded: false))) as? [String: Any]
        let columns = try #require(json?["columns"] as? [[String: Any]])
        #expect(columns.map { $0["name"] as? String } == ["source", "seq", "t", "y", "phase"] + BarStateField.allCases.map(\.columnName) + ["frame_duration"])
        #expect(columns[0]["values"] as? [String] == ["computed", "observed"])
        #expect(columns[4]["values"] as? [String] == ["idle", "drag", "decelerate", "bounce", "animate"])
        let background = try #require(columns.first { $0["name"] as? String == "background" })
        #expect(background["type"] as? String == "dictionary" && background["values"] as? [String] == BarStateField.background.valueNames)
        #expect(columns.first { $0["name"] as? String == "bar_hidden" }?["type"] as? String == "int64")
        #expect(columns.first { $0["name"] as? String == "bar_height" }?["type"] as? String == "float64")
    }

    @Test("a block: rows, key, then per column validity and values; computed then observed; NULLs are 0 and invalid")
    func block() {
        let frame = SessionFrame(
            seq: 1_234_567, sample: ScrollSample(t: 0.008333, y: -12.5, phase: .decelerate, vy: 3, frameDuration: 0.016667),
            computed: BarState(barHeight: 96.5, barHidden: true, background: .default),
            observed: BarState(barHidden: false, background: .transparent))
        var columns = TimelineColumns()
        columns.appendRows(of: frame)
        columns.appendRows(of: SessionFrame(seq: 0, sample: ScrollSample(t: 2, y: 0), computed: BarState()))
        #expect(columns.rows == 3)
        let bytes = columns.block(key: "kë")
        #expect(columns.rows == 0)
        var reader = Reader(bytes: bytes)
        #expect(reader.uint(8) == 3)
        #expect(reader.uint(4) == 3 && reader.uint(4) == 0)
        #expect(reader.take(3, padded: true) == Array("kë".utf8))
        var read: [String: (valid: [UInt8], values: [UInt64])] = [:]
        for column in TimelineColumns.columns {
            let valid = reader.take(3, padded: true)
            if case .dictionary = column.kind {
                read[column.name] = (valid, reader.take(3, padded: true).map(UInt64.init))
            } else {
                read[column.name] = (valid, [reader.uint(8), reader.uint(8), reader.uint(8)])
            }
        }
        #expect(reader.offset == bytes.count && bytes.count % 8 == 0)
        #expect(read["source"]! == ([1, 1, 1], [0, 1, 0]))
        #expect(read["seq"]! == ([1, 1, 1], [1_234_567, 1_234_567, 0]))
        #expect(read["t"]!.values.map(Double.init(bitPattern:)) == [0.008333, 0.008333, 2])
        #expect(read["y"]!.values.map(Double.init(bitPattern:)) == [-12.5, -12.5, 0])
        #expect(read["phase"]! == ([1, 1, 0], [2, 2, 0]))
        #expect(read["bar_height"]!.valid == [1, 0, 0] && Double(bitPattern: read["bar_height"]!.values[0]) == 96.5)
        #expect(read["bar_height"]!.values[1...] == [0, 0])
        #expect(read["bar_hidden"]! == ([1, 1, 0], [1, 0, 0]))
        let names = BarStateField.background.valueNames
        #expect(read["background"]!.valid == [1, 1, 0])
        #expect(read["background"]!.values[0..<2].map { names[Int($0)] } == ["default", "transparent"])
        #expect(read["frame_duration"]!.valid == [1, 1, 0] && Double(bitPattern: read["frame_duration"]!.values[1]) == 0.016667)
        #expect(read["blur_alpha"]! == ([0, 0, 0], [0, 0, 0]))
        // The next block starts empty.
        #expect(columns.block(key: "") == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }
}
