import Foundation
import Store
import Testing

/// Faults of the environment: each exits with the documented code (74 database, 66 missing input),
/// says what to do, and loses nothing that was stored.
@Suite("Environment faults")
struct ReliabilityEnvironmentTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("navrec.sqlite") }

    /// A database holding one session, and its digest.
    func storedDatabase() throws -> String {
        let path = try directory.write("hover.ndjson", ImportTests.blurHover)
        let result = try NavRecBinary.run(["import", path, "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        return try ReliabilityDatabase.digest(db)
    }

    func importBig() throws -> NavRecBinary.Result {
        let recording = try ReliabilityRecordings.make("big.ndjson", sessions: 1, prefix: "big", seconds: 60, in: directory)
        return try NavRecBinary.run(["import", recording.path, "--db", db])
    }

    @Test("a read-only database file: exit 74, says to make it writable, unchanged")
    func readOnlyFile() throws {
        let before = try storedDatabase()
        // root ignores permission bits, so as root the file is made immutable instead.
        let asRoot = geteuid() == 0
        if asRoot {
            try #require(Process.run("/usr/bin/chattr", ["+i", db]) == 0, "chattr +i failed")
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        }
        defer {
            if asRoot { _ = try? Process.run("/usr/bin/chattr", ["-i", db]) }
        }
        let result = try importBig()
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("read-only: make it writable or choose another --db"), "\(result.stderr)")
        if asRoot { _ = try Process.run("/usr/bin/chattr", ["-i", db]) }
        #expect(try ReliabilityDatabase.digest(db) == before)
        #expect(try ReliabilityDatabase.integrity(db) == "ok")
    }

    @Test("a database in a missing directory: exit 74, names the missing directory; nothing created")
    func missingDirectory() throws {
        let path = directory.path("no/such/dir/navrec.sqlite")
        let recording = try directory.write("hover.ndjson", ImportTests.blurHover)
        let result = try NavRecBinary.run(["import", recording, "--db", path])
        #expect(result.status == 74)
        #expect(result.stderr.contains("its directory \(directory.path("no/such/dir")): No such file or directory (create it or choose another --db)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("no")))
    }

    @Test("a missing input file: exit 66 before the database is created")
    func missingInput() throws {
        let result = try NavRecBinary.run(["import", directory.path("absent.ndjson"), "--db", db])
        #expect(result.status == 66)
        #expect(result.stderr.contains("absent.ndjson: no such file"))
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test("a full disk: exit 74, says the disk is full and nothing of the session was stored; earlier sessions intact")
    func diskFull() throws {
        let before = try storedDatabase()
        let size = try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int ?? 0
        let recording = try ReliabilityRecordings.make("big.ndjson", sessions: 1, prefix: "big", seconds: 300, in: directory)
        // A 1 MB tmpfs (as root, where mounting works) really fills up: SQLITE_FULL. Elsewhere a
        // file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored) makes writes fail: SQLITE_IOERR_WRITE.
        let mount = directory.path("tiny")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let mounted = geteuid() == 0 && (try? Process.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount])) == 0
        defer { if mounted { _ = try? Process.run("/bin/umount", [mount]) } }
        var target = db
        if mounted {
            target = mount + "/navrec.sqlite"
            try FileManager.default.copyItem(atPath: db, toPath: target)
        }
        let limitBlocks = (size + 256 * 1024) / 512
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", (mounted ? "" : "ulimit -f \(limitBlocks); trap '' XFSZ; ") + "exec \"$0\" import \"$1\" --db \"$2\"",
                           NavRecBinary.url.path, recording.path, target]
        let errPipe = Pipe()
        shell.standardError = errPipe
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 74, "\(stderr)")
        if mounted {
            #expect(stderr.contains("is full (the session being imported was rolled back, earlier ones are stored): free space and run again"), "\(stderr)")
        } else {
            #expect(stderr.contains("check free space, file-size limits and the disk, then run again"), "\(stderr)")
        }
        #expect(try ReliabilityDatabase.integrity(target) == "ok")
        #expect(try ReliabilityDatabase.digest(target) == before)
        #expect(try ReliabilityDatabase.partialSessions(target) == [])
        // With space again, the same import completes.
        let again = try NavRecBinary.run(["import", recording.path, "--db", db])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try ReliabilityDatabase.partialSessions(db) == [])
    }

    @Test("a file that is not a SQLite database: exit 74, says so, the file is untouched")
    func notADatabase() throws {
        let text = String(repeating: "my notes, not a database\n", count: 200)
        try text.write(toFile: db, atomically: true, encoding: .utf8)
        let recording = try directory.write("hover.ndjson", ImportTests.blurHover)
        for arguments in [["import", recording], ["sessions"], ["report"], ["query", "select 1"]] {
            let result = try NavRecBinary.run(arguments + ["--db", db])
            #expect(result.status == 74, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("is not a SQLite database (choose another --db)"), "\(arguments[0]): \(result.stderr)")
        }
        #expect(try String(contentsOfFile: db, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == ["hover.ndjson", "navrec.sqlite"])
    }

    @Test("a database from a newer navrec: exit 74, says to upgrade, unchanged")
    func newerDatabase() throws {
        _ = try storedDatabase()
        do {
            let database = try Database(path: db)
            try database.execute("INSERT INTO navrec_migrations VALUES (999, '0999_future.sql', 'x', '2030-01-01T00:00:00Z')")
        }
        let before = try ReliabilityDatabase.digest(db)
        for arguments in [["import", try directory.write("other.ndjson", [FuzzSeeds.ndjson[2]])], ["sessions"], ["report"]] {
            let result = try NavRecBinary.run(arguments + ["--db", db])
            #expect(result.status == 74, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("schema version 999, written by a newer navrec"), "\(result.stderr)")
            #expect(result.stderr.contains("upgrade navrec, or use another --db"))
        }
        #expect(try ReliabilityDatabase.digest(db) == before)
    }
}

extension Process {
    /// Runs a tool to the end; its exit status.
    static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: path), arguments: arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
