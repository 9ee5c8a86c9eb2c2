import BarModel
import Testing
@testable import Store

/// The `frame_chunks` table and the views over it against the one definition of the bar state,
/// ``BarStateField``: a field missing from a migration fails here.
@Suite("Frame schema against BarStateField")
struct FrameSchemaTests {
    let directory = TemporaryDirectory()

    /// `PRAGMA table_info` of `table`: (name, declared type) in column order.
    static func columns(_ table: String, in database: Database) throws -> [(name: String, type: String)] {
        let statement = try database.prepare("PRAGMA table_info(\(table))")
        var result: [(name: String, type: String)] = []
        while try statement.step() { result.append((statement.text(1) ?? "", statement.text(2) ?? "")) }
        return result
    }

    @Test("frame_chunks has exactly the columns the writer fills: a vector, width and base per sample field and per computed and observed state field, and a largest gap per numeric field")
    func chunkColumns() throws {
        let store = try SessionStore(path: directory.path("f.sqlite"))
        let columns = try Self.columns("frame_chunks", in: store.database)
        let vectors = ["t_us", "y", "phase", "vy", "frame_duration_us", "observed"]
            + BarStateField.allCases.map(\.columnName) + BarStateField.allCases.map { "o_" + $0.columnName }
        // A field added later has its columns at the end of the table (ALTER TABLE ADD COLUMN), so
        // the set is compared, not the order: the writer and reader name every column.
        let maxima = BarStateField.allCases.filter(\.isNumber).flatMap { [$0.columnName + "_gap_max", $0.columnName + "_gap_t"] }
        #expect(Set(columns.map(\.name)) == Set(["key", "samples"] + vectors.flatMap { [$0, $0 + "_w", $0 + "_base"] } + maxima))
        #expect(columns.count == 2 + 3 * vectors.count + maxima.count)
        #expect(columns.prefix(2).map(\.name) == ["key", "samples"])
        #expect(FrameChunkColumn.all.map(\.name) == vectors)
        let thousandths = Set(FrameChunkColumn.all.filter(\.isThousandths).map { $0.name + "_base" })
        for column in columns.dropFirst(2) {
            let type = column.name.hasSuffix("_gap_max") || column.name.hasSuffix("_gap_t") ? "REAL" : thousandths.contains(column.name) ? "ANY"
                : column.name.hasSuffix("_w") || column.name.hasSuffix("_base") ? "INTEGER" : "BLOB"
            #expect(column.type == type, "\(column.name)")
        }
        #expect(try store.database.scalarInt("SELECT count(*) FROM chunk_positions") == Int64(FrameChunkBuilder.capacity))
    }

    @Test("timeline and observed have one column per field, in field order, after their key columns")
    func viewColumns() throws {
        let store = try SessionStore(path: directory.path("v.sqlite"))
        let names = BarStateField.allCases.map(\.columnName)
        let observed = try Self.columns("observed", in: store.database).map(\.name)
        #expect(observed == ["key"] + names)
        // The sample's own columns come first, then the state, then columns added later (frame_duration).
        let timeline = try Self.columns("timeline", in: store.database).map(\.name)
        let start = try #require(timeline.firstIndex(of: "source")) + 1
        #expect(Array(timeline[start..<min(start + names.count, timeline.count)]) == names)
        #expect(timeline.suffix(from: start + names.count).allSatisfy { !names.contains($0) })
    }

    @Test("mask bits are distinct and below 32")
    func maskBits() {
        let bits = BarStateField.allCases.map(\.maskBit)
        #expect(Set(bits).count == bits.count)
        #expect(bits.allSatisfy { (0..<32).contains($0) })
    }

    @Test("deleting from observed clears the frame's observed state, in the views and for the analyzer", arguments: BarStateField.allCases)
    func observedDelete(field: BarStateField) throws {
        let store = try SessionStore(path: directory.path("o.sqlite"))
        var state = BarState()
        for field in BarStateField.allCases { field.set(1, in: &state) }
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 0), computed: state, observed: state)
            return StoredSession(
                key: writer.sessionKey, id: "o", behaviorNames: [], parametersJSON: "{}", contentID: "auto-0", source: "test",
                samples: 1, observedSamples: 1, events: 0, ignoredKeys: 0, duration: 0, importedAt: "2026-11-30T00:00:00Z")
        }
        let column = field.columnName
        #expect(try store.database.scalarInt("SELECT count(*) FROM observed WHERE \(column) IS NOT NULL") == 1)
        try store.database.execute("DELETE FROM observed")
        #expect(try store.database.scalarInt("SELECT count(*) FROM observed") == 0)
        #expect(try store.database.scalarInt("SELECT count(*) FROM timeline WHERE source = 'observed'") == 0)
        #expect(try store.database.scalarInt("SELECT count(*) FROM timeline WHERE source = 'computed' AND \(column) IS NOT NULL") == 1)
        let session = try #require(try store.session(id: "o"))
        #expect(try store.frames(of: session).readAll().map(\.observed) == [nil])
    }
}
