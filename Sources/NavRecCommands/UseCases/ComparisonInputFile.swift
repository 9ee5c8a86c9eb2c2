internal import Comparison
internal import Foundation
internal import Store

/// Reads one side of `navrec compare` from an `analyze` JSON-lines file: each session line becomes
/// a ``ComparisonRow``, read a buffer at a time so memory stays flat in the file's length. Lines
/// of sessions that failed (`error` set) are skipped.
struct ComparisonInputFile {
    let path: String
    /// The JSON keys of the compared metrics, in the rows' value order.
    let keys: [String]

    /// Whether `path` starts like a SQLite database.
    static func isDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 16)) ?? Data()
        return magic == Data("SQLite format 3\0".utf8)
    }

    func read(each: (ComparisonRow) throws -> Void) throws {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw UseCaseError(.missingInput, "\(path): no such file (give a database or a `navrec analyze` JSON-lines file)")
        }
        var pending = Data()
        var lineNumber = 0
        func take(_ line: Data) throws {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
                throw UseCaseError(.invalidInput, "not a JSON object (expected a `navrec analyze` line)", at: "\(path):\(lineNumber):1")
            }
            if let error = object["error"], !(error is NSNull) { return }
            guard keys.allSatisfy({ object[$0] != nil }) else {
                let missing = keys.filter { object[$0] == nil }
                throw UseCaseError(
                    .invalidInput,
                    "the line has no \(missing.joined(separator: ", ")): written by a navrec analyze older than "
                        + "`navrec compare`? Analyze the recordings again",
                    at: "\(path):\(lineNumber):1")
            }
            let behaviors = (object["behaviors"] as? [String] ?? []).joined(separator: ",")
            try each(ComparisonRow(
                app: object["app"] as? String, screen: object["screen"] as? String, device: object["device"] as? String,
                os: object["os"] as? String, behaviors: behaviors, appVersion: object["appVersion"] as? String,
                build: object["build"] as? String, analysed: true,
                values: keys.map { (object[$0] as? NSNumber)?.doubleValue }))
        }
        while true {
            let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            pending.append(chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                try take(pending[start..<newline])
                start = pending.index(after: newline)
            }
            pending = Data(pending[start...])
        }
        if !pending.isEmpty { try take(pending) }
        if path != "-" { try? handle.close() }
    }
}
