import Foundation
import Store
import Testing

/// Issue 39 item 12: `sessions` and `query` read a database in a directory they may not write.
@Suite("reliability round 3: a database in a read-only directory")
struct ReliabilityRound3ReadOnlyDirectoryTests {
    /// Runs navrec as an unprivileged user: root writes any directory whatever its mode, so as
    /// root (CI) the binary is started through util-linux `setpriv` as `nobody`; nil when neither
    /// works here.
    private func runUnprivileged(_ arguments: [String]) throws -> NavRecBinary.Result? {
        guard getuid() == 0 else { return try NavRecBinary.run(arguments) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", NavRecBinary.url.path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return NavRecBinary.Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }

    @Test("sessions and query read it (no -wal: immutable open); a -wal holding commits is named, not skipped")
    func readOnlyDirectory() throws {
        let parent = TemporaryDirectory()
        let source = parent.path("d.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", source]).status == 0)
        let expected = try NavRecBinary.run(["sessions", "--db", source]).stdout
        let expectedCount = try NavRecBinary.run(["query", "--db", source, "select count(*) from timeline"]).stdout
        let shared = parent.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: source, toPath: shared + "/d.sqlite")

        // A second database whose -wal holds a commit the file lacks (no checkpoint, no -shm).
        let pending = shared + "/p.sqlite"
        try FileManager.default.copyItem(atPath: source, toPath: parent.path("p.sqlite"))
        do {
            let writer = try Database(path: parent.path("p.sqlite"))
            try writer.execute("PRAGMA wal_autocheckpoint = 0")
            try writer.execute("UPDATE sessions SET app = 'changed'")
            try FileManager.default.copyItem(atPath: parent.path("p.sqlite"), toPath: pending)
            try FileManager.default.copyItem(atPath: parent.path("p.sqlite") + "-wal", toPath: pending + "-wal")
        }
        // Readable by the unprivileged user: the directories searchable, the files readable.
        chmod(parent.url.path, 0o755)
        for file in [shared + "/d.sqlite", pending, pending + "-wal"] { chmod(file, 0o644) }
        chmod(shared, 0o555)
        defer { chmod(shared, 0o755) }
        let before = try FileManager.default.contentsOfDirectory(atPath: shared).sorted()

        guard let sessions = try runUnprivileged(["sessions", "--db", shared + "/d.sqlite"]) else { return }
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(sessions.stdout == expected)
        let query = try #require(try runUnprivileged(["query", "--db", shared + "/d.sqlite", "select count(*) from timeline"]))
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout == expectedCount)

        let refused = try #require(try runUnprivileged(["sessions", "--db", pending]))
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("write-ahead log (\(pending)-wal"), "\(refused.stderr)")
        #expect(!refused.stdout.contains("Mail"), "the file was read without its WAL")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == before)
    }
}
