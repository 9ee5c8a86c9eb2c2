import BarModel
import Foundation
import Testing
@testable import Store

/// Migration 0009 moves the frames of a database written by the previous release into
/// `frame_chunks` without losing or changing a sample.
@Suite("Frames move to chunks")
struct FrameChunkMigrationTests {
    let directory = TemporaryDirectory()

    /// Written by navrec at schema 8 (commit 42de941): four sessions — largeTitle + avatar with
    /// observed states, touch and timestamp noise, frame durations and a tap; blurHeader recorded by
    /// scroll callbacks at an adaptive rate; hideOnSwipe + dropdownTitle; a CSV with values that
    /// have no exact thousandths and a sample without a phase — with their findings.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/release-schema8.sqlite")

    /// Every row of `sql`, every value as stored (REALs compared bit for bit by `==`).
    static func rows(_ sql: String, in database: Database) throws -> [[SQLValue]] {
        let statement = try database.prepare(sql)
        var rows: [[SQLValue]] = []
        while try statement.step() { rows.append((0..<statement.columnCount).map { statement.value(Int32($0)) }) }
        return rows
    }

    static let timeline = "SELECT * FROM timeline ORDER BY session_id, source, seq"
    static let observed = "SELECT * FROM observed ORDER BY key"

    @Test("timeline, observed, events and findings read the same after the migration, and frames is gone")
    func sameRows() throws {
        let path = directory.path("release.sqlite")
        try FileManager.default.copyItem(at: Self.fixture, to: URL(fileURLWithPath: path))
        let before: (timeline: [[SQLValue]], observed: [[SQLValue]], other: [[SQLValue]])
        do {
            let database = try Database(path: path)
            #expect(try database.scalarInt("PRAGMA user_version") == 8)
            before = (try Self.rows(Self.timeline, in: database), try Self.rows(Self.observed, in: database),
                      try Self.rows("SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM findings), (SELECT count(*) FROM analyses)", in: database))
        }
        #expect(before.timeline.count == 2 * 478 - 125)
        #expect(before.timeline.contains { $0[3] == .double(-3.3333333333333335) })
        let store = try SessionStore(path: path)
        #expect(try store.database.scalarInt("PRAGMA user_version") == Int64(Migrator().latestVersion))
        #expect(try store.database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'frames'") == 0)
        #expect(try Self.rows(Self.timeline, in: store.database) == before.timeline)
        #expect(try Self.rows(Self.observed, in: store.database) == before.observed)
        #expect(try Self.rows(
            "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM findings), (SELECT count(*) FROM analyses)",
            in: store.database) == before.other)
        for session in try store.sessions() {
            let frames = try store.frames(of: session).readAll()
            #expect(frames.count == session.samples)
            #expect(frames.filter { $0.observed != nil }.count == session.observedSamples)
            #expect(frames.map(\.seq) == Array(0..<session.samples))
        }
    }

    @Test("a session imported after the migration gets a key above the migrated ones")
    func importAfter() throws {
        let path = directory.path("release.sqlite")
        try FileManager.default.copyItem(at: Self.fixture, to: URL(fileURLWithPath: path))
        let store = try SessionStore(path: path)
        let keys = try store.sessions().map(\.key)
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 1), computed: BarState(barHeight: 44), observed: nil)
            return StoredSession(
                key: writer.sessionKey, id: "new", behaviorNames: [], parametersJSON: "{}", contentID: "auto-new", source: "test",
                samples: 1, observedSamples: 0, events: 0, ignoredKeys: 0, duration: 0, importedAt: "2026-12-01T00:00:00Z")
        }
        let new = try #require(try store.session(id: "new"))
        #expect(new.key > keys.max()!)
        #expect(try store.frames(of: new).readAll().map(\.computed.barHeight) == [44])
    }
}
