import BarModel
import Foundation
import Testing
@testable import Store

/// `frame_chunks.<field>_gap_max` and `_gap_t` (migration 0016, the view `chunk_gaps`): each chunk's
/// largest |observed − computed| per numeric field and the earliest time with it must be exactly
/// what `observed_gaps` gives over the chunk's samples, whichever way it was written — by the
/// import from its doubles (with SQLite's reading of a column stored as text), by the migration's
/// back-fill in SQL, or again after an observed state is deleted — since `observed_drift` answers
/// from them alone.
@Suite("Largest gaps per chunk")
struct ChunkGapsTests {
    let directory = TemporaryDirectory()

    /// A chunk's largest gap and the earliest time with it, for one field, as bit patterns so that
    /// equality is bit for bit; `nil` when it has no gap.
    struct Peak: Equatable, CustomStringConvertible {
        var gap: UInt64, t: UInt64
        var description: String { "\(Double(bitPattern: gap)) at \(Double(bitPattern: t))" }
    }

    /// Per chunk (in key order), its stored peaks (`frame_chunks`, and `chunk_gaps` where it has a
    /// row) and those of `observed_gaps` over its samples, per field of ``BarStateColumns/gapFields``.
    static func peaks(in database: Database) throws -> (stored: [[Peak?]], fromView: [[Peak?]]) {
        let fields = BarStateColumns.gapFields
        let chunks = try database.prepare(
            "SELECT s.id, c.key - (s.session_key << 32), "
                + fields.map { "c.\(BarStateColumns.gapMaximumColumn($0)), c.\(BarStateColumns.gapTimeColumn($0))" }.joined(separator: ", ")
                + " FROM sessions s JOIN frame_chunks c ON c.key >> 32 = s.session_key ORDER BY c.key")
        var stored: [[Peak?]] = [], firstSeqs: [(session: String, seq: Int64)] = []
        while try chunks.step() {
            firstSeqs.append((chunks.text(0) ?? "", chunks.int64(1)))
            stored.append((0..<fields.count).map { field in
                let gap = Int32(2 + 2 * field)
                return chunks.isNull(gap) ? nil : Peak(gap: chunks.double(gap).bitPattern, t: chunks.double(gap + 1).bitPattern)
            })
        }
        var fromView = Array(repeating: [(gap: Double, t: Double)?](repeating: nil, count: fields.count), count: stored.count)
        let gaps = try database.prepare(
            "SELECT session_id, seq, t, " + fields.map { $0.columnName + "_gap" }.joined(separator: ", ") + " FROM observed_gaps")
        while try gaps.step() {
            let session = gaps.text(0) ?? "", seq = gaps.int64(1), t = gaps.double(2)
            // The chunk holding the sample: its session's last chunk starting at or before it.
            let chunk = try #require(firstSeqs.lastIndex { $0.session == session && $0.seq <= seq })
            for field in 0..<fields.count where !gaps.isNull(Int32(3 + field)) {
                let gap = gaps.double(Int32(3 + field))
                if let peak = fromView[chunk][field], peak.gap > gap || peak.gap == gap && peak.t <= t { continue }
                fromView[chunk][field] = (gap, t)
            }
        }
        // chunk_gaps gives the stored values of the chunks with an observed state.
        let view = try database.prepare("SELECT session_id, first_seq, "
            + fields.map { "\($0.columnName)_gap, \($0.columnName)_gap_t" }.joined(separator: ", ") + " FROM chunk_gaps")
        var viewRows = 0
        while try view.step() {
            viewRows += 1
            let chunk = try #require(firstSeqs.firstIndex { $0.session == view.text(0) && $0.seq == view.int64(1) })
            for field in 0..<fields.count {
                let gap = Int32(2 + 2 * field)
                #expect((view.isNull(gap) ? nil : Peak(gap: view.double(gap).bitPattern, t: view.double(gap + 1).bitPattern)) == stored[chunk][field])
            }
        }
        #expect(viewRows == (try database.scalarInt("SELECT count(DISTINCT (SELECT max(c.key) FROM frame_chunks c WHERE c.key <= o.key)) FROM observed o")).map(Int.init))
        return (stored, fromView.map { $0.map { $0.map { Peak(gap: $0.gap.bitPattern, t: $0.t.bitPattern) } } })
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

    @Test("the import stores observed_gaps' largest gap per chunk and its earliest time, bit for bit, in every number form; NULL where a chunk has no gap")
    func importStoresMaxima() throws {
        let store = try SessionStore(path: directory.path("g.sqlite"))
        try Self.store(Self.sessions, id: "g", in: store)
        let (stored, fromView) = try Self.peaks(in: store.database)
        #expect(stored.count == 4)
        #expect(stored == fromView)
        let barHeight = try #require(BarStateColumns.gapFields.firstIndex(of: .barHeight))
        #expect(stored.prefix(3).allSatisfy { $0[barHeight] != nil })
        #expect(stored[3].allSatisfy { $0 == nil })
        // Chunk 2's avatar_scale is stored as text, its largest gap is the one SQLite reads a unit in
        // the last place off Swift's, and the stored maximum is SQLite's, as the views read it.
        #expect(try store.database.scalarInt("SELECT avatar_scale_base IS NULL AND avatar_scale_w < 0 FROM frame_chunks ORDER BY key LIMIT 1 OFFSET 2") == 1)
        let avatarScale = try #require(BarStateColumns.gapFields.firstIndex(of: .avatarScale))
        #expect(stored[2][avatarScale]?.gap == Self.misread.nextUp.bitPattern)
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
        let (stored, fromView) = try Self.peaks(in: store.database)
        #expect(stored == fromView)
    }

    @Test("migrating a database from before the columns fills them for every stored chunk")
    func migrationBackFills() throws {
        let path = directory.path("release.sqlite")
        try FileManager.default.copyItem(at: FrameChunkMigrationTests.fixture, to: URL(fileURLWithPath: path))
        let database = try Database(path: path)
        _ = try Migrator().migrate(database)
        let (stored, fromView) = try Self.peaks(in: database)
        #expect(stored == fromView)
        #expect(stored.contains { $0.contains { $0 != nil } })
    }
}
