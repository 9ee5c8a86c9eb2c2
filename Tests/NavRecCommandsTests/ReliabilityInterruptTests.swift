import Foundation
import Testing

/// Killing `navrec import` mid-way (SIGKILL, as a crash or power loss would) and stopping it with
/// Ctrl-C (SIGINT): the database stays sound, holds only whole sessions, and importing again
/// completes. `NAVREC_KILL_TEST=N` adds N kills at random moments (default: one kill, one Ctrl-C).
@Suite("Interrupted imports", .serialized)
struct ReliabilityInterruptTests {
    static let sessions = 4

    /// Waits until at least one session is committed (the import is under way), or the process ends.
    func waitForFirstSession(_ db: String, _ process: BackgroundNavRec) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline {
            if FileManager.default.fileExists(atPath: db), (try? ReliabilityDatabase.sessions(db).count) ?? 0 >= 1 { return }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// The checks after an interruption: sound file, whole sessions only, each with all its samples.
    func checkWhole(_ db: String, samples: Int) throws -> Int {
        #expect(try ReliabilityDatabase.integrity(db) == "ok")
        #expect(try ReliabilityDatabase.partialSessions(db) == [])
        let stored = try ReliabilityDatabase.sessions(db)
        for (id, count) in stored where id.hasPrefix("big-") { #expect(count == samples, "\(id) has \(count) of \(samples) samples") }
        return stored.keys.count { $0.hasPrefix("big-") }
    }

    @Test("SIGKILL in the middle of a large import leaves whole sessions only; importing again completes")
    func sigkill() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("navrec.sqlite")
        let recording = try ReliabilityRecordings.make("big.ndjson", sessions: Self.sessions, prefix: "big", seconds: 300, in: directory)
        let process = try BackgroundNavRec(["import", recording.path, "--db", db], in: directory.url, label: "kill")
        try waitForFirstSession(db, process)
        #expect(process.isRunning, "the import ended before it could be killed; make the recording larger")
        process.signal(SIGKILL)
        let killed = try process.wait()
        #expect(killed.status == 128 + SIGKILL)
        let survived = try checkWhole(db, samples: recording.samples)
        #expect(survived >= 1 && survived < Self.sessions, "\(survived) sessions survived")

        let again = try NavRecBinary.run(["import", recording.path, "--db", db])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("\(Self.sessions - survived) sessions stored, \(survived) already imported")
                || again.stdout.contains("\(Self.sessions - survived) session stored, \(survived) already imported"), "\(again.stdout)")
        #expect(try checkWhole(db, samples: recording.samples) == Self.sessions)
    }

    @Test("Ctrl-C stops an import cleanly: a message, exit 130, the session under way rolled back")
    func sigint() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("navrec.sqlite")
        let recording = try ReliabilityRecordings.make("big.ndjson", sessions: Self.sessions, prefix: "big", seconds: 300, in: directory)
        let process = try BackgroundNavRec(["import", recording.path, "--db", db], in: directory.url, label: "int")
        try waitForFirstSession(db, process)
        #expect(process.isRunning, "the import ended before it could be interrupted")
        process.signal(SIGINT)
        let interrupted = try process.wait()
        #expect(interrupted.status == 130, "\(interrupted.stderr)")
        #expect(interrupted.stderr.contains("interrupted; the session being imported was rolled back"), "\(interrupted.stderr)")
        let survived = try checkWhole(db, samples: recording.samples)
        #expect(survived >= 1 && survived < Self.sessions)
        let again = try NavRecBinary.run(["import", recording.path, "--db", db])
        #expect(again.status == 0)
        #expect(try checkWhole(db, samples: recording.samples) == Self.sessions)
    }

    @Test("NAVREC_KILL_TEST=N: N kills at random moments, each followed by the checks",
          .enabled(if: ProcessInfo.processInfo.environment["NAVREC_KILL_TEST"] != nil))
    func manyKills() throws {
        let rounds = ProcessInfo.processInfo.environment["NAVREC_KILL_TEST"].flatMap(Int.init) ?? 10
        let directory = TemporaryDirectory()
        let recording = try ReliabilityRecordings.make("big.ndjson", sessions: Self.sessions, prefix: "big", seconds: 300, in: directory)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<rounds {
            let db = directory.path("kill-\(round).sqlite")
            // Some rounds start from a database that already holds sessions, some from nothing.
            if round.isMultiple(of: 2) { _ = try NavRecBinary.run(["import", directory.write("small.ndjson", [FuzzSeeds.ndjson[0]]), "--db", db]) }
            let process = try BackgroundNavRec(["import", recording.path, "--db", db], in: directory.url, label: "kill-\(round)")
            Thread.sleep(forTimeInterval: Double.random(in: 0...2.5, using: &generator))
            process.signal(SIGKILL)
            _ = try process.wait()
            if FileManager.default.fileExists(atPath: db) {
                _ = try checkWhole(db, samples: recording.samples)
            }
            let again = try NavRecBinary.run(["import", recording.path, "--db", db])
            #expect(again.status == 0, "round \(round): \(again.stderr)")
            #expect(try checkWhole(db, samples: recording.samples) == Self.sessions, "round \(round)")
        }
    }
}
