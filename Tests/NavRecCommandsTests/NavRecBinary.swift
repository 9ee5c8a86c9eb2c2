import Foundation

/// Runs the built `navrec` binary as a user does and captures what it prints.
struct NavRecBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `navrec` built next to the test bundle (`.build/<config>/navrec`), or `$NAVREC_BINARY`.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["NAVREC_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appending(path: "navrec")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/navrec")
    }()

    /// Runs `navrec arguments…` in `directory` with `stdin`; `NAVREC_DB` is cleared unless given.
    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NAVREC_DB"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        // Standard input comes from a file, not a pipe: writing a pipe whose reader exited early
        // (an error before it reads) raises SIGPIPE in the test process and ends every test.
        let input = try stdin.map { try StandardInputFile($0) }
        process.standardInput = input?.handle ?? FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs so a large output cannot block it.
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData = outPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = errPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `navrec arguments…` on a pseudo-terminal through util-linux `script`, which merges
    /// stdout and stderr; `nil` when `script` is not installed.
    static func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let command = ([url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
