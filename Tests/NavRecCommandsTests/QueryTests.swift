import BarModel
import Foundation
import Store
import Testing

/// Diff tests for `Queries/` (recordings + query + expected CSV, the way Perfetto tests its SQL)
/// and the `navrec query` command.
@Suite("navrec query and the Queries/ library")
struct QueryTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("demo.sqlite") }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "QueryGolden")

    /// Every query in Queries/ with the parameters its golden run uses.
    static let queries: [(name: String, parameters: [String])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "Queries").path)) ?? []
        return names.filter { $0.hasSuffix(".sql") }.sorted().map { file in
            let name = String(file.dropLast(4))
            switch name {
            case "title_mismatch_timeline": return (name, ["--param", "session=demo-observed-jitter-no-title"])
            case "session_timeline": return (name, ["--param", "session=demo-blur-hover", "--param", "t=2.0"])
            default: return (name, [])
            }
        }
    }()

    /// A fresh database with the demo's simulated sessions, imported and reported.
    func makeDemoDatabase() throws {
        let result = try NavRecBinary.run(["demo", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("the library has at least eight queries, each starting with a comment saying what it answers")
    func library() throws {
        #expect(Self.queries.count >= 8)
        for query in Self.queries {
            let text = try String(contentsOf: Self.packageRoot.appending(path: "Queries/\(query.name).sql"), encoding: .utf8)
            #expect(text.hasPrefix("-- "), "\(query.name)")
            #expect(text.contains("Parameters:"), "\(query.name) says which parameters it takes")
        }
    }

    @Test("each query's CSV output on the demo sessions equals its expected file",
          arguments: QueryTests.queries.map(\.name))
    func golden(name: String) throws {
        try makeDemoDatabase()
        let parameters = Self.queries.first { $0.name == name }?.parameters ?? []
        let result = try NavRecBinary.run(["query", name, "--db", db, "--format", "csv"] + parameters)
        #expect(result.status == 0, "\(result.stderr)")
        let golden = Self.goldenDirectory.appending(path: "\(name).csv")
        if ProcessInfo.processInfo.environment["NAVREC_RECORD_GOLDEN"] == "1" {
            try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(result.stdout == expected, "re-record with NAVREC_RECORD_GOLDEN=1 and review the diff")
        #expect(result.stdout.split(separator: "\r\n").count > 1, "\(name) returns rows on the demo data")
    }

    @Test("queries without parameters run unchanged in the sqlite3 shell",
          arguments: QueryTests.queries.filter(\.parameters.isEmpty).map(\.name))
    func sqliteShell(name: String) throws {
        guard let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: FileManager.default.isExecutableFile) else {
            return  // .ci/run installs sqlite3; a machine without it skips this check
        }
        try makeDemoDatabase()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = [db]
        process.standardInput = try FileHandle(forReadingFrom: Self.packageRoot.appending(path: "Queries/\(name).sql"))
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && message.isEmpty, "\(message)")
    }

    @Test("--list shows each query with its first comment line")
    func list() throws {
        let result = try NavRecBinary.run(["query", "--list"])
        #expect(result.status == 0)
        for query in Self.queries { #expect(result.stdout.contains(query.name)) }
        #expect(result.stdout.contains("Flapping hot spots: which signals flap"))
    }

    @Test("a missing parameter is a usage error that names it")
    func missingParameter() throws {
        try makeDemoDatabase()
        let result = try NavRecBinary.run(["query", "session_timeline", "--db", db, "--param", "session=x"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--param t=VALUE"))
    }

    @Test("table, CSV and JSON quote, show NULLs and keep unicode", arguments: [
        // ☀️ (with the emoji selector) takes two columns: the column is four wide.
        ("table", "a    b    c     n\n---  ---  ----  -\nx,y  \"q\"  ☀️ é   \n"),
        ("csv", "a,b,c,n\r\n\"x,y\",\"\"\"q\"\"\",☀️ é,\r\n"),
        ("json", "[\n  {\"a\": \"x,y\", \"b\": \"\\\"q\\\"\", \"c\": \"☀️ é\", \"n\": null}\n]\n"),
    ])
    func formats(format: String, expected: String) throws {
        try makeDemoDatabase()
        let result = try NavRecBinary.run(["query", "select 'x,y' as a, '\"q\"' as b, '☀️ é' as c, null as n", "--db", db, "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }

    @Test("numbers are right-aligned in tables and typed in JSON")
    func numbers() throws {
        try makeDemoDatabase()
        let json = try NavRecBinary.run(["query", "select 1 as i, 2.5 as r, 'x' as s", "--db", db, "--format", "json"])
        #expect(json.stdout == "[\n  {\"i\": 1, \"r\": 2.5, \"s\": \"x\"}\n]\n")
        let table = try NavRecBinary.run(["query", "select 5 as n union all select 100", "--db", db])
        #expect(table.stdout == "  n\n---\n  5\n100\n")
    }

    @Test("a query from a file, with a named parameter")
    func fileQuery() throws {
        try makeDemoDatabase()
        let path = try directory.write("mine.sql", ["-- How many samples has a session?", "select samples from sessions where id = :session;"])
        let result = try NavRecBinary.run(["query", path, "--db", db, "--param", "session=demo-blur-hover", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("samples\r\n"))
    }

    @Test("the database is opened read-only: writing statements fail and change nothing", arguments: [
        "delete from sessions",
        "update sessions set app = 'x'",
        "insert into findings (session_key) values (1)",
        "drop view timeline",
        "attach database 'other.sqlite' as other",
        "pragma user_version = 5",
        "create temp table t (x)",
        "vacuum into 'copy.sqlite'",
    ])
    func readOnly(sql: String) throws {
        try makeDemoDatabase()
        let before = try NavRecBinary.run(["query", "select count(*) as n, group_concat(app) as apps from sessions", "--db", db])
        // The schema version before, whatever the newest migration is.
        let version = try NavRecBinary.run(["query", "pragma user_version", "--db", db]).stdout
        #expect(!version.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        let result = try NavRecBinary.run(["query", sql, "--db", db], in: directory.url)
        #expect(result.status == 65)
        #expect(result.stderr.contains("error:"))
        #expect(try NavRecBinary.run(["query", "select count(*) as n, group_concat(app) as apps from sessions", "--db", db]).stdout == before.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == files)
        #expect(try NavRecBinary.run(["query", "pragma user_version", "--db", db]).stdout == version)
    }
}
