import BarModel
import Testing
@testable import Store

/// One store compiles its session-storing statements once and reuses them for every session
/// (``SessionWriteStatements``): nothing bound for one session may leak into the next, a session
/// rolled back half-way through a batch must not disturb the next one, and other connections must
/// not be blocked between sessions.
@Suite("Statements reused across sessions")
struct StatementReuseTests {
    let directory = TemporaryDirectory()

    func session(_ writer: SessionWriter, id: String) -> StoredSession {
        StoredSession(
            key: writer.sessionKey, id: id, behaviorNames: ["largeTitle"], parametersJSON: "{}", contentID: "auto-\(id)",
            source: "test", samples: writer.samples, observedSamples: writer.observedSamples, events: writer.events,
            ignoredKeys: 0, duration: writer.duration, importedAt: "2026-11-29T00:00:00Z")
    }

    /// Appends `count` frames; with `observed`, each has an observed state and every sample field.
    func fill(_ writer: SessionWriter, count: Int, observed: Bool, engine: inout BarEngine) throws -> [SessionFrame] {
        var written: [SessionFrame] = []
        for seq in 0..<count {
            let sample = observed
                ? ScrollSample(t: Double(seq) / 60, y: Double(seq) * 1.5, phase: .drag, vy: 3.25, frameDuration: 0.016)
                : ScrollSample(t: Double(seq) / 60, y: Double(seq) * 1.5)
            let computed = engine.step(sample)
            let state: BarState? = observed ? BarState(barHeight: 44, background: .default, subtitleVisible: true) : nil
            try writer.append(sample, computed: computed, observed: state)
            var stored = sample
            stored.t = (sample.t * 1_000_000).rounded() / 1_000_000
            written.append(SessionFrame(seq: seq, sample: stored, computed: computed, observed: state))
        }
        return written
    }

    @Test("a session after a fuller one and after a rolled-back one reads back exactly", arguments: [3, 64, 130])
    func noLeaks(count: Int) throws {
        let store = try SessionStore(path: directory.path("reuse.sqlite"))
        struct Failure: Error {}
        var engine = BarEngine(behaviors: try BehaviorSet([("largeTitle", [])]))
        // A session with every optional field and an observed state on every frame, and events.
        try store.importSession { writer in
            try writer.append(ScrollEvent(t: 0, target: .content))
            _ = try fill(writer, count: count, observed: true, engine: &engine)
            return session(writer, id: "full")
        }
        // One that fails after part of a batch is bound (and, from 64 frames on, stepped).
        #expect(throws: Failure.self) {
            try store.importSession { writer in
                _ = try fill(writer, count: count + 10, observed: true, engine: &engine)
                throw Failure()
            }
        }
        // A bare one: none of the first session's values may show up in its rows.
        engine = BarEngine(behaviors: try BehaviorSet([("largeTitle", [])]))
        var written: [SessionFrame] = []
        try store.importSession { writer in
            written = try fill(writer, count: count, observed: false, engine: &engine)
            return session(writer, id: "bare")
        }
        let bare = try #require(try store.session(id: "bare"))
        #expect(bare.events == 0 && bare.observedSamples == 0 && bare.samples == count)
        #expect(try store.frames(of: bare).readAll() == written)
        #expect(try store.events(sessionKey: bare.key).isEmpty)
        #expect(try store.database.scalarInt(
            "SELECT count(*) FROM timeline WHERE session_id = 'bare' AND (source = 'observed' OR phase IS NOT NULL)") == 0)
        #expect(try store.database.scalarInt(
            "SELECT count(*) FROM frame_chunks WHERE key >> 32 = ? AND frame_duration_us IS NOT NULL", [.int(bare.key)]) == 0)
        #expect(try store.database.scalarInt("SELECT count(*) FROM sessions") == 2)
        #expect(try store.database.scalarInt("SELECT sum(samples) FROM frame_chunks") == Int64(2 * count))
    }

    @Test("between sessions the store holds no write lock: another connection can write")
    func noLockBetweenSessions() throws {
        let path = directory.path("locks.sqlite")
        let store = try SessionStore(path: path)
        var engine = BarEngine(behaviors: try BehaviorSet([("largeTitle", [])]))
        try store.importSession { writer in
            _ = try fill(writer, count: 5, observed: false, engine: &engine)
            return session(writer, id: "first")
        }
        #expect(try store.session(id: "first") != nil)
        #expect(try store.events(sessionKey: 1).isEmpty)
        // A second connection with no busy wait: it fails at once if the first one still holds the
        // write lock (a transaction left open by a reused statement).
        let other = try Database(path: path, busyTimeoutMilliseconds: 0)
        try other.execute("BEGIN IMMEDIATE; DELETE FROM sessions WHERE id = 'first'; COMMIT")
        #expect(try store.session(id: "first") == nil)
        try store.importSession { writer in
            _ = try fill(writer, count: 5, observed: false, engine: &engine)
            return session(writer, id: "second")
        }
        #expect(try other.scalarInt("SELECT count(*) FROM sessions WHERE id = 'second'") == 1)
    }
}
