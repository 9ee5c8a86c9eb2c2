import Foundation

/// Runs one of `Integrations/`'s Python checks (real consumers of navrec's formats: junitparser,
/// sarif-tools, Datasette) on a file.
///
/// `swift test` skips a check whose Python package is not installed (`nil`); `.ci/run` installs
/// them and runs every check for real.
enum PythonValidator {
    static let integrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Integrations")

    /// Whether `python3` can import `module`.
    static func available(_ module: String) -> Bool {
        (try? run(["-c", "import \(module)"]).status) == 0
    }

    /// `python3 Integrations/SCRIPT arguments…`, or `nil` when `module` cannot be imported
    /// (several modules: `"junitparser, lxml"`, as an import statement lists them).
    static func check(_ script: String, _ arguments: [String], needs module: String) throws -> NavRecBinary.Result? {
        guard available(module) else { return nil }
        return try run([integrations.appending(path: script).path] + arguments)
    }

    private static func run(_ arguments: [String]) throws -> NavRecBinary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData = outPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = errPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        process.waitUntilExit()
        group.wait()
        return NavRecBinary.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                   stderr: String(decoding: errData, as: UTF8.self))
    }
}
