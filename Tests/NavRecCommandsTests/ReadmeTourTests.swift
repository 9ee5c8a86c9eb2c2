import Foundation
import Testing

/// Issue 36, item 3: every command of the README's set-up and tour, as typed, in a fresh directory
/// against the built binary.
@Suite("the README's set-up and tour run as typed")
struct ReadmeTourTests {
    let directory = TemporaryDirectory()

    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "README.md")

    /// The ```sh blocks from "Getting started" up to "Documentation", in order.
    static func shellBlocks() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Getting started\n"))
        let end = try #require(text.range(of: "\n## Documentation\n"))
        var blocks: [String] = []
        var current: [Substring]?
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("every sh block of Getting started and the tour exits 0 in a fresh directory, with the files and verdicts it promises")
    func tour() throws {
        let blocks = try Self.shellBlocks()
        #expect(blocks.count >= 10, "\(blocks.count) blocks")
        // `swift build -c release` is what this test's own build did: the fresh directory gets the
        // built binary at .build/release, so `export PATH="$PWD/.build/release:$PATH"` runs as typed.
        // Only lines that run swift itself (build, test) are left out.
        let release = directory.url.appending(path: ".build")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: release.appending(path: "release"), withDestinationURL: NavRecBinary.url.deletingLastPathComponent())
        var script = "set -eo pipefail\nset -x\n"
        var skipped: [String] = []
        for block in blocks {
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("swift ") {
                    skipped.append(String(line))
                    continue
                }
                script += line + "\n"
            }
        }
        // The set-up's `swift run navrec demo` and `swift test`, and the tour's `swift build -c release`.
        #expect(skipped.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["swift run", "swift test", "swift build"],
                "\(skipped)")
        #expect(script.contains("navrec compare") && script.contains("navrec analyze hover.ndjson"))
        let scriptPath = try directory.write("tour.sh", [script])

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [scriptPath]
        var environment = ProcessInfo.processInfo.environment
        environment["NAVREC_DB"] = nil
        // navrec is on PATH only through the README's own export line.
        environment["PATH"] = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .filter { !FileManager.default.isExecutableFile(atPath: "\($0)/navrec") }.joined(separator: ":")
        process.environment = environment
        process.currentDirectoryURL = directory.url
        let stdout = directory.url.appending(path: "stdout.txt"), stderr = directory.url.appending(path: "stderr.txt")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        process.waitUntilExit()
        let errors = try String(contentsOf: stderr, encoding: .utf8)
        let output = try String(contentsOf: stdout, encoding: .utf8)
        // On failure, the last `+ …` line of the trace is the command that failed.
        #expect(process.terminationStatus == 0, "\(errors.suffix(3000))")

        for file in ["navrec-demo.sqlite", "hover.ndjson", "report.html", "builds.sqlite", "navrec.trace.json"] {
            #expect(FileManager.default.fileExists(atPath: directory.path(file)), "\(file) missing")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("navrec.sqlite")), "the tour wrote ./navrec.sqlite, not the demo's database")
        #expect(output.contains("Imported 14 simulated sessions"))
        #expect(output.contains("flappingTogglesPerMinute") && output.contains("regressed"), "compare: \(output.suffix(2000))")
        #expect(output.contains(#""id":"hover""#) || output.contains("hover"), "analyze")
        #expect(!errors.contains("hint: no findings"), "the tour's query found no findings")
    }

    @Test("query on findings of a database never reported hints that report stores them")
    func findingsHint() throws {
        let db = directory.path("fresh.sqlite")
        let recording = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--gesture", "hover"])
        #expect(try NavRecBinary.run(["import", "-", "--db", db], stdin: Data(recording.stdout.utf8)).status == 0)
        let before = try NavRecBinary.run(["query", "flapping_hot_spots", "--db", db])
        #expect(before.status == 0)
        #expect(before.stderr.contains("hint: no findings are stored yet: navrec report finds them and stores them"), "\(before.stderr)")
        #expect(try NavRecBinary.run(["report", "--db", db]).status == 0)
        let after = try NavRecBinary.run(["query", "flapping_hot_spots", "--db", db])
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
        #expect(after.stdout.contains("background"))
        // Any other empty result says nothing more.
        let sessions = try NavRecBinary.run(["query", "select id from sessions where 0", "--db", db])
        #expect(sessions.status == 0 && sessions.stderr.isEmpty)
    }

    @Test("analyze --rows reads its rows in memory: a session that fits needs no temporary directory")
    func rowsWithoutTemporaryDirectory() throws {
        let session = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--gesture", "fling"])
        let row = AnalyzeSchemaTests.rawRow("k1", "a.ndjson", 1, Data(session.stdout.utf8))
        let result = try NavRecBinary.run(["analyze", "--rows"], stdin: row, environment: ["TMPDIR": directory.path("missing/dir")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("k1\t{"), "\(result.stdout)")
    }

    @Test("import, analyze and analyze --rows of a session longer than memory holds, without a temporary directory: one 'error:' line, exit 74")
    func spillFileError() throws {
        // 24,000 frames: past the 16,384 the spools keep in memory; hideOnSwipe's swipe distance
        // is replayed from the samples, so analyze spills them.
        let recording = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--behavior", "hideOnSwipe", "--gesture", "fling", "--duration", "400", "--idle-frames"])
        #expect(recording.status == 0)
        let missing = ["TMPDIR": directory.path("missing/dir")]
        let inputs = [["import", "--db", directory.path("spill.sqlite"), "-"]: Data(recording.stdout.utf8), ["analyze", "-"]: Data(recording.stdout.utf8),
                      ["analyze", "--rows"]: AnalyzeSchemaTests.rawRow("k1", "a.ndjson", 1, Data(recording.stdout.utf8))]
        for (command, stdin) in inputs {
            let result = try NavRecBinary.run(command, stdin: stdin, environment: missing)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: cannot create a temporary file"), "\(command): \(result.stderr)")
            #expect(result.stderr.components(separatedBy: "error:").count == 2, "\(command): \(result.stderr)")
        }
    }

    @Test("analyze of a session longer than memory holds whose replay search reads no sample (blurHeader alone) needs no temporary directory; import still does")
    func noSpillWithoutTemporaryDirectory() throws {
        let recording = try NavRecBinary.run(["simulate", "--behavior", "blurHeader", "--gesture", "fling", "--duration", "400", "--idle-frames"])
        #expect(recording.status == 0)
        let missing = ["TMPDIR": directory.path("missing/dir")]
        let analyzed = try NavRecBinary.run(["analyze", "-"], stdin: Data(recording.stdout.utf8), environment: missing)
        #expect(analyzed.status == 0, "\(analyzed.stderr)")
        #expect(analyzed.stdout == (try NavRecBinary.run(["analyze", "-"], stdin: Data(recording.stdout.utf8))).stdout)
        // The counter-case: import keeps every frame, so it spills.
        let imported = try NavRecBinary.run(["import", "--db", directory.path("nospill.sqlite"), "-"], stdin: Data(recording.stdout.utf8), environment: missing)
        #expect(imported.status == 74, "\(imported.stderr)")
    }
}
