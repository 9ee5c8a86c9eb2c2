import Foundation
import Testing

/// `navrec query` within limits (issue 27, item 8): rows stream (memory flat in the row count), a
/// time limit stops an endless query with a clear error, and pointer-leaking functions are denied.
@Suite("navrec query limits")
struct ReliabilityQueryLimitsTests {
    /// A navrec database with one tiny session.
    static func database(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("q.sqlite")
        let recording = try directory.write("q.ndjson", [#"{"navrec":1,"session":{"id":"q","behaviors":{"largeTitle":{}}}}"#, #"{"t":0,"y":0}"#])
        let made = try NavRecBinary.run(["import", recording, "--db", path])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    /// `rows` rows of about a kilobyte each.
    static func wideRows(_ rows: Int) -> String {
        "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < \(rows)) SELECT k, printf('%.1000c', 'x') AS wide FROM n"
    }

    @Test("rows are streamed: 15 MB of rows take no more memory than 2 MB do", arguments: ["table", "csv", "json"])
    func streamsRows(_ format: String) throws {
        let directory = TemporaryDirectory()
        let database = try Self.database(directory)
        let small = try PeakMemory.run(["query", Self.wideRows(2_000), "--db", database, "--format", format], in: directory)
        let large = try PeakMemory.run(["query", Self.wideRows(15_000), "--db", database, "--format", format], in: directory)
        #expect(small.status == 0 && large.status == 0, "\(large.stderr)")
        #expect(large.stdout.utf8.count > 15_000_000)
        // Held rows would be 15 MB at the least (twice that as Swift strings and rendered text); streaming keeps the first page (1,000 rows) only.
        #expect(large.peakBytes - small.peakBytes < 8_000_000, "peak \(small.peakBytes) → \(large.peakBytes) bytes")
    }

    @Test("a streamed result is the same table, CSV and JSON as a held one, past the first page")
    func streamedShape() throws {
        let directory = TemporaryDirectory()
        let database = try Self.database(directory)
        let sql = "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 1500) SELECT k, 'r' || k AS name FROM n"
        let json = try NavRecBinary.run(["query", sql, "--db", database, "--format", "json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.count == 1500)
        #expect(rows?.last?["name"] as? String == "r1500")
        let csv = try NavRecBinary.run(["query", sql, "--db", database, "--format", "csv"])
        #expect(csv.stdout.hasPrefix("k,name\r\n1,r1\r\n"))
        #expect(csv.stdout.hasSuffix("1500,r1500\r\n"))
        let table = try NavRecBinary.run(["query", sql, "--db", database])
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 1502)
        #expect(lines.last == "1500  r1500")
    }

    @Test("--timeout stops an endless recursive CTE with a clear error", arguments: [
        "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n) SELECT count(*) FROM n",
        "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n) SELECT k FROM n",
    ])
    func timeout(_ sql: String) throws {
        let directory = TemporaryDirectory()
        let database = try Self.database(directory)
        let started = Date()
        let result = try NavRecBinary.run(["query", sql, "--db", database, "--timeout", "0.5", "--format", "csv"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("error: the query ran longer than --timeout 0.5 s and was stopped"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 15)
        let bad = try NavRecBinary.run(["query", "SELECT 1", "--db", database, "--timeout", "soon"])
        #expect(bad.status == 64)
    }

    @Test("functions that leak pointers or load code are denied", arguments: [
        "SELECT fts3_tokenizer('simple')", "SELECT hex(fts3_tokenizer('porter'))", "SELECT load_extension('libm.so')",
        "SELECT length(zeroblob(1000000000))",
    ])
    func deniedFunctions(_ sql: String) throws {
        let directory = TemporaryDirectory()
        let database = try Self.database(directory)
        let result = try NavRecBinary.run(["query", sql, "--db", database])
        #expect(result.status == 65, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("not authorized to use function") || result.stderr.contains("string or blob too big"), "\(result.stderr)")
    }
}
