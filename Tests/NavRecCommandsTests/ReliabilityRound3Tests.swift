import Foundation
import Recording
import Store
import Testing

/// Issue 39, data loss: an output never replaces the database, and a database moved or deleted
/// under a writer makes it fail (exit 74) instead of writing on into a file nobody finds again.
@Suite("reliability round 3: data loss")
struct ReliabilityRound3DataLossTests {
    /// `--output` naming the database, a link to it, its -wal or -shm, or another SQLite database:
    /// exit 73 from every command that writes an output, the database byte for byte unchanged.
    @Test("--output naming the database (or a link, its -wal/-shm, any SQLite file) is refused with exit 73")
    func outputNamingTheDatabase() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.sqlite"), withDestinationPath: db)
        try FileManager.default.copyItem(atPath: db, toPath: directory.path("other.sqlite"))
        let before = try ReliabilityDatabase.digest(db)
        let commands: [[String]] = [
            ["report", "--db", db, "--format", "json"],
            ["export", "--db", db],
            ["tune", "blurHeader.hysteresis", "--values", "0,2", "--db", db],
            ["datasette-metadata", "--db", db],
            ["compare", "--db", db, "--base", "1 = 1", "--head", "1 = 1"],
        ]
        for command in commands {
            for target in [db, directory.path("link.sqlite"), db + "-wal", db + "-shm", directory.path("./d.sqlite"), directory.path("other.sqlite")] {
                let result = try NavRecBinary.run(command + ["--output", target], in: directory.url)
                #expect(result.status == 73, "\(command[0]) --output \(target): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("error: --output"), "\(result.stderr)")
                #expect(!result.stderr.contains("wrote"))
            }
            #expect(try ReliabilityDatabase.digest(db) == before, "\(command[0]) changed the database")
            #expect(try ReliabilityDatabase.integrity(db) == "ok")
        }
        // Relative --db and --output naming the same file, from the directory.
        let relative = try NavRecBinary.run(["report", "--db", "d.sqlite", "--output", "link.sqlite"], in: directory.url)
        #expect(relative.status == 73)
        // Another output is still written.
        #expect(try NavRecBinary.run(["report", "--db", db, "--output", directory.path("r.txt")]).status == 0)
    }

    /// A live import (`navrec import -`) whose database is replaced (`mv copy PATH`, as restoring a
    /// backup) or deleted after its first session was committed: the next commit fails with exit
    /// 74; the file now at PATH is the copy, untouched (the old WAL is not replayed into it), and a
    /// deleted database does not come back from its WAL.
    @Test("a database replaced or deleted under a running import fails it with exit 74, the new file untouched (50 trials)")
    func replacedUnderImport() throws {
        let directory = TemporaryDirectory()
        let demo = directory.path("demo.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", demo]).status == 0)
        let demoDigest = try ReliabilityDatabase.digest(demo)
        func recording(_ id: String) throws -> Data {
            let result = try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--gesture", "fling", "--session-id", id])
            return Data(result.stdout.utf8)
        }
        let first = try recording("first"), second = try recording("second")
        // The first session ends when the second's header arrives.
        let secondHeader = second.prefix(through: second.firstIndex(of: UInt8(ascii: "\n"))!)
        let secondRest = second.suffix(from: secondHeader.endIndex)
        for trial in 0..<50 {
            let db = directory.path("i\(trial).sqlite")
            let replace = trial % 2 == 0
            if replace { try FileManager.default.copyItem(atPath: demo, toPath: directory.path("copy\(trial).sqlite")) }
            let process = Process()
            process.executableURL = NavRecBinary.url
            process.arguments = ["import", "-", "--db", db]
            let input = Pipe()
            process.standardInput = input
            let errURL = directory.url.appending(path: "err\(trial)")
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errURL)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(first)
            input.fileHandleForWriting.write(Data(secondHeader))
            // The first session is committed (by the import's timer) before the file goes.
            let deadline = Date(timeIntervalSinceNow: 20)
            while Date() < deadline, (try? ReliabilityDatabase.sessions(db))?["first"] == nil { usleep(10_000) }
            #expect(try ReliabilityDatabase.sessions(db)["first"] != nil)
            if replace {
                #expect(rename(directory.path("copy\(trial).sqlite"), db) == 0)
            } else {
                #expect(unlink(db) == 0)
            }
            input.fileHandleForWriting.write(Data(secondRest))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            let stderr = try String(contentsOf: errURL, encoding: .utf8)
            #expect(process.terminationStatus == 74, "trial \(trial): \(process.terminationStatus) \(stderr)")
            #expect(stderr.contains("was moved, replaced or deleted while navrec was writing it"), "\(stderr)")
            if replace {
                #expect(try ReliabilityDatabase.integrity(db) == "ok")
                #expect(try ReliabilityDatabase.digest(db) == demoDigest, "trial \(trial): the restored copy was altered")
            } else {
                #expect(!FileManager.default.fileExists(atPath: db))
                guard trial % 10 == 1 else { continue }
                // A new database at the path starts empty: the old WAL is not replayed into it.
                let again = try NavRecBinary.run(["import", "-", "--db", db], stdin: second)
                #expect(again.status == 0, "\(again.stderr)")
                #expect(try ReliabilityDatabase.sessions(db).keys.sorted() == ["second"], "trial \(trial)")
            }
        }
    }

    /// The 64-bit id navrec gave `path`'s first session before SHA-256.
    static func legacyID(_ path: String) throws -> String {
        let reader = try NDJSONReader(path: path, displayName: "r.ndjson")
        while let item = try reader.next() {
            if case .endOfSession(let summary) = item { return try #require(summary.legacyContentID) }
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// Content identity is SHA-256 (item 3): the ids of two recordings differ with any byte. A
    /// database written by a navrec before it holds 64-bit ids: its sessions are still recognized
    /// (same old id, samples and events), and one whose old id a crafted recording matches but
    /// whose samples differ does not make the crafted one "already imported".
    @Test("content ids are SHA-256; sessions stored with the old 64-bit id are recognized, a forged match is stored")
    func contentIdentity() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        let a = directory.path("a.ndjson"), b = directory.path("b.ndjson")
        try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--gesture", "fling"]).stdout.write(toFile: a, atomically: true, encoding: .utf8)
        try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--gesture", "zigzag"]).stdout.write(toFile: b, atomically: true, encoding: .utf8)
        #expect(try NavRecBinary.run(["import", a, "--db", db]).status == 0)
        let stored = try #require(ReliabilityDatabase.sessions(db).keys.first)
        #expect(stored.hasPrefix("auto-") && stored.count == 37)
        // As an older navrec stored it: the 64-bit id as id and content_id.
        let legacyA = try Self.legacyID(a), legacyB = try Self.legacyID(b)
        func rewrite(to legacy: String) throws {
            let database = try Database(path: db)
            try database.execute("UPDATE sessions SET id = '\(legacy)', content_id = '\(legacy)'")
        }
        try rewrite(to: legacyA)
        let again = try NavRecBinary.run(["import", a, "--db", db])
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 sessions stored, 1 already imported (\(legacyA)"), "\(again.stdout)")
        #expect(try ReliabilityDatabase.sessions(db).count == 1)
        // A recording whose old id matches the stored one (a forged collision) but whose samples
        // differ is stored.
        try rewrite(to: legacyB)
        let forged = try NavRecBinary.run(["import", b, "--db", db])
        #expect(forged.status == 0)
        #expect(forged.stdout.contains("1 session stored"), "\(forged.stdout)")
        #expect(try ReliabilityDatabase.sessions(db).count == 2)
    }
}

/// Issue 39: schema objects navrec did not create, and `timeline`'s constraints.
@Suite("reliability round 3: foreign schema objects and timeline filters")
struct ReliabilityRound3SchemaTests {
    /// A trigger added by hand (or one of navrec's replaced): every writer refuses the database
    /// before writing, naming it; readers still read.
    @Test("a database with a trigger navrec did not create is refused by import, report, tune and migrate, naming it; unchanged")
    func foreignTriggers() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let recording = directory.path("r.ndjson")
        try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--gesture", "fling"]).stdout.write(toFile: recording, atomically: true, encoding: .utf8)
        for trigger in [
            "CREATE TRIGGER evil AFTER INSERT ON frame_chunks BEGIN UPDATE frame_chunks SET y = NULL WHERE key = new.key; END",
            "CREATE TRIGGER evil BEFORE INSERT ON analyses BEGIN UPDATE sessions SET app = 'x'; END",
            // navrec's own trigger, replaced by other SQL under its name.
            "DROP TRIGGER sessions_delete; CREATE TRIGGER sessions_delete AFTER DELETE ON sessions BEGIN SELECT 1; END",
        ] {
            let copy = directory.path("copy.sqlite")
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: db, toPath: copy)
            try Database(path: copy).execute(trigger)
            let before = try ReliabilityDatabase.digest(copy)
            for command in [["import", recording], ["report"], ["tune", "blurHeader.hysteresis", "--values", "0,2"], ["migrate"]] {
                let result = try NavRecBinary.run(command + ["--db", copy])
                #expect(result.status == 74, "\(command[0]): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("navrec did not create ("), "\(result.stderr)")
                #expect(try ReliabilityDatabase.digest(copy) == before)
            }
            #expect(try NavRecBinary.run(["sessions", "--db", copy]).status == 0)
        }
    }

    @Test("a table named like navrec's virtual table does not shadow timeline in query")
    func shadowingTable() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let count = try NavRecBinary.run(["query", "SELECT count(*) AS n FROM timeline", "--db", db, "--format", "csv"]).stdout
        try Database(path: db).execute("CREATE TABLE navrec_timeline (x); INSERT INTO navrec_timeline VALUES (1)")
        let shadowed = try NavRecBinary.run(["query", "SELECT count(*) AS n FROM timeline", "--db", db, "--format", "csv"])
        #expect(shadowed.status == 0)
        #expect(shadowed.stdout == count)
    }

    /// `timeline` filtered with `COLLATE NOCASE` (item 10): the rows the plain view gives.
    @Test("timeline with COLLATE NOCASE filters returns the rows the plain view does")
    func collatedFilters() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        for filter in ["session_id = 'DEMO-BLUR-HOVER' COLLATE NOCASE", "source = 'COMPUTED' COLLATE NOCASE",
                       "session_id COLLATE NOCASE = 'Demo-Blur-Hover' AND source = 'computed'", "session_id = 'demo-blur-hover'"] {
            let native = try NavRecBinary.run(["query", "SELECT count(*) AS n FROM timeline WHERE \(filter)", "--db", db, "--format", "csv"])
            let plain = try NavRecBinary.run(["query", "SELECT count(*) AS n FROM main.timeline WHERE \(filter)", "--db", db, "--format", "csv"])
            #expect(native.status == 0 && plain.status == 0)
            #expect(native.stdout == plain.stdout, "\(filter)")
            #expect(native.stdout != "n\r\n0\r\n", "\(filter)")
        }
    }
}

/// Issue 39, crashes: every numeric option with extreme values exits with a code below 128 (no
/// trap, no OOM kill) within a time limit.
@Suite("reliability round 3: extreme option values")
struct ReliabilityRound3OptionTests {
    static let values = ["0", "-1", "4.9e-324", "1e-300", "1e300", "9223372036854775807", "-9223372036854775808", "nan", "inf", "-inf"]

    /// `navrec arguments…` under `timeout 60`: the exit status as a shell reports it (128 + signal).
    static func run(_ arguments: [String], in directory: TemporaryDirectory, stdin: String? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", "60", NavRecBinary.url.path] + arguments
        process.currentDirectoryURL = directory.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let stdin {
            let path = directory.path("stdin-\(UUID().uuidString)")
            try stdin.write(toFile: path, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    @Test("every numeric option and --set key with 0, negative, denormal, huge, Int.max, NaN and inf: no crash, no hang")
    func extremeValues() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        let recording = directory.path("r.ndjson")
        try NavRecBinary.run(["simulate", "--behavior", "largeTitle", "--behavior", "hideOnSwipe", "--gesture", "zigzag"]).stdout
            .write(toFile: recording, atomically: true, encoding: .utf8)
        #expect(try NavRecBinary.run(["import", recording, "--db", db]).status == 0)
        let keys = ["flapping.window", "flapping.minToggles", "flapping.hysteresisStep", "flapping.maxHysteresis",
                    "flapping.swipeDistanceStep", "flapping.maxSwipeDistance", "jitter.window", "jitter.minReversals",
                    "jitter.epsilon", "jitter.fractionEpsilon", "hitch.factor", "hitch.warning", "hitch.error",
                    "title_mismatch.margin", "title_mismatch.tolerance", "title_mismatch.errorAfter",
                    "largeTitle.hysteresis", "hideOnSwipe.swipeDistance"]
        var commands: [(arguments: [String], stdin: String?)] = []
        for value in Self.values {
            commands.append((["report", "--db", db, "--jobs", value], nil))
            commands.append((["query", "SELECT 1", "--db", db, "--timeout", value], nil))
            for values in ["0:\(value):1", "\(value):1:0.5", "0:1:\(value)", "0,\(value)"] {
                commands.append((["tune", "largeTitle.hysteresis", "--db", db, "--values", values], nil))
            }
            for option in ["--reference", "--max-flapping-sessions", "--max-delay", "--noticeable-delay", "--threads"] {
                commands.append((["tune", "largeTitle.hysteresis", "--db", db, "--values", "0,1", option, value], nil))
            }
            for option in ["--duration", "--fps", "--seed", "--touch-noise", "--timestamp-noise", "--duplicates", "--clock-offset", "--scale"] {
                commands.append((["simulate", "--behavior", "largeTitle", option, value], nil))
            }
            commands.append((["simulate", "--behavior", "largeTitle", "--background", "1=\(value)"], nil))
            commands.append((["simulate", "--behavior", "largeTitle", "--param", "largeTitle.hysteresis=\(value)"], nil))
            commands.append((["simulate", "--behavior", "largeTitle", "--observed", "--fault", "droppedFrames=\(value)"], nil))
            for option in ["--confidence", "--min-sessions"] {
                commands.append((["compare", "--db", db, "--base", "1 = 1", "--head", "1 = 1", option, value], nil))
            }
            for key in keys {
                commands.append((["analyze", recording, "--set", "\(key)=\(value)"], nil))
            }
            commands.append((["report", "--db", db, "--set", "flapping.hysteresisStep=\(value)"], nil))
            commands.append((["tune", "largeTitle.hysteresis", "--db", db, "--values", "0,1", "--set", "flapping.maxHysteresis=\(value)"], nil))
        }
        let source = Data("r.ndjson".utf8).base64EncodedString()
        let session = try Data(contentsOf: URL(fileURLWithPath: recording)).base64EncodedString()
        for firstLine in ["9223372036854775807", "9223372036854775000", "4611686018427387904", "0", "-1"] {
            commands.append((["analyze", "--rows"], "k\t\(source)\t\(firstLine)\t\(session)\n"))
        }
        let results = UnsafeMutableBufferPointer<Int32>.allocate(capacity: commands.count)
        defer { results.deallocate() }
        nonisolated(unsafe) let shared = results
        let list = commands
        nonisolated(unsafe) let place = directory
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for index in stride(from: worker, to: list.count, by: 3) {
                shared[index] = (try? Self.run(list[index].arguments, in: place, stdin: list[index].stdin)) ?? -1
            }
        }
        for (index, command) in commands.enumerated() {
            #expect(results[index] >= 0 && results[index] < 128, "exit \(results[index]): navrec \(command.arguments.joined(separator: " "))")
        }
    }

    @Test("--jobs far above the sessions and the cores starts no more threads than both allow")
    func boundedJobs() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let report = try BackgroundNavRec(["report", "--db", db, "--jobs", "100000", "--format", "json"], in: directory.url, label: "report")
        var most = 0
        while report.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(report.process.processIdentifier)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }),
               let count = Int(line.dropFirst(8).trimmingCharacters(in: .whitespaces)) {
                most = max(most, count)
            }
            usleep(1_000)
        }
        #expect(try report.wait().status == 0)
        // 14 sessions, at most 4 per core: a few more for the main thread and the runtime's.
        #expect(most <= min(14, 4 * ProcessInfo.processInfo.activeProcessorCount) + 4, "\(most) threads")
    }
}

/// Issue 39, item 9: a session deleted (or replaced) while `report` runs costs only that session.
@Suite("reliability round 3: sessions vanishing under report")
struct ReliabilityRound3ReportTests {
    @Test("sessions deleted while report runs are skipped with a note; every other analysis is stored (50 trials)")
    func deletedDuringReport() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("m.sqlite")
        var text = ""
        for index in 0..<40 {
            text += try NavRecBinary.run([
                "simulate", "--behavior", "largeTitle", "--gesture", "zigzag", "--duration", "2", "--seed", String(index + 1),
                "--session-id", "m\(index)",
            ]).stdout
        }
        #expect(try NavRecBinary.run(["import", "-", "--db", db], stdin: Data(text.utf8)).status == 0)
        var notes = 0
        for trial in 0..<50 {
            let copy = directory.path("t\(trial).sqlite")
            try FileManager.default.copyItem(atPath: db, toPath: copy)
            let report = try BackgroundNavRec(
                ["report", "--db", copy, "--format", "json", "--jobs", String(trial % 3 + 1)], in: directory.url, label: "r\(trial)")
            // Once the first analyses are stored, the report is under way.
            let database = try Database(path: copy)
            let deadline = Date(timeIntervalSinceNow: 10)
            while report.isRunning, Date() < deadline, (try? database.scalarInt("SELECT count(*) FROM analyses")) ?? 0 == 0 { usleep(1_000) }
            usleep(UInt32.random(in: 0...20_000))
            try database.execute("DELETE FROM sessions WHERE id IN ('m7', 'm21', 'm39')")
            let result = try report.wait()
            #expect(result.status == 0, "trial \(trial): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("navrec: note: session 'm") && $0.hasSuffix("its analysis was not stored") }, "\(result.stderr)")
            notes += lines.count
            let analysed = try database.scalarInt("SELECT count(*) FROM analyses")
            #expect(analysed == 37, "trial \(trial)")
            #expect(try ReliabilityDatabase.integrity(copy) == "ok")
        }
        print("sessions deleted under report: \(notes) notes in 50 trials")
    }
}

/// Issue 39, item 13: only import and demo create databases; query stops by itself.
@Suite("reliability round 3: databases navrec did not make")
struct ReliabilityRound3EmptyDatabaseTests {
    @Test("report, sessions, export and tune on a zero-length --db leave it empty (exit 66)")
    func zeroLength() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("empty.sqlite")
        _ = FileManager.default.createFile(atPath: db, contents: Data())
        for command in [["report"], ["sessions"], ["export"], ["tune", "blurHeader.hysteresis"]] {
            let result = try NavRecBinary.run(command + ["--db", db])
            #expect(result.status == 66, "\(command[0]): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("is an empty file, not a navrec database"), "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)).isEmpty)
        }
        // import creates a database in it.
        let recording = directory.path("r.ndjson")
        try NavRecBinary.run(["simulate", "--behavior", "largeTitle"]).stdout.write(toFile: recording, atomically: true, encoding: .utf8)
        #expect(try NavRecBinary.run(["import", recording, "--db", db]).status == 0)
    }

    @Test("query has a default time limit; --timeout none lifts it")
    func queryDefaultLimit() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        #expect(try NavRecBinary.run(["query", "--help"]).stdout.contains("none for no limit (default: 600)"))
        #expect(try NavRecBinary.run(["query", "SELECT 1", "--db", db, "--timeout", "none"]).status == 0)
        #expect(try NavRecBinary.run(["query", "SELECT 1", "--db", db, "--timeout", "never"]).status == 64)
    }
}
