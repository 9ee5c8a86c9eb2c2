import BarModel
import Foundation
import Testing
@testable import Store

/// `frame_chunks.<field>_gap_max` (migration 0016): each chunk's largest |observed − computed| per
/// numeric field must be exactly what `observed_gaps` gives over the chunk's samples, whichever way
/// it was written — by the import from its doubles, in SQL for a chunk with a column stored as
/// text, by the migration's back-fill, or again after an observed state is deleted — since
/// Datasette's `observed_drift` finds the sample with the largest gap by comparing the two.
@Suite("Largest gaps per chunk")
struct ChunkGapMaximaTests {
    let directory = TemporaryDirectory()

    /// Per chunk (in key order), its stored largest gaps and the maxima of `observed_gaps` over its
    /// samples (NULL when none), each as the doubles' bit patterns so equality is bit for bit.
    static func maxima(in database: Database) throws -> (stored: [[UInt64?]], fromView: [[UInt64?]]) {
        let fields = SchemaSQL.gapFields
        let chunks = try database.prepare(
            "SELECT s.id, c.key - (s.session_key << 32), "
                + fields.map { "c." + SchemaSQL.gapMaximumColumn($0) }.joined(separator: ", ")
                + " FROM sessions s JOIN frame_chunks c ON c.key >> 32 = s.session_key ORDER BY c.key")
        var stored: [[UInt64?]] = [], firstSeqs: [(session: String, seq: Int64)] = []
        while try chunks.step() {
            firstSeqs.append((chunks.text(0) ?? "", chunks.int64(1)))
            stored.append((0..<fields.count).map { chunks.isNull(Int32(2 + $0)) ? nil : chunks.double(Int32(2 + $0)).bitPattern })
        }
        var fromView = Array(repeating: [Double?](repeating: nil, count: fields.count), count: stored.count)
        let gaps = try database.prepare(
            "SELECT session_id, seq, " + fields.map { $0.columnName + "_gap" }.joined(separator: ", ") + " FROM observed_gaps")
        while try gaps.step() {
            let session = gaps.text(0) ?? "", seq = gaps.int64(1)
            // The chunk holding the sample: its session's last chunk starting at or before it.
            let chunk = try #require(firstSeqs.lastIndex { $0.session == session && $0.seq <= seq })
            for field in 0..<fields.count where !gaps.isNull(Int32(2 + field)) {
                let gap = gaps.double(Int32(2 + field))
                fromView[chunk][field] = max(fromView[chunk][field] ?? gap, gap)
            }
        }
        return (stored, fromView.map { $0.map { $0?.bitPattern } })
    }

    /// Stores session `id` of `states.count` frames, each computed state against its observed one.
    static func store(_ states: [(computed: BarState, observed: BarState?)], id: String, in store: SessionStore) throws {
        try store.importSession { writer in
            for (seq, state) in states.enumerated() {
                try writer.append(ScrollSample(t: Double(seq) / 60, y: Double(seq)), computed: state.computed, observed: state.observed)
            }
            return StoredSession(
                key: writer.sessionKey, id: id, behaviorNames: ["largeTitle"], parametersJSON: "{}", contentID: "auto-0",
                source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: 0,
                ignoredKeys: 0, duration: writer.duration, importedAt: "2026-12-02T00:00:00Z")
        }
    }

    /// 0.03197199239321993, whose shortest text SQLite reads as the next double up, so the gap SQL
    /// sees is not Swift's. By its bits: the literal compiles to that next double here.
    static let misread = Double(bitPattern: 0x3FA0_5EA2_0B6F_05B3)

    /// Four chunks: exact thousandths (with frames without an observed state and observed states
    /// without the field); values scaled by a power of two (1/3); values stored as text (1e300 next
    /// to 1e-300 has no common scale), one that SQLite's conversion reads differently; and no
    /// observed state at all.
    static let sessions: [(computed: BarState, observed: BarState?)] = (0..<256).map { seq in
        let chunk = seq / 64, k = Double(seq % 64)
        switch chunk {
        case 0:
            let observed = seq % 5 == 0 ? nil
                : BarState(barHeight: seq % 7 == 0 ? nil : 96 - k * 0.5, largeTitleAlpha: 1 - k / 100, blurAlpha: 0.25)
            return (BarState(barHeight: 96 - k * 0.75, largeTitleAlpha: 1 - k / 125, blurAlpha: 0.25), observed)
        case 1:
            return (BarState(barHeight: 96 - k / 3, largeTitleAlpha: k / 3), BarState(barHeight: 96 - k / 6, largeTitleAlpha: k / 3))
        case 2:
            let huge = seq % 2 == 0 ? 1e300 : 1e-300
            return (BarState(barHeight: huge, avatarScale: k == 0 ? misread : 1e-300),
                    BarState(barHeight: huge * 0.999, avatarScale: 0))
        default:
            return (BarState(barHeight: 44), nil)
        }
    }

    @Test("the import stores observed_gaps' maxima per chunk, bit for bit, in every number form; NULL where a chunk has no gap")
    func importStoresMaxima() throws {
        let store = try SessionStore(path: directory.path("g.sqlite"))
        try Self.store(Self.sessions, id: "g", in: store)
        let (stored, fromView) = try Self.maxima(in: store.database)
        #expect(stored.count == 4)
        #expect(stored == fromView)
        let barHeight = try #require(SchemaSQL.gapFields.firstIndex(of: .barHeight))
        #expect(stored.prefix(3).allSatisfy { $0[barHeight] != nil })
        #expect(stored[3].allSatisfy { $0 == nil })
        // Chunk 2's avatar_scale is stored as text, its largest gap is the one SQL reads off by a unit
        // in the last place, and the stored maximum is SQL's.
        #expect(try store.database.scalarInt("SELECT avatar_scale_base IS NULL AND avatar_scale_w < 0 FROM frame_chunks ORDER BY key LIMIT 1 OFFSET 2") == 1)
        let avatarScale = try #require(SchemaSQL.gapFields.firstIndex(of: .avatarScale))
        #expect(stored[2][avatarScale] == Self.misread.nextUp.bitPattern)
    }

    static func firstBarHeightMaximum(in database: Database) throws -> Double? {
        let statement = try database.prepare("SELECT bar_height_gap_max FROM frame_chunks ORDER BY key LIMIT 1")
        return try statement.step() && !statement.isNull(0) ? statement.double(0) : nil
    }

    @Test("deleting an observed state works its chunk's largest gaps out again")
    func deleteRecomputes() throws {
        let store = try SessionStore(path: directory.path("d.sqlite"))
        try Self.store(Self.sessions, id: "d", in: store)
        let before = try Self.firstBarHeightMaximum(in: store.database)
        // The largest bar_height gap of the first chunk is at its last observed frame with the field.
        try store.database.execute("""
            DELETE FROM observed WHERE key = (SELECT key FROM observed WHERE key & 4294967295 < 64 ORDER BY abs(bar_height - (SELECT bar_height FROM timeline t
                WHERE t.source = 'computed' AND t.seq = observed.key & 4294967295)) DESC LIMIT 1)
            """)
        let after = try Self.firstBarHeightMaximum(in: store.database)
        #expect(after != nil && before != nil && after! < before!)
        let (stored, fromView) = try Self.maxima(in: store.database)
        #expect(stored == fromView)
    }

    @Test("migrating a database from before the columns fills them for every stored chunk")
    func migrationBackFills() throws {
        let path = directory.path("release.sqlite")
        try FileManager.default.copyItem(at: FrameChunkMigrationTests.fixture, to: URL(fileURLWithPath: path))
        let database = try Database(path: path)
        _ = try Migrator().migrate(database)
        let (stored, fromView) = try Self.maxima(in: database)
        #expect(stored == fromView)
        #expect(stored.contains { $0.contains { $0 != nil } })
    }
}
