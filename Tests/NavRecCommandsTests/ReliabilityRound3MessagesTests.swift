import Foundation
import Store
import Testing

/// Issue 39 item 17: messages that give the true reason, a terminal-safe "wrote", no temporary
/// left by a signal, and a `--timeout` that also stops one long SQL function call.
@Suite("reliability round 3: messages")
struct ReliabilityRound3MessagesTests {
    @Test("\"wrote PATH\" escapes control characters in the path")
    func wroteEscapesThePath() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let name = "r\u{1B}]0;owned\u{07}.txt"
        for command in [["report", "--db", db], ["export", "--db", db], ["tune", "blurHeader.hysteresis", "--values", "0,2", "--db", db]] {
            let result = try NavRecBinary.run(command + ["--output", directory.path(name)])
            #expect(result.status == 0, "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("wrote \(directory.path("r\\x1B]0;owned\\x07.txt"))"), "\(command[0]): \(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"), "\(command[0]) printed a raw ESC")
        }
    }

    @Test("a file name too long, a missing directory and a write version of 3 are named as such")
    func trueReasons() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let long = directory.path(String(repeating: "x", count: 300) + ".sqlite")
        for command in [["import", "/dev/null"], ["report"], ["sessions"], ["query", "select 1"]] {
            let result = try NavRecBinary.run(command + ["--db", long])
            #expect(result.status != 0)
            #expect(result.stderr.contains("File name too long"), "\(command[0]): \(result.stderr)")
            #expect(!result.stderr.contains("directory exists") && !result.stderr.contains("no database at"), "\(command[0]): \(result.stderr)")
        }
        let missing = try NavRecBinary.run(["import", "/dev/null", "--db", directory.path("none/d.sqlite")])
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("its directory \(directory.path("none")): No such file or directory"), "\(missing.stderr)")

        // Header byte 18 (file format write version) 3: SQLite only reads such a file.
        let version3 = directory.path("v3.sqlite")
        try FileManager.default.copyItem(atPath: db, toPath: version3)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: version3))
        try handle.seek(toOffset: 18)
        try handle.write(contentsOf: Data([3]))
        try handle.close()
        for command in [["report"], ["tune", "blurHeader.hysteresis", "--values", "0,2"]] {
            let result = try NavRecBinary.run(command + ["--db", version3])
            #expect(result.status == 74)
            #expect(result.stderr.contains("file format write version 3"), "\(command[0]): \(result.stderr)")
            #expect(!result.stderr.contains("make it writable"), "\(command[0]): \(result.stderr)")
        }
    }

    @Test("a deleted migration ledger row is named as an inconsistent ledger, the database unchanged")
    func deletedLedgerRow() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let newest = try #require(try Database(path: db, mode: .readOnly).scalarInt("SELECT max(version) FROM navrec_migrations"))
        for version in [15, Int(newest)] {
            let copy = directory.path("l\(version).sqlite")
            try FileManager.default.copyItem(atPath: db, toPath: copy)
            try Database(path: copy).execute("DELETE FROM navrec_migrations WHERE version = \(version)")
            let before = try ReliabilityDatabase.digest(copy)
            for command in [["import", "/dev/null"], ["report"], ["migrate"], ["sessions"], ["query", "select 1"]] {
                let result = try NavRecBinary.run(command + ["--db", copy])
                #expect(result.status == 74, "\(command[0]) on ledger without \(version): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("the migration ledger is inconsistent: navrec_migrations has no row for migration \(version)"), "\(command[0]): \(result.stderr)")
                #expect(!result.stderr.contains("duplicate column"), "\(result.stderr)")
            }
            #expect(try ReliabilityDatabase.digest(copy) == before)
        }
    }

    @Test("SIGTERM, SIGHUP and SIGINT remove --output's temporary file")
    func signalRemovesTheTemporary() throws {
        let directory = TemporaryDirectory()
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            let process = Process()
            process.executableURL = NavRecBinary.url
            process.arguments = ["simulate", "--behavior", "blurHeader", "--duration", "3000", "--output", directory.path("s.ndjson")]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date(timeIntervalSinceNow: 30)
            func temporaries() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".navrec-") }
            }
            while Date() < deadline, try temporaries().isEmpty, process.isRunning { usleep(10_000) }
            #expect(try temporaries().count == 1, "no temporary appeared")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal, "signal \(signal): \(process.terminationStatus)")
            let left = try temporaries()
            #expect(left.isEmpty, "signal \(signal) left \(left)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("s.ndjson")))
        }
    }

    @Test("--timeout stops one long SQL function call (exit 65)")
    func timeoutStopsOneFunctionCall() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        // One call of instr: 100 MB haystack, a 20,000-byte needle that never matches (minutes).
        let sql = "select instr(printf('%.*c', 99000000, 'a'), printf('%.*c', 20000, 'a') || 'b')"
        let start = Date()
        let result = try NavRecBinary.run(["query", "--db", db, "--timeout", "0.5", sql])
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 65, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("the query ran longer than --timeout 0.5 s and was stopped"), "\(result.stderr)")
        #expect(seconds < 15, "took \(seconds) s")
    }
}
