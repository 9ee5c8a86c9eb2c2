import Foundation
import Testing

@Suite("navrec import and sessions, end to end")
struct ImportTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("navrec.sqlite") }

    static let blurHover = [
        #"{"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{}}}}"#,
        #"{"t":0.000,"y":82.0,"phase":"drag"}"#, #"{"t":0.017,"y":85.0,"phase":"drag"}"#,
        #"{"t":0.033,"y":83.0,"phase":"drag"}"#, #"{"t":0.050,"y":86.0,"phase":"drag"}"#,
        #"{"t":0.067,"y":82.5,"phase":"drag"}"#,
    ]

    func sqlite(_ sql: String) throws -> String {
        let result = try NavRecBinary.run(["query", sql, "--db", db, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("importing a recording stores it and prints a summary line")
    func importStores() throws {
        let path = try directory.write("hover.ndjson", Self.blurHover)
        let result = try NavRecBinary.run(["import", path, "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("hover.ndjson: 1 session stored"))
        #expect(result.stdout.contains("5 samples, 0 events, 0 ignored keys"))
        let sessions = try NavRecBinary.run(["sessions", "--db", db])
        #expect(sessions.stdout.contains("hover-84"))
        #expect(sessions.stdout.contains("blurHeader"))
        #expect(try sqlite("select seq, t, y, background, inline_title_alpha from timeline where source = 'computed' order by seq") == """
            seq,t,y,background,inline_title_alpha\r
            0,0.0,82.0,transparent,0.0\r
            1,0.017,85.0,default,1.0\r
            2,0.033,83.0,transparent,0.0\r
            3,0.05,86.0,default,1.0\r
            4,0.067,82.5,transparent,0.0\r

            """)
    }

    @Test("importing the same recording twice is a no-op that says so; --replace re-imports")
    func idempotentImport() throws {
        let path = try directory.write("hover.ndjson", Self.blurHover)
        #expect(try NavRecBinary.run(["import", path, "--db", db]).status == 0)
        let again = try NavRecBinary.run(["import", path, "--db", db])
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 sessions stored, 1 already imported (hover-84"))
        #expect(try sqlite("select count(*) as n from timeline where source = 'computed'") == "n\r\n5\r\n")
        let replaced = try NavRecBinary.run(["import", path, "--db", db, "--replace"])
        #expect(replaced.stdout.contains("1 session stored"))
        #expect(try sqlite("select count(*) as n from sessions") == "n\r\n1\r\n")
        #expect(try sqlite("select count(*) as n from timeline where source = 'computed'") == "n\r\n5\r\n")
    }

    @Test("a recording without an id gets one from its content, so re-importing is recognised")
    func contentID() throws {
        let path = try directory.write("anon.ndjson", [
            #"{"navrec":1,"session":{"behaviors":{"largeTitle":{}}}}"#, #"{"t":0,"y":1}"#, #"{"t":0.1,"y":2}"#,
        ])
        #expect(try NavRecBinary.run(["import", path, "--db", db]).status == 0)
        let again = try NavRecBinary.run(["import", path, "--db", db])
        #expect(again.stdout.contains("1 already imported (auto-"))
        #expect(try sqlite("select count(*) as n from sessions where id like 'auto-%'") == "n\r\n1\r\n")
    }

    @Test("a bad line stores nothing of its session, names FILE:LINE:COL and exits 65")
    func badLine() throws {
        let good = try directory.write("good.ndjson", Self.blurHover)
        #expect(try NavRecBinary.run(["import", good, "--db", db]).status == 0)
        let before = try sqlite("select count(*) as n from timeline where source = 'computed'")
        let bad = try directory.write("bad.ndjson", [
            #"{"navrec":1,"session":{"id":"bad","behaviors":{"blurHeader":{}}}}"#, #"{"t":0.0,"y":1}"#, #"{"t":0.1,"y":"#,
        ])
        let result = try NavRecBinary.run(["import", bad, "--db", db])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.ndjson:3:"))
        #expect(result.stderr.contains(": error: "))
        #expect(try sqlite("select count(*) as n from timeline where source = 'computed'") == before)
        #expect(try sqlite("select count(*) as n from sessions") == "n\r\n1\r\n")
    }

    @Test("sessions before a bad session in the same file stay stored")
    func earlierSessionsStay() throws {
        let path = try directory.write("two.ndjson", Self.blurHover + [
            #"{"navrec":1,"session":{"id":"second","behaviors":{"nope":{}}}}"#,
        ])
        let result = try NavRecBinary.run(["import", path, "--db", db])
        #expect(result.status == 65)
        #expect(result.stderr.contains("two.ndjson:7:"))
        #expect(try sqlite("select id from sessions") == "id\r\nhover-84\r\n")
    }

    @Test("a missing file exits 66 and creates no database")
    func missingFile() throws {
        let result = try NavRecBinary.run(["import", directory.path("nope.ndjson"), "--db", db])
        #expect(result.status == 66)
        #expect(result.stderr.contains("nope.ndjson"))
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test("standard input is read with '-'")
    func standardInput() throws {
        let data = Data((Self.blurHover.joined(separator: "\n") + "\n").utf8)
        let result = try NavRecBinary.run(["import", "-", "--db", db], stdin: data)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<stdin>: 1 session stored"))
    }

    @Test("the database comes from --db, else $NAVREC_DB, else ./navrec.sqlite")
    func databaseLocation() throws {
        let path = try directory.write("hover.ndjson", Self.blurHover)
        #expect(try NavRecBinary.run(["import", path], in: directory.url).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.path("navrec.sqlite")))
        let env = directory.path("env.sqlite")
        #expect(try NavRecBinary.run(["import", path], environment: ["NAVREC_DB": env]).status == 0)
        #expect(FileManager.default.fileExists(atPath: env))
    }

    @Test("CSV takes its behaviours, parameters and id from the command line")
    func csvImport() throws {
        let path = try directory.write("scroll.csv", [
            "t,y,phase,bar_height,inlineTitleAlpha,extra", "0,0,drag,96.5,0,x", "0.1,26.25,drag,,,y", "0.2,52.5,drag,44,1,z",
        ])
        let result = try NavRecBinary.run([
            "import", path, "--db", db, "--behavior", "largeTitle", "--behavior", "avatar",
            "--param", "largeTitle.hysteresis=0", "--session-id", "csv-1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 samples"))
        #expect(try sqlite("select seq, bar_height, avatar_scale, avatar_tx, avatar_ty from timeline where source = 'computed' order by seq") == """
            seq,bar_height,avatar_scale,avatar_tx,avatar_ty\r
            0,96.5,1.0,0.0,0.0\r
            1,70.25,0.9,4.0,7.0\r
            2,44.0,0.8,8.0,14.0\r

            """)
        // The middle row's bar cells are empty: no observed state for that frame.
        #expect(try sqlite("select seq from timeline where source = 'observed' order by seq") == "seq\r\n0\r\n2\r\n")
    }

    @Test("CSV without --behavior, or a bad --param, is a usage error", arguments: [
        ["--session-id", "x"],
        ["--behavior", "largeTitle", "--param", "largeTitle.hysteresis"],
        ["--behavior", "largeTitle", "--param", "largeTitle.hysteresys=1"],
        ["--behavior", "avatar"],
        ["--behavior", "blurHeader", "--behavior", "largeTitle"],
    ])
    func csvUsageErrors(arguments: [String]) throws {
        let path = try directory.write("scroll.csv", ["t,y", "0,0"])
        let result = try NavRecBinary.run(["import", path, "--db", db] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
    }

    @Test("sessions prints json and csv")
    func sessionsFormats() throws {
        let path = try directory.write("hover.ndjson", Self.blurHover)
        #expect(try NavRecBinary.run(["import", path, "--db", db]).status == 0)
        let json = try NavRecBinary.run(["sessions", "--db", db, "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["id"] as? String == "hover-84")
        #expect(parsed?.first?["samples"] as? Int == 5)
        let csv = try NavRecBinary.run(["sessions", "--db", db, "--format", "csv"])
        #expect(csv.stdout.hasPrefix("id,app,screen,behaviors,samples,duration,imported_at\r\nhover-84,,,blurHeader,5,0.067,"))
    }

    @Test("sessions on a missing database exits 66 and says how to start")
    func sessionsWithoutDatabase() throws {
        let result = try NavRecBinary.run(["sessions", "--db", db])
        #expect(result.status == 66)
        #expect(result.stderr.contains("navrec import"))
    }
}
