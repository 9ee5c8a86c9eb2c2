import Foundation
import Testing

/// `navrec import -` fed by a live recording (issue 27, items 2 and 3): a session that has ended
/// is committed within ``ImportBatch/commitInterval`` by a timer, even while the next one is
/// still being read, and a session being read holds no lock, so other imports and reports go on.
@Suite("live imports")
struct ReliabilityLiveImportTests {
    /// `navrec import - --db DATABASE` reading from a pipe the test writes to.
    final class LiveImport {
        let process = Process()
        let input = Pipe()
        let directory: TemporaryDirectory

        init(database: String, in directory: TemporaryDirectory) throws {
            self.directory = directory
            process.executableURL = NavRecBinary.url
            process.arguments = ["import", "-", "--db", database]
            var environment = ProcessInfo.processInfo.environment
            environment["NAVREC_DB"] = nil
            process.environment = environment
            process.currentDirectoryURL = directory.url
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ lines: [String]) {
            input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }

        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Ends the input and waits; the exit status.
        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static func header(_ id: String) -> String {
        #"{"navrec":1,"session":{"id":"\#(id)","fps":60,"behaviors":{"largeTitle":{}}}}"#
    }

    /// Samples `first..<first + count` of a slow scroll at 60 Hz.
    static func samples(_ first: Int, _ count: Int) -> [String] {
        (first..<first + count).map { #"{"t":\#(Double($0) / 60),"y":\#(Double($0 % 200)),"phase":"drag"}"# }
    }

    @Test("sessions that ended before a SIGKILL are kept while the next one is still being read, at random kill moments")
    func killDuringLiveSession() throws {
        let kills = Int(ProcessInfo.processInfo.environment["NAVREC_KILL_TEST"] ?? "") ?? 3
        var random = FuzzRandom(seed: UInt64(ProcessInfo.processInfo.environment["NAVREC_FUZZ_SEED"] ?? "") ?? 2)
        for round in 0..<kills {
            let directory = TemporaryDirectory()
            let database = directory.path("live.sqlite")
            let live = try LiveImport(database: database, in: directory)
            // A few short sessions, each ended by the next one's header; the last one stays open.
            let ended = 1 + random.below(3)
            for index in 0..<ended {
                live.send([Self.header("s\(index)")] + Self.samples(0, 30 + random.below(200)))
            }
            live.send([Self.header("open")] + Self.samples(0, 10))
            // The open session goes on for a random while, well past the commit interval, then the
            // importer is killed at a random point of it.
            let deadline = Date(timeIntervalSinceNow: 1.5 + Double(random.below(1000)) / 1000)
            var next = 10
            while Date() < deadline {
                live.send(Self.samples(next, 3))
                next += 3
                Thread.sleep(forTimeInterval: 0.05)
            }
            live.kill()
            let stored = try ReliabilityDatabase.sessions(database)
            #expect(Set(stored.keys) == Set((0..<ended).map { "s\($0)" }), "round \(round): \(stored)")
            #expect(try ReliabilityDatabase.partialSessions(database).isEmpty)
            #expect(try ReliabilityDatabase.integrity(database) == "ok")
        }
    }

    @Test("a slowly streamed session does not lock out a concurrent import or report")
    func slowStreamDoesNotLock() throws {
        let directory = TemporaryDirectory()
        let database = directory.path("shared.sqlite")
        let other = try directory.write("other.ndjson", [Self.header("other")] + Self.samples(0, 120))
        // A stored session for the report to analyse.
        let first = try NavRecBinary.run(["import", other, "--db", database])
        try #require(first.status == 0, "\(first.stderr)")
        let live = try LiveImport(database: database, in: directory)
        live.send([Self.header("slow")] + Self.samples(0, 5))
        // The stream keeps coming while the others run: a sample every 50 ms on a thread of its own.
        let streaming = DispatchSemaphore(value: 0)
        let stop = StopFlag()
        nonisolated(unsafe) let sender = live
        Thread.detachNewThread {
            var next = 5
            while !stop.isSet {
                sender.send(Self.samples(next, 1))
                next += 1
                Thread.sleep(forTimeInterval: 0.05)
            }
            streaming.signal()
        }
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        let again = try directory.write("again.ndjson", [Self.header("again")] + Self.samples(0, 60))
        // A short busy timeout would be the honest test, but navrec's is 60 s: the clock decides.
        let imported = try NavRecBinary.run(["import", again, "--db", database])
        let report = try NavRecBinary.run(["report", "--db", database, "--format", "json"])
        let elapsed = Date().timeIntervalSince(started)
        stop.set()
        streaming.wait()
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(elapsed < 20, "the import and report waited \(elapsed) s for the live session")
        #expect(live.process.isRunning)
        #expect(live.finish() == 0)
        #expect(try ReliabilityDatabase.sessions(database).keys.sorted() == ["again", "other", "slow"])
    }
}

/// A flag one thread sets and another polls.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
