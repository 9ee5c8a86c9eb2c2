import Foundation
import Testing

/// Issue 39 item 11: file names that are not UTF-8 reach the file system as the bytes given.
@Suite("reliability round 3: file names that are not UTF-8")
struct ReliabilityRound3FileNameTests {
    /// Runs `script` with `$1` the navrec binary: Foundation's `Process` takes `String` arguments,
    /// which cannot hold bytes that are not UTF-8, so the shell makes them from printf escapes.
    private func run(_ script: String, in directory: TemporaryDirectory) throws -> NavRecBinary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", NavRecBinary.url.path]
        process.currentDirectoryURL = directory.url
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return NavRecBinary.Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }

    /// The names in the directory at `path`, as bytes.
    private func rawNames(_ path: String) -> [[UInt8]] {
        guard let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var result: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name != Array(".".utf8), name != Array("..".utf8) { result.append(name) }
        }
        return result
    }

    @Test("import, analyze, --db and --output open the Latin-1 names given, and messages show the bytes as \\xE9")
    func latin1Names() throws {
        let directory = TemporaryDirectory()
        let recording = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--session-id", "latin"])
        try Data(recording.stdout.utf8).write(to: directory.url.appending(path: "plain.ndjson"))
        // café.ndjson in Latin-1 (0xE9), the database d\xFF.sqlite, the report r\xE9.txt.
        let prepare = try run(#"cp plain.ndjson "$(printf 'caf\351.ndjson')""#, in: directory)
        #expect(prepare.status == 0, "\(prepare.stderr)")

        let imported = try run(#""$1" import "$(printf 'caf\351.ndjson')" --db "$(printf 'd\377.sqlite')""#, in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect((imported.stdout + imported.stderr).contains(#"caf\xE9.ndjson: 1 session stored"#), "\(imported.stdout)")
        #expect(!imported.stderr.contains("\u{FFFD}"))
        #expect(rawNames(directory.url.path).contains(Array("d".utf8) + [0xFF] + Array(".sqlite".utf8)), "no database named d\\xFF.sqlite")

        let analyzed = try run(#""$1" analyze "$(printf 'caf\351.ndjson')""#, in: directory)
        #expect(analyzed.status == 0, "\(analyzed.stderr)")
        #expect(analyzed.stdout.contains(#""id": "latin""#), "\(analyzed.stdout)")

        let reported = try run(#""$1" report --db "$(printf 'd\377.sqlite')" --output "$(printf 'r\351.txt')""#, in: directory)
        #expect(reported.status == 0, "\(reported.stderr)")
        #expect(reported.stderr.contains(#"wrote r\xE9.txt: 1 session"#), "\(reported.stderr)")
        #expect(rawNames(directory.url.path).contains(Array("r".utf8) + [0xE9] + Array(".txt".utf8)), "no report named r\\xE9.txt")
        #expect(!rawNames(directory.url.path).contains { $0.contains(0xEF) }, "a name with U+FFFD's bytes (or an escape's) was created")

        let missing = try run(#""$1" import "$(printf 'nope\351.ndjson')" --db x.sqlite"#, in: directory)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains(#"error: nope\xE9.ndjson: no such file"#), "\(missing.stderr)")
    }

    @Test("analyze --rows with a SOURCE that is not UTF-8 reads it and every later row")
    func rowsSourceNotUTF8() throws {
        let recording = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--session-id", "row"])
        let ndjson = Data(recording.stdout.utf8).base64EncodedString()
        var input = ""
        for (index, source) in [Data([0x63, 0xE9, 0xFF]), Data("plain".utf8)].enumerated() {
            input += "k\(index)\t\(source.base64EncodedString())\t1\t\(ndjson)\n"
        }
        let result = try NavRecBinary.run(["analyze", "--rows"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2, "\(result.stdout)")
    }
}
