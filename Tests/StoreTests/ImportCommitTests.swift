import BarModel
import Foundation
import Testing
@testable import Store

/// Imported sessions share commits: each is whole (a savepoint), and the batch's transaction is
/// committed by ``ImportBatch/commit()`` and ``ImportBatch/finish()``, by the first session that
/// ends once it has been open for ``ImportBatch/commitInterval``, or by the batch's timer when that
/// time passes; never by dropping the batch.
@Suite("Imported sessions share commits")
struct ImportCommitTests {
    let directory = TemporaryDirectory()

    /// Imports a two-sample session `id` through ``ImportBatch/beginSession()``, committing it
    /// unless `fail`.
    func importSession(_ batch: ImportBatch, id: String, fail: Bool = false, taking seconds: Double = 0) throws {
        let session = try batch.beginSession()
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

    @Test("a rolled-back session leaves the sessions around it; commit makes them visible")
    func rollbackInside() throws {
        let path = directory.path("a.sqlite")
        let store = try SessionStore(path: path)
        let batch = try store.beginImportBatch()
        let started = ContinuousClock.now
        try importSession(batch, id: "a")
        try importSession(batch, id: "b", fail: true)
        try importSession(batch, id: "c")
        // Read before the clock: the commit timer may commit once the interval has passed.
        let visible = try committed(path)
        if ContinuousClock.now - started < ImportBatch.commitInterval {
            #expect(visible.isEmpty)
        }
        try batch.commit()
        #expect(try committed(path) == ["a", "c"])
        #expect(try store.database.scalarInt("SELECT sum(samples) FROM frame_chunks") == 4)
        try batch.commit()  // nothing open: fine
        try batch.finish()
    }

    @Test("a session that ends once the transaction is older than the interval commits it")
    func commitsOnInterval() throws {
        let path = directory.path("b.sqlite")
        let store = try SessionStore(path: path)
        let batch = try store.beginImportBatch()
        try importSession(batch, id: "a", taking: ImportBatch.commitInterval.seconds + 0.02)
        #expect(try committed(path) == ["a"])
        try batch.finish()
    }

    @Test("with no session ending, the commit timer commits once the interval has passed")
    func commitsOnTimer() throws {
        let path = directory.path("t.sqlite")
        let store = try SessionStore(path: path)
        let batch = try store.beginImportBatch()
        try importSession(batch, id: "a")
        // Nothing else happens on this thread: a live import waiting for its next line.
        Thread.sleep(forTimeInterval: ImportBatch.commitInterval.seconds + 0.15)
        #expect(try committed(path) == ["a"])
        try importSession(batch, id: "b")
        try batch.finish()
        #expect(try committed(path) == ["a", "b"])
    }

    @Test("finish commits the sessions before an error; a batch dropped without finish commits nothing more")
    func finishAndDrop() throws {
        let path = directory.path("f.sqlite")
        let store = try SessionStore(path: path)
        do {
            let batch = try store.beginImportBatch()
            try importSession(batch, id: "a")
            try importSession(batch, id: "b", fail: true)  // the error path: the importer finishes anyway
            try batch.finish()
        }
        #expect(try committed(path) == ["a"])
        do {
            // Inside the interval, so neither the session's end nor the timer has committed.
            let batch = try store.beginImportBatch()
            try importSession(batch, id: "c")
        }
        #expect(try committed(path) == ["a"])
        // The store goes on: the dropped batch's transaction is rolled back, not left open.
        let batch = try store.beginImportBatch()
        try importSession(batch, id: "d")
        try batch.finish()
        #expect(try committed(path) == ["a", "d"])
        #expect(try store.database.scalarInt("SELECT sum(samples) FROM frame_chunks") == 4)
    }

    @Test("importSession commits at once, and a failing one keeps the sessions before it")
    func importSessionCommits() throws {
        let path = directory.path("c.sqlite")
        let store = try SessionStore(path: path)
        let batch = try store.beginImportBatch()
        try importSession(batch, id: "a")
        try batch.finish()
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

/// ``ImportCommitTimer``'s life cycle (issue 39, item 5): `import` once hung in `stop()` waiting for
/// a thread that was gone.
@Suite("Import commit timer life cycle")
struct ImportCommitTimerTests {
    @Test("started and stopped 100,000 times, with and without a pending deadline, none hangs")
    func startStopMany() {
        let started = ContinuousClock.now
        for index in 0..<100_000 {
            let timer = ImportCommitTimer {}
            if index % 3 == 0 { timer.schedule(at: .now) }
            if index % 7 == 0 { timer.schedule(at: .now + .seconds(60)) }
            #expect(timer.stop())
            if index % 5 == 0 { #expect(timer.stop()) }
        }
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test("stop() from inside fire (the last reference dropped there) returns at once; the thread ends")
    func stopFromFire() throws {
        for _ in 0..<200 {
            let box = TimerBox()
            let fired = DispatchSemaphore(value: 0)
            box.timer = ImportCommitTimer { [box] in
                box.timer?.stop()
                fired.signal()
            }
            box.timer?.schedule(at: .now)
            #expect(fired.wait(timeout: .now() + 10) == .success)
            #expect(box.timer?.stop() == true)
            #expect(box.timer?.isRunning == false)
        }
    }
}

private final class TimerBox: @unchecked Sendable {
    var timer: ImportCommitTimer?
}
