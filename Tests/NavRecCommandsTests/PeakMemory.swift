import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `navrec` and reports its own peak resident memory, from `wait4`'s resource usage
/// of that one child: unlike `RUSAGE_CHILDREN`, other processes the tests run at the same time do
/// not count.
enum PeakMemory {
    struct Result {
        var status: Int32
        /// Peak resident set size, bytes.
        var peakBytes: Int
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> Result {
        let out = directory.path("peak-\(UUID().uuidString).out"), err = out + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let path = NavRecBinary.url.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "NAVREC_DB" }.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        let peak = Int(usage.ru_maxrss)  // bytes on macOS
        #endif
        return Result(
            status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), peakBytes: peak,
            stdout: try String(contentsOfFile: out, encoding: .utf8), stderr: try String(contentsOfFile: err, encoding: .utf8))
    }
}
