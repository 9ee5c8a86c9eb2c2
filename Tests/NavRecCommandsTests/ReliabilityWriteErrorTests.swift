import Foundation
import Testing

/// A failed write is never ignored (issue 27, item 4): a full disk or a closed standard output is
/// exit 74 with the output's name and the reason; a reader that goes away (`| head`) ends navrec
/// silently with 141, as it does any Unix tool.
@Suite("write errors")
struct ReliabilityWriteErrorTests {
    /// Runs `script` in bash with `$NAVREC` set to the built binary, in `directory`.
    static func shell(_ script: String, in directory: TemporaryDirectory) throws -> NavRecBinary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["NAVREC_DB"] = nil
        environment["NAVREC"] = NavRecBinary.url.path
        process.environment = environment
        process.currentDirectoryURL = directory.url
        let out = directory.url.appending(path: "shell.stdout"), err = directory.url.appending(path: "shell.stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return NavRecBinary.Result(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// A database with one session, its recording beside it.
    static func prepare(_ directory: TemporaryDirectory) throws {
        let made = try shell("""
            "$NAVREC" simulate --behavior largeTitle --gesture zigzag --duration 2 --session-id w1 --output w1.ndjson \
              && "$NAVREC" import w1.ndjson --db w.sqlite
            """, in: directory)
        try #require(made.status == 0, "\(made.stderr)")
    }

    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    static let fullDisk: [(command: String, says: String)] = [
        ("export --db w.sqlite --output /dev/full", "error: cannot write /dev/full: No space left on device"),
        ("simulate --behavior largeTitle --gesture zigzag --output /dev/full", "error: cannot write /dev/full: No space left on device"),
        ("simulate --behavior largeTitle --gesture zigzag > /dev/full", "error: cannot write standard output: No space left on device"),
        ("sessions --db w.sqlite > /dev/full", "error: cannot write standard output: No space left on device"),
        ("query 'SELECT * FROM timeline' --db w.sqlite > /dev/full", "error: cannot write standard output: No space left on device"),
        ("analyze w1.ndjson > /dev/full", "error: cannot write standard output: No space left on device"),
        ("report --db w.sqlite --format html > /dev/full", "error: cannot write standard output: No space left on device"),
        ("report --db w.sqlite >&-", "error: cannot write standard output: Bad file descriptor"),
        ("sessions --db w.sqlite >&-", "error: cannot write standard output: Bad file descriptor"),
    ]

    @Test("a full disk or a closed stdout is exit 74 naming the output and the reason", .enabled(if: hasDevFull),
          arguments: 0..<fullDisk.count)
    func failedWrite(_ index: Int) throws {
        let (command, says) = Self.fullDisk[index]
        let directory = TemporaryDirectory()
        try Self.prepare(directory)
        let result = try Self.shell("\"$NAVREC\" \(command)", in: directory)
        #expect(result.status == 74, "\(command): \(result.stderr)")
        #expect(result.stderr.contains(says), "\(command): \(result.stderr)")
        #expect(!result.stderr.contains("wrote "), "\(command): \(result.stderr)")
    }

    @Test("a command that writes nothing to a closed stdout succeeds, and its --output file is written")
    func closedButUnused() throws {
        let directory = TemporaryDirectory()
        try Self.prepare(directory)
        let result = try Self.shell("\"$NAVREC\" report --db w.sqlite --output r.txt >&-", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: directory.path("r.txt"), encoding: .utf8).contains("1 session"))
    }

    @Test("a broken pipe ends navrec silently with 141, also when the parent ignores SIGPIPE", arguments: [false, true])
    func brokenPipe(_ ignoring: Bool) throws {
        let directory = TemporaryDirectory()
        try Self.prepare(directory)
        let trap = ignoring ? "trap '' PIPE; " : ""
        let result = try Self.shell("""
            \(trap)"$NAVREC" simulate --behavior largeTitle --gesture zigzag --duration 600 2> err.txt | head -1 > /dev/null
            echo "status ${PIPESTATUS[0]}"; cat err.txt
            """, in: directory)
        #expect(result.stdout == "status 141\n", "\(result.stdout) \(result.stderr)")
    }
}
