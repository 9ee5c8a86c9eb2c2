import Foundation
import Store
import TextTools

/// Looks into a navrec database from the test process, read-only, the way a user's `sqlite3` would.
enum ReliabilityDatabase {
    /// SHA-256 over every row of every table (schema included), in a fixed order: equal digests
    /// mean equal contents, whatever the file's page layout.
    static func digest(_ path: String) throws -> String {
        let database = try Database(path: path, mode: .readOnly)
        var text = ""
        let tables = try database.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        var names: [String] = []
        while try tables.step() {
            names.append(tables.text(0) ?? "")
            text += (tables.text(1) ?? "") + "\n"
        }
        for name in names {
            let columns = try database.prepare("SELECT * FROM \"\(name)\" LIMIT 0").columnCount
            let rows = try database.prepare("SELECT * FROM \"\(name)\" ORDER BY " + (1...columns).map(String.init).joined(separator: ","))
            while try rows.step() {
                text += name + ":" + (0..<Int32(columns)).map { "\(rows.value($0))" }.joined(separator: "|") + "\n"
            }
        }
        return SHA256.hex(Array(text.utf8))
    }

    /// `PRAGMA integrity_check`'s answer ("ok" for a sound file).
    static func integrity(_ path: String) throws -> String {
        let database = try Database(path: path, mode: .readOnly)
        let statement = try database.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(0) ?? "") }
        return lines.joined(separator: "\n")
    }

    /// Sessions whose stored frames do not match their `samples` count, and frames of no session:
    /// anything here is a partially stored session.
    static func partialSessions(_ path: String) throws -> [String] {
        let database = try Database(path: path, mode: .readOnly)
        var problems: [String] = []
        let statement = try database.prepare("""
            SELECT id, samples, (SELECT coalesce(sum(samples), 0) FROM frame_chunks WHERE key >= s.session_key << 32 AND key < (s.session_key + 1) << 32)
            FROM sessions AS s
            """)
        while try statement.step() {
            guard statement.int64(1) != statement.int64(2) else { continue }
            problems.append("\(statement.text(0) ?? "?"): samples \(statement.int64(1)), frames \(statement.int64(2))")
        }
        let orphans = try database.scalarInt("SELECT coalesce(sum(samples), 0) FROM frame_chunks WHERE key >> 32 NOT IN (SELECT session_key FROM sessions)") ?? 0
        if orphans > 0 { problems.append("\(orphans) frames of no session") }
        return problems
    }

    /// Stored sessions: id → samples.
    static func sessions(_ path: String) throws -> [String: Int] {
        let database = try Database(path: path, mode: .readOnly)
        let statement = try database.prepare("SELECT id, samples FROM sessions")
        var result: [String: Int] = [:]
        while try statement.step() { result[statement.text(0) ?? ""] = Int(statement.int64(1)) }
        return result
    }

    /// The digest of no bytes.
    static let emptyDigest = SHA256.hex([UInt8]())

    /// Every file in `directory` with a digest of its bytes (to prove nothing was written or created).
    static func files(in directory: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let data = try Data(contentsOf: directory.appending(path: name))
            result[name] = SHA256.hex(Array(data))
        }
        return result
    }
}

/// A `navrec` process running in the background, its output going to files (no pipe can fill up).
final class BackgroundNavRec {
    let process = Process()
    private let outURL: URL
    private let errURL: URL

    init(_ arguments: [String], in directory: URL, label: String) throws {
        outURL = directory.appending(path: "\(label).stdout")
        errURL = directory.appending(path: "\(label).stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = NavRecBinary.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NAVREC_DB"] = nil
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the end; the exit status (or 128 + signal, as a shell reports it) and the output.
    func wait() throws -> NavRecBinary.Result {
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return NavRecBinary.Result(status: status, stdout: try String(contentsOf: outURL, encoding: .utf8),
                                   stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}

/// Large recordings made with `navrec simulate`, several sessions with distinct ids.
enum ReliabilityRecordings {
    /// Writes `count` sessions (ids `PREFIX-0`…) of a 120 Hz zigzag lasting `seconds` into `name`;
    /// returns the path and the samples per session.
    static func make(_ name: String, sessions count: Int, prefix: String, seconds: Int, in directory: TemporaryDirectory) throws -> (path: String, samples: Int) {
        let simulated = try NavRecBinary.run([
            "simulate", "--behavior", "largeTitle", "--behavior", "avatar", "--gesture", "zigzag", "--fps", "120",
            "--duration", String(seconds), "--session-id", "TEMPLATE", "--observed",
        ])
        guard simulated.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: simulated.stderr]) }
        let lines = simulated.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        var text = ""
        for index in 0..<count {
            text += simulated.stdout.replacingOccurrences(of: "\"TEMPLATE\"", with: "\"\(prefix)-\(index)\"")
        }
        let path = directory.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, lines.count - 1)
    }
}
