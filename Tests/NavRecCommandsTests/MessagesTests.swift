import Foundation
import Store
import Testing

/// Messages that say what happened (issue 27 item 9): Ctrl-C and a full disk name the work they
/// interrupted, a damaged `parameters` row names its session, SQL that starts with a comment is SQL.
@Suite("messages that say what happened, end to end")
struct MessagesTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("messages.sqlite") }

    func importHover() throws {
        let imported = try NavRecBinary.run(["import", try directory.write("h.ndjson", ReportTests.hoverExample), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test("SQL that starts with a -- comment is the query, not an option")
    func commentedSQL() throws {
        try importHover()
        let result = try NavRecBinary.run(["query", "-- which sessions\nselect id from sessions where samples = 5", "--db", db, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "id\r\nhover-84\r\n")
        // A real option right after it still counts.
        let json = try NavRecBinary.run(["query", "--format=json", "-- ids\nselect id from sessions", "--db", db])
        #expect(json.stdout == "[\n  {\"id\": \"hover-84\"}\n]\n", "\(json.stderr)")
    }

    @Test("a garbled parameters value names its session and exits 74 (a damaged database), in report and tune")
    func garbledParameters() throws {
        try importHover()
        // navrec query is read-only: damage the row the way a hand edit in sqlite3 would.
        try Database(path: db, mode: .readWrite).execute("UPDATE sessions SET parameters = '{\"blurHeader\": {' WHERE id = 'hover-84'")
        let expected = "error: session 'hover-84' in \(db) is damaged: its parameters (sessions.parameters) cannot be read, not the JSON object navrec writes; import its recording (\(directory.path("h.ndjson"))) again with --replace\n"
        let report = try NavRecBinary.run(["report", "--db", db])
        #expect(report.status == 74)
        #expect(report.stderr == expected)
        let tune = try NavRecBinary.run(["tune", "blurHeader.hysteresis", "--values", "0:2:1", "--db", db])
        #expect(tune.status == 74)
        #expect(tune.stderr == expected)
    }

    @Test("Ctrl-C during a report says the report is incomplete, not that an import was rolled back")
    func interruptedReport() throws {
        // Enough sessions that the report is still running well after its first analyses are
        // committed (every 100 ms): six were done before the signal once the main pass got faster.
        let recording = try ReliabilityRecordings.make("big.ndjson", sessions: 48, prefix: "big", seconds: 120, in: directory)
        #expect(try NavRecBinary.run(["import", recording.path, "--db", db]).status == 0)
        let process = try BackgroundNavRec(["report", "--db", db, "--jobs", "1"], in: directory.url, label: "report")
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline {
            if (try? Database(path: db, mode: .readOnly).scalarInt("SELECT count(*) FROM analyses")) ?? 0 >= 1 { break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(process.isRunning, "the report ended before it could be interrupted")
        process.signal(SIGINT)
        let interrupted = try process.wait()
        #expect(interrupted.status == 130, "\(interrupted.stderr)")
        #expect(interrupted.stderr.hasSuffix("navrec: interrupted; the report is incomplete; findings of the sessions analysed before are stored\n"), "\(interrupted.stderr)")
        #expect(!interrupted.stderr.contains("imported"))
    }

    @Test("a full disk during a report says the report is incomplete (a 1 MB tmpfs, as root)",
          .enabled(if: geteuid() == 0))
    func fullDiskReport() throws {
        let mount = directory.path("tiny")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        guard (try? Process.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount])) == 0 else { return }
        defer { _ = try? Process.run("/bin/umount", [mount]) }
        let target = mount + "/navrec.sqlite"
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", ReportTests.hoverExample), "--db", target]).status == 0)
        // A reader leaves the WAL index (-shm) in place, so opening needs no new space: the write
        // of the findings is what meets the full disk.
        #expect(try NavRecBinary.run(["sessions", "--db", target]).status == 0)
        // Fill what is left of the disk.
        let filler = FileHandle(forWritingAtPath: mount + "/filler") ?? {
            _ = FileManager.default.createFile(atPath: mount + "/filler", contents: nil)
            return FileHandle(forWritingAtPath: mount + "/filler")!
        }()
        let block = Data(count: 4096)
        while (try? filler.write(contentsOf: block)) != nil {}
        try? filler.close()
        let report = try NavRecBinary.run(["report", "--db", target])
        #expect(report.status == 74, "\(report.stderr)")
        #expect(report.stderr.hasPrefix("error: the disk holding \(target) is full (the report is incomplete; findings of the sessions analysed before are stored): free space and run again"), "\(report.stderr)")
    }
}
