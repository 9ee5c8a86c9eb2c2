import Foundation
import Store
import Testing

/// Every value a recording or a database can hold ends in output or in a clear error naming the
/// row, never in a trap (issue 27, item 1): extreme values that import accepts, logical damage a
/// count can prove, and a fuzzer that mutates every column of every table.
@Suite("damaged databases and extreme values")
struct ReliabilityDamagedDatabaseTests {
    static let formats = ["text", "json", "markdown", "html", "junit", "sarif"]

    /// Whether a finished process crashed (a signal, or a Swift runtime trap) rather than exiting.
    static func crashed(_ result: NavRecBinary.Result) -> Bool {
        ![0, 1, 64, 65, 66, 70, 74].contains(result.status) || result.stderr.contains("Fatal error")
    }

    /// A database with one 2-second session (121 samples, two chunks) with observed states.
    static func database(in directory: TemporaryDirectory, name: String = "d.sqlite", extra: [String] = []) throws -> String {
        let simulated = try NavRecBinary.run([
            "simulate", "--behavior", "largeTitle", "--gesture", "zigzag", "--duration", "2", "--session-id", "s1", "--observed",
        ] + extra)
        try #require(simulated.status == 0, "\(simulated.stderr)")
        let path = directory.path(name)
        let imported = try NavRecBinary.run(["import", "-", "--db", path], stdin: Data(simulated.stdout.utf8))
        try #require(imported.status == 0, "\(imported.stderr)")
        return path
    }

    @Test("huge bar heights, from a parameter or observed, are reported in every format", arguments: formats)
    func hugeBarHeights(_ format: String) throws {
        let directory = TemporaryDirectory()
        let database = try Self.database(in: directory, extra: ["--param", "largeTitle.largeHeight=1e300"])
        let observed = try directory.write("observed.ndjson", [
            #"{"navrec":1,"session":{"id":"o1","behaviors":{"largeTitle":{}}}}"#,
            #"{"t":0,"y":0,"bar":{"barHeight":1e300}}"#,
            #"{"t":0.5,"y":1e7,"bar":{"barHeight":-1.7976931348623157e308}}"#,
            #"{"t":9e6,"y":-1e7,"bar":{"barHeight":4.9e-324}}"#,
        ])
        let imported = try NavRecBinary.run(["import", observed, "--db", database])
        #expect(imported.status == 0, "\(imported.stderr)")
        let output = directory.path("report.\(format)")
        let report = try NavRecBinary.run(["report", "--db", database, "--format", format, "--output", output])
        #expect([0, 1].contains(report.status), "\(report.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).count > 0)
    }

    /// Hand edits and damage that `PRAGMA integrity_check` passes, with what the error must say.
    static let damage: [(sql: String, says: String)] = [
        ("UPDATE frame_chunks SET samples = 0 WHERE key = (SELECT min(key) FROM frame_chunks)",
         "session 's1', chunk at seq 0 (frame_chunks key 4294967296): samples is 0, not 1 to 64"),
        ("UPDATE frame_chunks SET samples = -5 WHERE key = (SELECT max(key) FROM frame_chunks)", "samples is -5"),
        ("DELETE FROM frame_chunks WHERE key = (SELECT min(key) FROM frame_chunks)", "starts at seq 64, the previous chunk ended at seq 0 (a chunk is missing)"),
        ("UPDATE sessions SET samples = samples + 1000", "session 's1': its frame_chunks rows hold 121 samples, sessions.samples says 1121"),
        ("UPDATE frame_chunks SET phase_base = 7", "which is no phase (phase_base 7)"),
        ("UPDATE frame_chunks SET t_us = CAST(X'FF' || substr(t_us, 2) AS BLOB) WHERE key = (SELECT min(key) FROM frame_chunks)", "column t_us holds a byte that is not a digit"),
        ("UPDATE frame_chunks SET t_us_base = t_us_base - 1000000 WHERE key = (SELECT max(key) FROM frame_chunks)", "t_us goes back in time at seq 64"),
        ("UPDATE frame_chunks SET y_w = 1000000000000000000", "column y width 1000000000000000000 does not fit"),
        ("UPDATE frame_chunks SET t_us_w = -9223372036854775808", "column t_us width -9223372036854775808 does not fit"),
    ]

    @Test("logical damage is exit 74 naming the session and chunk, for report, export and query", arguments: 0..<damage.count)
    func logicalDamage(_ index: Int) throws {
        let (sql, says) = Self.damage[index]
        let directory = TemporaryDirectory()
        let database = try Self.database(in: directory)
        let html = directory.path("report.html")
        let first = try NavRecBinary.run(["report", "--db", database, "--format", "html", "--output", html])
        try #require(first.status == 0, "\(first.stderr)")
        let earlier = try Data(contentsOf: URL(fileURLWithPath: html))
        let edit = try Database(path: database)
        try edit.execute(sql)
        #expect(try ReliabilityDatabase.integrity(database) == "ok")
        for arguments in [
            ["report", "--db", database, "--format", "html", "--output", html], ["export", "--db", database],
            ["query", "SELECT count(*), sum(y) FROM timeline", "--db", database],
        ] {
            let result = try NavRecBinary.run(arguments)
            #expect(result.status == 74, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("error: database \(database) is damaged: "), "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(arguments[0]): \(result.stderr)")
        }
        // The failed report left the earlier one in place (it writes a temporary file and renames it).
        #expect(try Data(contentsOf: URL(fileURLWithPath: html)) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".navrec-") }.isEmpty)
    }

    /// Values a mutated column gets: the types and extremes SQLite can hold.
    static let hostileValues = [
        "NULL", "0", "-1", "1", "64", "65", "9223372036854775807", "-9223372036854775808", "1e308", "-1e308", "'nan'",
        "4.9e-324", "''", "'x'", "'-1'", "X''", "X'00'", "randomblob(40)", "zeroblob(3000)", "'9999999999999999999999'",
    ]

    @Test("every column of every table mutated: no crash in report, export, query, sessions")
    func fuzzColumns() throws {
        let iterations = Int(ProcessInfo.processInfo.environment["NAVREC_FUZZ_DB_ITERATIONS"] ?? "") ?? 60
        var random = FuzzRandom(seed: UInt64(ProcessInfo.processInfo.environment["NAVREC_FUZZ_SEED"] ?? "") ?? 27)
        let directory = TemporaryDirectory()
        let pristine = try Self.database(in: directory, name: "pristine.sqlite")
        // A report first, so that analyses, findings and sample_lines have rows to mutate too.
        _ = try NavRecBinary.run(["report", "--db", pristine, "--format", "sarif"])
        let schema = try Database(path: pristine, mode: .readOnly)
        var columns: [(table: String, column: String)] = []
        let tables = try schema.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        while try tables.step() {
            let table = tables.text(0) ?? ""
            let info = try schema.prepare("PRAGMA table_info(\"\(table)\")")
            while try info.step() { columns.append((table, info.text(1) ?? "")) }
        }
        #expect(columns.count > 100)
        let commands = [
            ["report", "--format", "html"], ["report", "--format", "sarif"], ["report", "--format", "junit"], ["export"],
            ["query", "SELECT count(*), sum(y), max(bar_height) FROM timeline"], ["sessions"], ["report", "--format", "json"],
        ]
        // Every column once (three per database copy, to keep the test to seconds), then random ones;
        // the copies are mutated here and run four at a time.
        let perCopy = 3
        let total = max(iterations, (columns.count + perCopy - 1) / perCopy)
        var runs: [(path: String, mutations: [String], arguments: [String])] = []
        for iteration in 0..<total {
            let path = directory.path("m\(iteration).sqlite")
            try FileManager.default.copyItem(atPath: pristine, toPath: path)
            let edit = try Database(path: path)
            var mutations: [String] = []
            for slot in 0..<perCopy {
                let index = iteration * perCopy + slot
                let (table, column) = index < columns.count ? columns[index] : random.pick(columns)
                let value = random.pick(Self.hostileValues)
                // The STRICT tables refuse some values (a type error), which leaves the column as it was.
                try? edit.execute(
                    "UPDATE \"\(table)\" SET \"\(column)\" = \(value) WHERE rowid IN (SELECT rowid FROM \"\(table)\" ORDER BY random() LIMIT 1)")
                mutations.append("\(table).\(column) = \(value)")
            }
            runs.append((path, mutations, commands[iteration % commands.count] + ["--db", path]))
        }
        let lock = NSLock()
        nonisolated(unsafe) var crashes: [String] = []
        let planned = runs
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for run in stride(from: worker, to: planned.count, by: 4).map({ planned[$0] }) {
                let message: String
                do {
                    let result = try NavRecBinary.run(run.arguments)
                    guard Self.crashed(result) else { continue }
                    message = "navrec \(run.arguments.joined(separator: " ")) → \(result.status): \(result.stderr.prefix(300))"
                } catch {
                    message = "navrec \(run.arguments.joined(separator: " ")) did not run: \(error)"
                }
                lock.withLock { crashes.append("\(run.mutations.joined(separator: ", ")): \(message)") }
            }
        }
        #expect(crashes.isEmpty, "\(crashes.count) crashes:\n\(crashes.joined(separator: "\n"))")
    }
}
