import Foundation

/// Runs the built `navrec` and reports its own peak resident memory. The child is started by a
/// small Python process (`os.posix_spawn`, then `os.wait4`), not by the test process: Linux keeps
/// the high-water mark of the memory a process had before `exec` (`exec_mmap`), and a child spawned
/// straight from the test process, which shares its memory until `exec`, reports the test
/// process's peak (hundreds of MB) whatever navrec used — every comparison then passed.
enum PeakMemory {
    struct Result {
        var status: Int32
        /// Peak resident set size, bytes.
        var peakBytes: Int
        var stdout: String
        var stderr: String
    }

    /// Spawns argv[4…] with standard input /dev/null and output to argv[2] and argv[3], waits for
    /// it, and writes its exit code (128 + N for signal N) and peak memory in KiB to argv[1].
    private static let spawner = """
        import os, sys
        result, out, err, argv = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
        actions = [(os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
                   (os.POSIX_SPAWN_OPEN, 1, out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
                   (os.POSIX_SPAWN_OPEN, 2, err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)]
        environment = {key: value for key, value in os.environ.items() if key != "NAVREC_DB"}
        pid = os.posix_spawn(argv[0], argv, environment, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        with open(result, "w") as file:
            file.write(f"{code if code >= 0 else 128 - code} {usage.ru_maxrss}")
        """

    static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> Result {
        let out = directory.path("peak-\(UUID().uuidString).out"), err = out + ".err", result = out + ".result"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", spawner, result, out, err, NavRecBinary.url.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let fields = try? String(contentsOfFile: result, encoding: .utf8).split(separator: " "),
              fields.count == 2, let status = Int32(fields[0]), let kilobytes = Int(fields[1]) else {
            throw POSIXError(.EIO)
        }
        return Result(
            status: status, peakBytes: kilobytes * 1024,
            stdout: try String(contentsOfFile: out, encoding: .utf8), stderr: try String(contentsOfFile: err, encoding: .utf8))
    }
}
