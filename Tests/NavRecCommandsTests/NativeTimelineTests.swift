import Foundation
import Testing

/// `navrec query` reads `timeline` through navrec's own decoder (`navrec_timeline`): every query
/// must give exactly what the plain view (`main.timeline`, what other SQLite clients read) gives.
@Suite("navrec query's timeline equals the plain view")
struct NativeTimelineTests {
    let directory = TemporaryDirectory()

    /// The demo's sessions plus a CSV with values that have no exact thousandths and a sample
    /// without a phase, all reported.
    func makeDatabase() throws -> String {
        let db = directory.path("t.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        let csv = try directory.write("odd.csv", ["t,y,phase", "0,0.1234567,drag", "0.016,1e-7,drag", "0.033,-3.3333333333333335,", "0.05,123456.789,idle"])
        let imported = try NavRecBinary.run(["import", csv, "--behavior", "blurHeader", "--session-id", "odd", "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    static let queries = [
        "SELECT * FROM timeline",
        "SELECT * FROM timeline WHERE session_id = 'odd'",
        "SELECT * FROM timeline WHERE session_id = 'demo-observed-flicker-hitches' AND source = 'observed'",
        "SELECT * FROM timeline WHERE source = 'computed' AND t BETWEEN 1 AND 1.5",
        "SELECT session_id, source, count(*), sum(y), max(bar_height), min(background), sum(bar_hidden), max(phase) FROM timeline GROUP BY 1, 2",
        "SELECT t.* FROM sessions s JOIN timeline t ON t.session_id = s.id WHERE s.samples < 200 ORDER BY t.session_id, t.source, t.seq",
        "SELECT count(*) FROM timeline WHERE session_id = 'no such session'",
        "SELECT count(*) FROM timeline WHERE session_id IS NULL OR source = 'neither'",
        "SELECT typeof(seq), typeof(t), typeof(phase), typeof(bar_hidden), typeof(background), count(*) FROM timeline GROUP BY 1, 2, 3, 4, 5",
    ]

    /// Without ORDER BY a query's order is SQLite's choice; the scans below keep the view's, and a
    /// join (whose plan differs: the table is searched per session) says its order.
    @Test("each query returns the plain view's rows, values and order")
    func sameAsView() throws {
        let db = try makeDatabase()
        for sql in Self.queries {
            let native = try NavRecBinary.run(["query", "--db", db, "--format", "csv", sql])
            let view = try NavRecBinary.run(["query", "--db", db, "--format", "csv", sql.replacingOccurrences(of: "FROM timeline", with: "FROM main.timeline")
                .replacingOccurrences(of: "JOIN timeline", with: "JOIN main.timeline")])
            #expect(native.status == 0 && view.status == 0, "\(sql): \(native.stderr) \(view.stderr)")
            #expect(native.stdout == view.stdout, "\(sql)")
            #expect(native.stdout.split(separator: "\r\n").count > 1, "\(sql) returns rows")
        }
    }

    @Test("the sqlite3 shell still reads the plain view: navrec's table exists only inside navrec")
    func otherClients() throws {
        let db = try makeDatabase()
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [db, "SELECT count(*) FROM timeline WHERE session_id = 'odd'; SELECT count(*) FROM sqlite_schema WHERE name LIKE 'navrec_timeline%'"]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        shell.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output == "4\n0\n")
        let native = try NavRecBinary.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM timeline WHERE session_id = 'odd'"])
        #expect(native.stdout == "n\r\n4\r\n")
    }
}
