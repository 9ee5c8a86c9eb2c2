import BarModel
import Foundation
import Testing
@testable import Store

/// A session owns the rows of every ``SessionOwnedTable`` (frames, line breakpoints, events,
/// analyses, findings, column mask): deleting it from any connection deletes them, and later
/// imports still work.
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

    /// Rows of session `key` in each ``SessionOwnedTable``, by table.
    func ownedRows(of key: Int64, in database: Database) throws -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for table in SessionOwnedTable.all {
            counts[table.name] = try database.scalarInt("SELECT count(*) FROM \(table.name) WHERE \(table.rows(of: "?1"))", [.int(key)]) ?? -1
        }
        return counts
    }

    /// Imports session `id` with rows in every session-owned table: frames (two chunks) with
    /// observed states, line breakpoints, an event, the column mask, an analysis and a finding.
    func importFull(_ store: SessionStore, id: String) throws -> StoredSession {
        try store.importSession { writer in
            try writer.append(ScrollEvent(t: 0, target: .title))
            for seq in 0..<70 {
                // A blank line every 10 samples: a breakpoint each.
                writer.lines.note(seq: seq, line: 1 + seq + seq / 10)
                try writer.append(ScrollSample(t: Double(seq) / 60, y: Double(seq)), computed: BarState(barHeight: 96.5 - Double(seq)),
                                  observed: seq % 2 == 0 ? Self.observed : nil)
            }
            return stored(writer, id: id)
        }
        let session = try #require(try store.session(id: id))
        try saveAnalysis(store, session)
        return session
    }

    /// How a session is deleted: by navrec's connection (foreign keys on), by one with foreign keys
    /// off, or by the sqlite3 shell (foreign keys off by default, or turned on).
    enum Deletion: String, CaseIterable, Sendable {
        case foreignKeysOn, foreignKeysOff, sqlite3Shell, sqlite3ShellForeignKeysOn

        var needsShell: Bool { self == .sqlite3Shell || self == .sqlite3ShellForeignKeysOn }

        func delete(id: String, at path: String) throws {
            let sql = "DELETE FROM sessions WHERE id = '\(id)'"
            switch self {
            case .foreignKeysOn:
                try Database(path: path).execute(sql)
            case .foreignKeysOff:
                let database = try Database(path: path)
                try database.execute("PRAGMA foreign_keys = OFF")
                try database.execute(sql)
            case .sqlite3Shell, .sqlite3ShellForeignKeysOn:
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["sqlite3", path, (self == .sqlite3Shell ? "" : "PRAGMA foreign_keys = ON; ") + sql]
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "sqlite3 \(path) \(sql)")
            }
        }
    }

    /// Whether the `sqlite3` shell is installed (the shell deletions need it; CI has it).
    static let hasShell: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test("every table with a session_key column or a foreign key to sessions is a SessionOwnedTable")
    func everyOwnedTableListed() throws {
        let store = try SessionStore(path: directory.path("tables.sqlite"))
        let tables = try store.database.prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'sessions'")
        var owned: Set<String> = ["frame_chunks"]
        while try tables.step() {
            let name = tables.text(0) ?? ""
            let keyed = try store.database.scalarInt(
                "SELECT count(*) FROM pragma_table_info(?1) WHERE name = 'session_key'", [.text(name)]) ?? 0
            let referencing = try store.database.scalarInt(
                "SELECT count(*) FROM pragma_foreign_key_list(?1) WHERE \"table\" = 'sessions'", [.text(name)]) ?? 0
            if keyed + referencing > 0 { owned.insert(name) }
        }
        #expect(owned == Set(SessionOwnedTable.all.map(\.name)),
                "add the table to SessionOwnedTable.all and run `\(SchemaSQL.command(version: Migrator().latestVersion + 1))`")
    }

    @Test("deleting any session leaves no row in any session-owned table, and later imports work",
          arguments: Deletion.allCases, ["a", "b", "c"])
    func deleteAnySession(deletion: Deletion, id: String) throws {
        if deletion.needsShell, !Self.hasShell { return }
        let path = directory.path("delete.sqlite")
        let store = try SessionStore(path: path)
        let sessions = try ["a", "b", "c"].map { try importFull(store, id: $0) }
        var before: [Int64: [String: Int64]] = [:]
        for session in sessions {
            let rows = try ownedRows(of: session.key, in: store.database)
            #expect(rows.values.allSatisfy { $0 > 0 }, "\(rows): the test fills every owned table")
            before[session.key] = rows
        }
        let deleted = try #require(sessions.first { $0.id == id })
        try deletion.delete(id: id, at: path)
        #expect(try store.session(id: id) == nil)
        #expect(try ownedRows(of: deleted.key, in: store.database).values.allSatisfy { $0 == 0 })
        for session in sessions where session.id != id {
            #expect(try ownedRows(of: session.key, in: store.database) == before[session.key])
        }
        // The next import takes the key after the newest, the deleted one's when it was the newest.
        let next = try importFull(store, id: "d")
        #expect(next.key == (id == "c" ? deleted.key : sessions.last!.key + 1))
        #expect(try ownedRows(of: next.key, in: store.database) == before[sessions[0].key])
        #expect(try store.database.scalarInt("PRAGMA foreign_key_check") == nil)
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
