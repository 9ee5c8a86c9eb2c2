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

    /// The fixture's timeline, observed view and row counts, read at schema 8.
    func before(_ path: String) throws -> (timeline: [[SQLValue]], observed: [[SQLValue]], other: [[SQLValue]]) {
        try FileManager.default.copyItem(at: Self.fixture, to: URL(fileURLWithPath: path))
        let database = try Database(path: path)
        #expect(try database.scalarInt("PRAGMA user_version") == 8)
        return (try Self.rows(Self.timeline, in: database), try Self.rows(Self.observed, in: database),
                try Self.rows(Self.counts, in: database))
    }

    static let counts = "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM findings), (SELECT count(*) FROM analyses)"

    @Test("at schema 9, timeline, observed, events and findings read as at schema 8, frames is gone, and frame_chunks has the step's frozen columns")
    func sameRowsAtNine() throws {
        let path = directory.path("release.sqlite")
        let before = try before(path)
        #expect(before.timeline.count == 2 * 478 - 125)
        #expect(before.timeline.contains { $0[3] == .double(-3.3333333333333335) })
        let database = try Database(path: path)
        #expect(try Migrator().migrate(database, upTo: 9) == ["0009_frame_chunks.sql"])
        #expect(try database.scalarInt("PRAGMA user_version") == 9)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'frames'") == 0)
        #expect(try Self.rows(Self.timeline, in: database) == before.timeline)
        #expect(try Self.rows(Self.observed, in: database) == before.observed)
        #expect(try Self.rows(Self.counts, in: database) == before.other)
        let columns = try FrameSchemaTests.columns("frame_chunks", in: database).map(\.name)
        #expect(columns == ["key", "samples"] + FrameChunkMigration.columns.flatMap { [$0.name, $0.name + "_w", $0.name + "_base"] })
    }

    @Test("after every migration, the rows still read the same, through the views and navrec's reader")
    func sameRowsAtLatest() throws {
        let path = directory.path("release.sqlite")
        let before = try before(path)
        let store = try SessionStore(path: path)
        #expect(try store.database.scalarInt("PRAGMA user_version") == Int64(Migrator().latestVersion))
        #expect(try Self.rows(Self.timeline, in: store.database) == before.timeline)
        #expect(try Self.rows(Self.observed, in: store.database) == before.observed)
        #expect(try Self.rows(Self.counts, in: store.database) == before.other)
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
