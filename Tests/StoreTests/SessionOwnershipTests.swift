import BarModel
import Testing
@testable import Store

/// A session owns its frames, events, analyses, findings and column mask (migration 0002):
/// deleting it from any connection deletes them, and later imports still work.
@Suite("Sessions own their rows")
struct SessionOwnershipTests {
    let directory = TemporaryDirectory()

    static let observed = BarState(barHeight: 70.25, barHidden: true, background: .default, dropdownExpanded: false)

    func stored(_ writer: SessionWriter, id: String) -> StoredSession {
        StoredSession(
            key: writer.sessionKey, id: id, behaviorNames: ["largeTitle"], parametersJSON: "{}", contentID: "auto-\(id)",
            source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: writer.events,
            ignoredKeys: 0, duration: writer.duration, importedAt: "2026-11-30T00:00:00Z")
    }

    /// Appends `count` frames (every other one with ``observed``) and an event.
    func fill(_ writer: SessionWriter, count: Int) throws {
        try writer.append(ScrollEvent(t: 0, target: .title))
        for seq in 0..<count {
            try writer.append(ScrollSample(t: Double(seq) / 60, y: Double(seq)), computed: BarState(barHeight: 96.5 - Double(seq)),
                              observed: seq % 2 == 0 ? Self.observed : nil)
        }
    }

    func saveAnalysis(_ store: SessionStore, _ session: StoredSession) throws {
        try store.saveAnalysis(of: session, settings: "", hitchTimeRatio: 0, frameJitter: 0, gaps: 0, gapTime: 0, findings: [
            StoredFinding(kind: "hitch", subkind: nil, signal: "frames", source: "computed", severity: "warning",
                          start: 0, end: 1, count: 1, message: "m", detailsJSON: "{}"),
        ])
    }

    /// Counts of the rows that belong to session `key` in every table that holds some.
    func rows(of key: Int64, in database: Database) throws -> [Int64] {
        try [
            // Schema 9 stores frames in chunks; the tests here also look at databases before it.
            database.scalarInt(
                try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'frames'") == 1
                    ? "SELECT count(*) FROM frames WHERE key >> 32 = ?"
                    : "SELECT coalesce(sum(samples), 0) FROM frame_chunks WHERE key >> 32 = ?", [.int(key)]) ?? -1,
            database.scalarInt("SELECT count(*) FROM events WHERE session_key = ?", [.int(key)]) ?? -1,
            database.scalarInt("SELECT count(*) FROM analyses WHERE session_key = ?", [.int(key)]) ?? -1,
            database.scalarInt("SELECT count(*) FROM findings WHERE session_key = ?", [.int(key)]) ?? -1,
            database.scalarInt("SELECT count(*) FROM session_columns WHERE session_key = ?", [.int(key)]) ?? -1,
        ]
    }

    /// A connection as the sqlite3 shell opens one: foreign keys off, so no ON DELETE CASCADE.
    func shellConnection(_ path: String) throws -> Database {
        let database = try Database(path: path)
        try database.execute("PRAGMA foreign_keys = OFF")
        return database
    }

    @Test("deleting the newest session with foreign keys off deletes its rows, and the next import works")
    func deleteFromShell() throws {
        let path = directory.path("shell.sqlite")
        let store = try SessionStore(path: path)
        for id in ["a", "b"] {
            try store.importSession { writer in
                try fill(writer, count: 70)
                return stored(writer, id: id)
            }
            try saveAnalysis(store, try #require(try store.session(id: id)))
        }
        let b = try #require(try store.session(id: "b"))
        try shellConnection(path).execute("DELETE FROM sessions WHERE id = 'b'")
        #expect(try rows(of: b.key, in: store.database) == [0, 0, 0, 0, 0])
        let a = try #require(try store.session(id: "a"))
        #expect(try rows(of: a.key, in: store.database) == [70, 1, 1, 1, 1])
        // The key b had is free again: the next session takes it.
        try store.importSession { writer in
            #expect(writer.sessionKey == b.key)
            try fill(writer, count: 70)
            return stored(writer, id: "c")
        }
        #expect(try store.session(id: "c")?.samples == 70)
    }

    @Test("a database made by schema 1 is migrated: rows of sessions deleted before are removed, masks keep their meaning")
    func migrateSchemaOne() throws {
        let path = directory.path("v1.sqlite")
        let first = Migration.embedded[0]
        #expect(first.name == "0001_initial.sql")
        var written: [SessionFrame] = []
        do {
            let database = try Database(path: path)
            try Migrator(migrations: [first]).migrate(database)
            // Rows as schema 1 stored them, written in plain SQL: today's writer may name columns
            // that schema 1 lacks.
            for key in [Int64(1), 2] {
                try database.execute("BEGIN")
                let frame = try database.prepare("""
                    INSERT INTO frames (key, t_us, y, bar_height, observed, o_bar_height, o_bar_hidden, o_background, o_dropdown_expanded)
                    VALUES (?, ?, ?, ?, ?, 70250, 1, 1, 0)
                    """)
                for seq in 0..<70 {
                    try frame.bind([.int(key << 32 | Int64(seq)), .int(Int64((Double(seq) / 60 * 1_000_000).rounded())),
                                    .int(Int64(seq) * 1000), .int(96_500 - Int64(seq) * 1000), seq % 2 == 0 ? .int(1) : .null])
                    try frame.step()
                    frame.reset()
                }
                try database.execute("""
                    UPDATE frames SET o_bar_height = NULL, o_bar_hidden = NULL, o_background = NULL, o_dropdown_expanded = NULL
                     WHERE observed IS NULL;
                    INSERT INTO events VALUES (\(key), 0, 0, 0, 'tap', 'title');
                    INSERT INTO sessions (session_key, id, behaviors, parameters, content_id, source, samples, observed_samples,
                                          events, ignored_keys, duration, imported_at)
                    VALUES (\(key), 's\(key)', 'largeTitle', '{}', 'auto-\(key)', 'test', 70, 35, 1, 0, 1.15, '2026-11-30');
                    INSERT INTO analyses VALUES (\(key), '', 0, 0, '2026-11-30');
                    INSERT INTO findings (session_key, session_id, settings, kind, signal, source, severity, start_t, end_t, message, details)
                    VALUES (\(key), 's\(key)', '', 'hitch', 'frames', 'computed', 'warning', 0, 1, 'm', '{}');
                    """)
                // Schema 1's mask: computed field i at bit i, observed field i at bit 14 + i.
                let mask = 1 << 0 | (1 << 0 | 1 << 1 | 1 << 10 | 1 << 13) << 14
                try database.execute("INSERT INTO session_columns VALUES (\(key), \(mask)); COMMIT")
            }
            // What schema 1 allowed: session 2 deleted from the shell, its rows left behind.
            try database.execute("PRAGMA foreign_keys = OFF; DELETE FROM sessions WHERE session_key = 2")
            #expect(try rows(of: 2, in: database) == [70, 1, 1, 1, 1])
            for seq in 0..<70 {
                written.append(SessionFrame(
                    seq: seq, sample: ScrollSample(t: (Double(seq) / 60 * 1_000_000).rounded() / 1_000_000, y: Double(seq)),
                    computed: BarState(barHeight: 96.5 - Double(seq)), observed: seq % 2 == 0 ? Self.observed : nil))
            }
        }
        let store = try SessionStore(path: path)
        #expect(try store.database.scalarInt("SELECT max(version) FROM navrec_migrations") == Int64(Migrator().latestVersion))
        #expect(try rows(of: 2, in: store.database) == [0, 0, 0, 0, 0])
        let s1 = try #require(try store.session(id: "s1"))
        #expect(try store.frames(of: s1).readAll() == written)
        try store.importSession { writer in
            try fill(writer, count: 10)
            return stored(writer, id: "s3")
        }
        #expect(try store.session(id: "s3")?.samples == 10)
        try shellConnection(path).execute("DELETE FROM sessions WHERE id = 's1'")
        #expect(try rows(of: s1.key, in: store.database) == [0, 0, 0, 0, 0])
        #expect(try store.database.scalarInt("PRAGMA foreign_key_check") == nil)
    }
}
