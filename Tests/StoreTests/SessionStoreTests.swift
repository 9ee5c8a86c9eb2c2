import BarModel
import Testing
@testable import Store

@Suite("Session store")
struct SessionStoreTests {
    let directory = TemporaryDirectory()

    func session(_ writer: SessionWriter, id: String) -> StoredSession {
        StoredSession(
            key: writer.sessionKey, id: id, behaviorNames: ["largeTitle"], parametersJSON: "{}", contentID: "auto-0",
            source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: writer.events,
            ignoredKeys: 0, duration: writer.duration, importedAt: "2026-11-29T00:00:00Z")
    }

    @Test("frames read back exactly, across batch boundaries", arguments: [0, 1, 63, 64, 65, 200])
    func roundTrip(count: Int) throws {
        let store = try SessionStore(path: directory.path("s.sqlite"))
        var engine = BarEngine(behaviors: try BehaviorSet([("largeTitle", []), ("avatar", [])]))
        var written: [SessionFrame] = []
        try store.importSession { writer in
            for seq in 0..<count {
                let sample = ScrollSample(t: Double(seq) / 120, y: Double(seq) * 0.7 - 10, phase: seq % 3 == 0 ? .drag : nil, vy: seq % 2 == 0 ? 12.5 : nil)
                let computed = engine.step(sample)
                let observed: BarState? = seq % 4 == 0 ? BarState(barHeight: 50, background: .default, subtitleVisible: true) : nil
                try writer.append(sample, computed: computed, observed: observed)
                var stored = sample
                stored.t = (sample.t * 1_000_000).rounded() / 1_000_000
                written.append(SessionFrame(seq: seq, sample: stored, computed: computed, observed: observed))
            }
            return session(writer, id: "s")
        }
        let stored = try #require(try store.session(id: "s"))
        #expect(stored.samples == count)
        let read = try store.frames(of: stored).readAll()
        #expect(read == written)
        #expect(try store.database.scalarInt("SELECT count(*) FROM timeline WHERE session_id = 's' AND source = 'computed'") == Int64(count))
    }

    @Test("a chunk column edited shorter than its samples is an error that names it, not missing values")
    func damagedChunk() throws {
        let store = try SessionStore(path: directory.path("d.sqlite"))
        try store.importSession { writer in
            for seq in 0..<10 {
                try writer.append(ScrollSample(t: Double(seq) / 60, y: Double(seq) * 7.5), computed: BarState(), observed: nil)
            }
            return session(writer, id: "d")
        }
        try store.database.execute("UPDATE frame_chunks SET y = substr(y, 1, 5)")
        let cursor = try store.frames(of: try #require(try store.session(id: "d")))
        let error = try #require(throws: DatabaseError.self) { try cursor.read(into: FrameColumns()) }
        #expect(error.resultCode == .corrupt)
        #expect(error.message.contains("session 'd', chunk at seq 0 (frame_chunks key 4294967296): column y width"))
    }

    @Test("a cursor that fails mid-session throws the database's error instead of ending early")
    func cursorThrows() throws {
        let store = try SessionStore(path: directory.path("c.sqlite"))
        try store.importSession { writer in
            for seq in 0..<200 {
                try writer.append(ScrollSample(t: Double(seq) / 60, y: Double(seq)), computed: BarState(), observed: nil)
            }
            return session(writer, id: "c")
        }
        let cursor = try store.frames(of: try #require(try store.session(id: "c")))
        let block = FrameColumns()
        #expect(try cursor.read(into: block))
        #expect(block.count == FrameChunkBuilder.capacity)
        store.database.interrupt()
        // The next chunk's read fails.
        var read = 0
        let error = try #require(throws: DatabaseError.self) { while try cursor.read(into: block) { read += 1 } }
        #expect(read == 0)
        #expect(error.resultCode == .interrupt)
    }

    @Test("a rolled-back session leaves nothing behind")
    func rollbackLeavesNothing() throws {
        let store = try SessionStore(path: directory.path("r.sqlite"))
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try store.importSession { writer in
                for seq in 0..<100 { try writer.append(ScrollSample(t: Double(seq), y: 0), computed: BarState(), observed: BarState()) }
                throw Failure()
            }
        }
        for table in ["sessions", "frame_chunks", "timeline", "observed", "events"] {
            #expect(try store.database.scalarInt("SELECT count(*) FROM \(table)") == 0)
        }
    }

    @Test("deleting a session removes its frames, observed states, events and findings")
    func deleteSession() throws {
        let store = try SessionStore(path: directory.path("d.sqlite"))
        for id in ["a", "b"] {
            try store.importSession { writer in
                try writer.append(ScrollEvent(t: 0, target: .content))
                for seq in 0..<70 { try writer.append(ScrollSample(t: Double(seq), y: 1), computed: BarState(), observed: BarState(barHeight: 1)) }
                return session(writer, id: id)
            }
        }
        let a = try #require(try store.session(id: "a"))
        try store.saveAnalysis(of: a, settings: "", hitchTimeRatio: 0, frameJitter: 0, gaps: 0, gapTime: 0, findings: [
            StoredFinding(kind: "hitch", subkind: nil, signal: "frames", source: "computed", severity: "warning",
                          start: 0, end: 1, count: 1, message: "m", detailsJSON: "{}"),
        ])
        try store.deleteSession(key: a.key)
        #expect(try store.session(id: "a") == nil)
        #expect(try store.database.scalarInt("SELECT sum(samples) FROM frame_chunks") == 70)
        #expect(try store.database.scalarInt("SELECT count(*) FROM observed") == 70)
        #expect(try store.database.scalarInt("SELECT count(*) FROM events") == 1)
        #expect(try store.database.scalarInt("SELECT count(*) FROM session_columns") == 1)
        #expect(try store.database.scalarInt("SELECT count(*) FROM findings") == 0)
        #expect(try store.database.scalarInt("PRAGMA foreign_key_check") == nil)
    }

    @Test("saving an analysis again with the same settings replaces its findings")
    func saveAnalysisReplaces() throws {
        let store = try SessionStore(path: directory.path("f.sqlite"))
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
            return session(writer, id: "x")
        }
        let x = try #require(try store.session(id: "x"))
        let finding = StoredFinding(kind: "flapping", subkind: nil, signal: "background", source: "computed",
                                    severity: "warning", start: 0.017, end: 0.067, count: 4, message: "m", detailsJSON: "{}")
        try store.saveAnalysis(of: x, settings: "", hitchTimeRatio: 1, frameJitter: 0, gaps: 0, gapTime: 0, findings: [finding, finding])
        try store.saveAnalysis(of: x, settings: "", hitchTimeRatio: 2, frameJitter: 0, gaps: 0, gapTime: 0, findings: [finding])
        try store.saveAnalysis(of: x, settings: "flapping.window=2", hitchTimeRatio: 3, frameJitter: 0, gaps: 0, gapTime: 0, findings: [])
        #expect(try store.database.scalarInt("SELECT count(*) FROM findings") == 1)
        #expect(try store.database.scalarInt("SELECT count(*) FROM analyses") == 2)
    }

    @Test("a write of analyses gives the connection's page cache size back after it, also after a failed write")
    func writeCacheGivenBack() throws {
        let store = try SessionStore(path: directory.path("cache.sqlite"))
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
            return session(writer, id: "x")
        }
        let x = try #require(try store.session(id: "x"))
        let before = try store.database.scalarInt("PRAGMA cache_size")
        try store.saveAnalysis(of: x, settings: "", hitchTimeRatio: 1, frameJitter: 0, gaps: 0, gapTime: 0, findings: Self.findings(40))
        #expect(try store.database.scalarInt("PRAGMA cache_size") == before)
        #expect(before != Int64(-SessionStore.writeCacheKiB))
        // A size set on the connection stays; a write that fails (a kind the table's CHECK refuses) gives it back too.
        try store.database.execute("PRAGMA cache_size = -1000")
        let refused = StoredFinding(kind: "bogus", subkind: nil, signal: "background", source: "computed", severity: "warning",
                                    start: 0, end: 1, count: 1, message: "m", detailsJSON: "{}")
        #expect(throws: (any Error).self) {
            try store.saveAnalysis(of: x, settings: "", hitchTimeRatio: 1, frameJitter: 0, gaps: 0, gapTime: 0, findings: [refused])
        }
        #expect(try store.database.scalarInt("PRAGMA cache_size") == -1000)
        #expect(try store.database.scalarInt("SELECT count(*) FROM findings") == 40)
    }

    /// `count` findings, each telling its index by its start, count, subkind, message and details.
    static func findings(_ count: Int) -> [StoredFinding] {
        (0..<count).map { index in
            StoredFinding(
                kind: "flapping", subkind: index % 2 == 0 ? nil : "s\(index)", signal: "background", source: "computed",
                severity: "warning", start: Double(index), end: Double(index) + 0.5, count: index, message: "m\(index)",
                detailsJSON: "{\"i\":\(index)}")
        }
    }

    @Test("findings are stored whole and in order, in groups of a statement and one at a time", arguments: [1, 31, 32, 33, 70])
    func manyFindings(count: Int) throws {
        let store = try SessionStore(path: directory.path("many.sqlite"))
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
            return session(writer, id: "x")
        }
        let x = try #require(try store.session(id: "x"))
        try store.saveAnalysis(of: x, settings: "", hitchTimeRatio: 1, frameJitter: 0, gaps: 0, gapTime: 0, findings: Self.findings(count))
        let rows = try store.database.prepare("SELECT start_t, count, subkind, message, details, session_id FROM findings ORDER BY finding_id")
        var index = 0
        while try rows.step() {
            #expect(rows.double(0) == Double(index) && rows.int64(1) == Int64(index))
            #expect(rows.text(2) == (index % 2 == 0 ? nil : "s\(index)"))
            #expect(rows.text(3) == "m\(index)" && rows.text(4) == "{\"i\":\(index)}" && rows.text(5) == "x")
            index += 1
        }
        #expect(index == count)
    }

    @Test("a finding the table's CHECK refuses fails the whole save, inside a group or alone", arguments: [0, 40, 66])
    func refusedFinding(at bad: Int) throws {
        let store = try SessionStore(path: directory.path("refused.sqlite"))
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
            return session(writer, id: "x")
        }
        let x = try #require(try store.session(id: "x"))
        var findings = Self.findings(70)
        findings[bad].kind = "nonsense"
        let error = try #require(throws: DatabaseError.self) {
            try store.saveAnalysis(of: x, settings: "", hitchTimeRatio: 1, frameJitter: 0, gaps: 0, gapTime: 0, findings: findings)
        }
        #expect(error.resultCode == .constraint)
        #expect(try store.database.scalarInt("SELECT count(*) FROM findings") == 0)
        #expect(try store.database.scalarInt("SELECT count(*) FROM analyses") == 0)
    }

    @Test("a sample's recording line comes from sparse breakpoints: one per run of consecutive lines")
    func recordingLines() throws {
        let store = try SessionStore(path: directory.path("lines.sqlite"))
        // Samples on lines 2, 3, 4, then 7, 8 (an event and a blank line between), then 9.
        let lines = [2, 3, 4, 7, 8, 9]
        try store.importSession { writer in
            for (seq, line) in lines.enumerated() {
                writer.lines.note(seq: seq, line: line)
                try writer.append(ScrollSample(t: Double(seq) * 0.1, y: Double(seq)), computed: BarState(), observed: nil)
            }
            return session(writer, id: "lines")
        }
        try store.importSession { bare in
            try bare.append(ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
            return session(bare, id: "no-lines")
        }
        #expect(try store.database.scalarInt("SELECT count(*) FROM sample_lines") == 2)
        let stored = try #require(try store.session(id: "lines"))
        let found = try store.recordingLines(of: stored, at: (0..<6).map { Double($0) * 0.1 } + [0.25, 99])
        #expect(found == lines + [7, 9])
        #expect(try store.recordingLines(of: try #require(try store.session(id: "no-lines")), at: [0]) == [nil])
    }
}
