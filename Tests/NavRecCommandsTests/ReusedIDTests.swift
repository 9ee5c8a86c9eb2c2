import Foundation
import Testing

/// Issue 10, class 9: an app that names its sessions after the screen reuses one id in every launch.
@Suite("reused session ids, end to end")
struct ReusedIDTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("navrec.sqlite") }

    /// Launch `n` of the Album screen: same id, same behaviours, different scrolling.
    static func launch(_ n: Int) -> [String] {
        [
            #"{"navrec":1,"session":{"id":"AlbumDetail","app":"Music","screen":"AlbumDetail","fps":60,"behaviors":{"blurHeader":{}}}}"#,
            #"{"t":0.0,"y":\#(n).0,"phase":"drag"}"#, #"{"t":0.017,"y":\#(n + 10).0,"phase":"drag"}"#,
            #"{"t":0.033,"y":\#(n + 20).0,"phase":"drag"}"#,
        ]
    }

    /// The derived ids of launches 2 and 3: `AlbumDetail~` + the first 16 hex digits of their content
    /// hash (ContentHasher; hashlib.sha256 of the lines joined by "\n").
    static let second = "AlbumDetail~54461371dd16fb7a"
    static let third = "AlbumDetail~9c86ffbd0dcdb6b0"

    func rows(_ sql: String) throws -> String {
        let result = try NavRecBinary.run(["query", sql, "--db", db, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("three launches with one id, imported one after another, are all kept; the summary names the new ids")
    func threeLaunches() throws {
        var outputs: [String] = []
        for n in 1...3 {
            let result = try NavRecBinary.run(["import", try directory.write("launch\(n).ndjson", Self.launch(n)), "--db", db])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            outputs.append(ImportOutput.stable(result.stdout, in: directory))
        }
        #expect(outputs == [
            "launch1.ndjson: 1 session stored; 3 samples, 0 events, 0 ignored keys in T s (R samples/s)\n",
            "launch2.ndjson: 1 session stored (1 under a new id, as its id holds a different recording: \(Self.second)); 3 samples, 0 events, 0 ignored keys in T s (R samples/s)\n",
            "launch3.ndjson: 1 session stored (1 under a new id, as its id holds a different recording: \(Self.third)); 3 samples, 0 events, 0 ignored keys in T s (R samples/s)\n",
        ])
        #expect(try rows("select id, recording_id, samples from sessions order by rowid") == """
            id,recording_id,samples\r
            AlbumDetail,AlbumDetail,3\r
            \(Self.second),AlbumDetail,3\r
            \(Self.third),AlbumDetail,3\r

            """)
        // Each launch keeps its own samples.
        #expect(try rows("select session_id, group_concat(y, ' ') as ys from timeline where source = 'computed' group by session_id order by ys") == """
            session_id,ys\r
            AlbumDetail,1.0 11.0 21.0\r
            \(Self.second),2.0 12.0 22.0\r
            \(Self.third),3.0 13.0 23.0\r

            """)
    }

    @Test("three launches in one file are all kept")
    func oneFile() throws {
        let path = try directory.write("launches.ndjson", Self.launch(1) + Self.launch(2) + Self.launch(3))
        let result = try NavRecBinary.run(["import", path, "--db", db])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(ImportOutput.stable(result.stdout, in: directory) == "launches.ndjson: 3 sessions stored (2 under a new id, as their ids hold a different recording: \(Self.second), \(Self.third)); 9 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select count(*) as n from sessions") == "n\r\n3\r\n")
    }

    @Test("re-importing identical bytes of any launch stays a no-op", arguments: [1, 2, 3])
    func reimport(launch: Int) throws {
        let path = try directory.write("launches.ndjson", Self.launch(1) + Self.launch(2) + Self.launch(3))
        #expect(try NavRecBinary.run(["import", path, "--db", db]).status == 0)
        let single = try directory.write("again.ndjson", Self.launch(launch))
        let again = try NavRecBinary.run(["import", single, "--db", db])
        let id = [1: "AlbumDetail", 2: Self.second, 3: Self.third][launch]!
        #expect(again.status == 0)
        #expect(again.stderr == "")
        #expect(ImportOutput.stable(again.stdout, in: directory) == "again.ndjson: 0 sessions stored, 1 already imported (\(id); --replace re-imports); 0 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        let whole = try NavRecBinary.run(["import", path, "--db", db])
        #expect(ImportOutput.stable(whole.stdout, in: directory) == "launches.ndjson: 0 sessions stored, 3 already imported (AlbumDetail, \(Self.second), \(Self.third); --replace re-imports); 0 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select count(*) as sessions, (select count(*) from timeline where source = 'computed') as frames from sessions") == "sessions,frames\r\n3,9\r\n")
    }

    @Test("--replace re-imports a launch where it is stored, and overwrites the id with a recording not yet stored")
    func replace() throws {
        let path = try directory.write("launches.ndjson", Self.launch(1) + Self.launch(2))
        #expect(try NavRecBinary.run(["import", path, "--db", db]).status == 0)
        let second = try NavRecBinary.run(["import", try directory.write("two.ndjson", Self.launch(2)), "--db", db, "--replace"])
        #expect(second.status == 0)
        #expect(ImportOutput.stable(second.stdout, in: directory) == "two.ndjson: 1 session stored (1 under a new id, as its id holds a different recording: \(Self.second)); 3 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select id from sessions order by id") == "id\r\nAlbumDetail\r\n\(Self.second)\r\n")
        // An edited recording of the first launch (not stored yet) takes over its id, as before.
        let edited = try NavRecBinary.run(["import", try directory.write("edited.ndjson", Self.launch(7)), "--db", db, "--replace"])
        #expect(ImportOutput.stable(edited.stdout, in: directory) == "edited.ndjson: 1 session stored; 3 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select s.id, min(t.y) as y from sessions s join timeline t on t.session_id = s.id group by s.id order by s.id") == """
            id,y\r
            AlbumDetail,7.0\r
            \(Self.second),2.0\r

            """)
        #expect(try rows("select count(*) as frames from timeline where source = 'computed'") == "frames\r\n6\r\n")
    }

    @Test("CSV files imported with the same --session-id are both kept")
    func csvSessionID() throws {
        var outputs: [String] = []
        for (n, rows) in [(1, ["t,y", "0,1", "0.017,2"]), (2, ["t,y", "0,5", "0.017,6"])] {
            let path = try directory.write("run\(n).csv", rows)
            let result = try NavRecBinary.run(["import", path, "--db", db, "--behavior", "largeTitle", "--session-id", "run-7"])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(ImportOutput.stable(result.stdout, in: directory))
        }
        let ids = try rows("select id from sessions order by rowid").split(separator: "\r\n").map(String.init)
        #expect(ids.count == 3 && ids[1] == "run-7" && ids[2].hasPrefix("run-7~") && ids[2].count == "run-7~".count + 16, "\(ids)")
        #expect(outputs == [
            "run1.csv: 1 session stored; 2 samples, 0 events, 0 ignored keys in T s (R samples/s)\n",
            "run2.csv: 1 session stored (1 under a new id, as its id holds a different recording: \(ids.last ?? "")); 2 samples, 0 events, 0 ignored keys in T s (R samples/s)\n",
        ])
    }

    @Test("a reused id on a session longer than the held-back limit (70,000 samples) is kept too, and its re-import stays a no-op")
    func longSession() throws {
        func session(_ start: Double) -> [String] {
            [#"{"navrec":1,"session":{"id":"Feed","fps":120,"behaviors":{"largeTitle":{}}}}"#]
                + (0..<70_000).map { #"{"t":\#(Double($0) / 120),"y":\#(start + Double($0 % 400)),"phase":"drag"}"# }
        }
        let first = try directory.write("first.ndjson", session(0))
        let second = try directory.write("second.ndjson", session(1))
        #expect(try NavRecBinary.run(["import", first, "--db", db]).status == 0)
        let kept = try NavRecBinary.run(["import", second, "--db", db])
        #expect(kept.status == 0)
        let derived = try rows("select id from sessions where id <> 'Feed'").split(separator: "\r\n").map(String.init).last ?? ""
        #expect(derived.hasPrefix("Feed~"))
        #expect(ImportOutput.stable(kept.stdout, in: directory) == "second.ndjson: 1 session stored (1 under a new id, as its id holds a different recording: \(derived)); 70000 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        let again = try NavRecBinary.run(["import", second, first, "--db", db])
        #expect(ImportOutput.stable(again.stdout, in: directory) == """
            second.ndjson: 0 sessions stored, 1 already imported (\(derived); --replace re-imports); 0 samples, 0 events, 0 ignored keys in T s (R samples/s)
            first.ndjson: 0 sessions stored, 1 already imported (Feed; --replace re-imports); 0 samples, 0 events, 0 ignored keys in T s (R samples/s)
            total, 2 files: 0 sessions stored, 2 already imported (\(derived), Feed; --replace re-imports); 0 samples, 0 events, 0 ignored keys in T s (R samples/s)

            """)
        #expect(try rows("select id, samples from sessions order by rowid") == "id,samples\r\nFeed,70000\r\n\(derived),70000\r\n")
        #expect(try rows("select count(*) as frames from timeline where source = 'computed'") == "frames\r\n140000\r\n")
    }
}

/// Import summaries without their timings, which vary from run to run.
enum ImportOutput {
    /// `… in 0.013 s (159 samples/s)` becomes `… in T s (R samples/s)`, and file names lose the
    /// test's temporary directory.
    static func stable(_ stdout: String, in directory: TemporaryDirectory) -> String {
        stdout.replacing(#/ in [0-9.e+-]+ s \([0-9]+ samples\/s\)/#, with: " in T s (R samples/s)")
            .replacingOccurrences(of: directory.url.path + "/", with: "")
    }
}
