import BarModel
import Foundation
import Testing
@testable import Store

/// Imported sessions share commits: each is whole (a savepoint), and the import transaction is
/// committed by ``SessionStore/commitImports()``, by the first session that ends once it has been
/// open for ``SessionStore/importCommitInterval``, or by the store's timer when that time passes.
@Suite("Imported sessions share commits")
struct ImportCommitTests {
    let directory = TemporaryDirectory()

    /// Imports a two-sample session `id` through ``SessionStore/beginImport()``, committing it
    /// unless `fail`.
    func importSession(_ store: SessionStore, id: String, fail: Bool = false, taking seconds: Double = 0) throws {
        let session = try store.beginImport()
        for seq in 0..<2 {
            try session.writer.append(ScrollSample(t: Double(seq), y: 1), computed: BarState(barHeight: 44), observed: nil)
        }
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        if fail {
            session.rollback()
            return
        }
        try session.commit(StoredSession(
            key: session.writer.sessionKey, id: id, behaviorNames: [], parametersJSON: "{}", contentID: "auto-\(id)",
            source: "test", samples: 2, observedSamples: 0, events: 0, ignoredKeys: 0, duration: 1,
            importedAt: "2026-12-01T00:00:00Z"))
    }

    /// Sessions another connection sees (what is committed).
    func committed(_ path: String) throws -> [String] {
        try SessionStore(path: path, readOnly: true).sessions().map(\.id)
    }

    @Test("a rolled-back session leaves the sessions around it; commitImports makes them visible")
    func rollbackInside() throws {
        let path = directory.path("a.sqlite")
        let store = try SessionStore(path: path)
        let started = ContinuousClock.now
        try importSession(store, id: "a")
        try importSession(store, id: "b", fail: true)
        try importSession(store, id: "c")
        // Read before the clock: the commit timer may commit once the interval has passed.
        let visible = try committed(path)
        if ContinuousClock.now - started < SessionStore.importCommitInterval {
            #expect(visible.isEmpty)
        }
        try store.commitImports()
        #expect(try committed(path) == ["a", "c"])
        #expect(try store.database.scalarInt("SELECT sum(samples) FROM frame_chunks") == 4)
        try store.commitImports()  // nothing open: fine
    }

    @Test("a session that ends once the transaction is older than the interval commits it")
    func commitsOnInterval() throws {
        let path = directory.path("b.sqlite")
        let store = try SessionStore(path: path)
        try importSession(store, id: "a", taking: SessionStore.importCommitInterval.seconds + 0.02)
        #expect(try committed(path) == ["a"])
    }

    @Test("with no session ending, the commit timer commits once the interval has passed")
    func commitsOnTimer() throws {
        let path = directory.path("t.sqlite")
        let store = try SessionStore(path: path)
        try importSession(store, id: "a")
        // Nothing else happens on this thread: a live import waiting for its next line.
        Thread.sleep(forTimeInterval: SessionStore.importCommitInterval.seconds + 0.15)
        #expect(try committed(path) == ["a"])
        try importSession(store, id: "b")
        try store.commitImports()
        #expect(try committed(path) == ["a", "b"])
    }

    @Test("importSession commits at once, and a failing one keeps the sessions before it")
    func importSessionCommits() throws {
        let path = directory.path("c.sqlite")
        let store = try SessionStore(path: path)
        try importSession(store, id: "a")
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try store.importSession { _ in throw Failure() }
        }
        #expect(try committed(path) == ["a"])
        try store.importSession { writer in
            try writer.append(ScrollSample(t: 0, y: 0), computed: BarState(), observed: nil)
            return StoredSession(
                key: writer.sessionKey, id: "d", behaviorNames: [], parametersJSON: "{}", contentID: "auto-d", source: "test",
                samples: 1, observedSamples: 0, events: 0, ignoredKeys: 0, duration: 0, importedAt: "2026-12-01T00:00:00Z")
        }
        #expect(try committed(path) == ["a", "d"])
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
