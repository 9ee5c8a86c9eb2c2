import Foundation
import Testing

/// Issue 10, class 10: recorders that write `CACurrentMediaTime()` (seconds since boot) as `t`.
@Suite("raw clock times, end to end")
struct RawClockTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("navrec.sqlite") }

    /// ANALYSIS.md's worked example (hover-84) with every t shifted by `offset` seconds.
    static func hover(id: String, offset: Double) -> [String] {
        [#"{"navrec":1,"session":{"id":"\#(id)","fps":60,"behaviors":{"blurHeader":{}}}}"#]
            + zip([0.000, 0.017, 0.033, 0.050, 0.067], [82.0, 85.0, 83.0, 86.0, 82.5]).map { t, y in
                #"{"t":\#(t + offset),"y":\#(y),"phase":"drag"}"#
            }
    }

    func rows(_ sql: String) throws -> String {
        let result = try NavRecBinary.run(["query", sql, "--db", db, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("t from CACurrentMediaTime() (1e5 s) is stored and reported from the first sample, the offset kept")
    func uptimeClock() throws {
        let imported = try NavRecBinary.run(["import", try directory.write("clock.ndjson", Self.hover(id: "clock", offset: 100_000.25)), "--db", db])
        #expect(imported.status == 0)
        #expect(imported.stderr == "")
        #expect(ImportOutput.stable(imported.stdout, in: directory) == "clock.ndjson: 1 session stored; 5 samples, 0 events, 0 ignored keys in T s (R samples/s); 1 session on a raw clock, t counted from its first timestamp (100000.25 s)\n")
        #expect(try rows("select seq, t from timeline where source = 'computed' order by seq") == "seq,t\r\n0,0.0\r\n1,0.017\r\n2,0.033\r\n3,0.05\r\n4,0.067\r\n")
        #expect(try rows("select id, t_origin, duration from sessions") == "id,t_origin,duration\r\nclock,100000.25,0.067\r\n")
        let report = try NavRecBinary.run(["report", "clock", "--db", db])
        #expect(report.status == 0)
        #expect(report.stdout == """
            clock — blurHeader — 0.07 s, 5 samples, 60 fps, hitches 0.0 ms/s, frame jitter 0.094 ms
              warning  0.02–0.07 s  flapping background (computed): background flipped 4 times in 0.05 s with y 82.5–86.0 pt; hysteresis 1.0 pt removes it

            1 session, 1 finding: 1 warning, 0 errors (flapping 1, jitter 0, hitch 0, title_mismatch 0)

            """)
        #expect(try rows("select start_t, end_t from findings") == "start_t,end_t\r\n0.017,0.067\r\n")
    }

    @Test("a session on a raw clock reports exactly what the same session from 0 does", arguments: [60.0, 3_600.5, 123_456.789, 9_999_999.0])
    func sameFindings(offset: Double) throws {
        let raw = try directory.write("raw.ndjson", Self.hover(id: "s", offset: offset))
        let zero = try directory.write("zero.ndjson", Self.hover(id: "s", offset: 0))
        let other = directory.path("zero.sqlite")
        #expect(try NavRecBinary.run(["import", raw, "--db", db]).status == 0)
        #expect(try NavRecBinary.run(["import", zero, "--db", other]).status == 0)
        let expected = try NavRecBinary.run(["report", "--db", other, "--format", "json"])
        let actual = try NavRecBinary.run(["report", "--db", db, "--format", "json"])
        #expect(actual.status == 0)
        #expect(actual.stdout == expected.stdout)
        #expect(try rows("select t_origin from sessions") == "t_origin\r\n\(offset)\r\n")
    }

    @Test("times that already count from the session start are kept as recorded", arguments: [0.0083, 1.5, 59.9])
    func sessionClock(offset: Double) throws {
        let imported = try NavRecBinary.run(["import", try directory.write("s.ndjson", Self.hover(id: "s", offset: offset)), "--db", db])
        #expect(ImportOutput.stable(imported.stdout, in: directory) == "s.ndjson: 1 session stored; 5 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select t_origin from sessions") == "t_origin\r\n0.0\r\n")
        #expect(try rows("select min(t) = \(offset) as kept from timeline") == "kept\r\n1\r\n")
    }

    @Test("t beyond 1e7 (Unix time, a long uptime) is refused with the hint to subtract the start time", arguments: [2e7, 1_764_500_000.5])
    func beyondLimit(offset: Double) throws {
        let path = try directory.write("epoch.ndjson", Self.hover(id: "epoch", offset: offset))
        let result = try NavRecBinary.run(["import", path, "--db", db])
        #expect(result.status == 65)
        #expect(ImportOutput.stable(result.stdout, in: directory) == "epoch.ndjson: 0 sessions stored, 1 failed (nothing of it stored); 0 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        let value = offset == 2e7 ? "20000000" : "1764500000.5"
        #expect(result.stderr == "\(path):2:6: error: 't' is out of range: at most 1e7 seconds, found \(value); t counts seconds from the session start: subtract the session's first timestamp (e.g. the CACurrentMediaTime() or Date() taken when the screen appeared) from every t\n")
        #expect(try rows("select count(*) as n from sessions") == "n\r\n0\r\n")
    }

    @Test("CSV on a raw clock is rebased too, and the limit's hint names the column's place")
    func csv() throws {
        let path = try directory.write("clock.csv", ["t,y", "250000.5,10", "250000.5167,12", "250000.5333,14"])
        let imported = try NavRecBinary.run(["import", path, "--db", db, "--behavior", "largeTitle", "--session-id", "csv-clock"])
        #expect(ImportOutput.stable(imported.stdout, in: directory) == "clock.csv: 1 session stored; 3 samples, 0 events, 0 ignored keys in T s (R samples/s); 1 session on a raw clock, t counted from its first timestamp (250000.5 s)\n")
        #expect(try rows("select t from timeline order by seq") == "t\r\n0.0\r\n0.0167\r\n0.0333\r\n")
        let epoch = try directory.write("epoch.csv", ["t,y", "1764500000,10"])
        let refused = try NavRecBinary.run(["import", epoch, "--db", db, "--behavior", "largeTitle"])
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("\(epoch):2:1: error: 't' is out of range: at most 1e7 seconds, found 1764500000; t counts seconds from the session start"))
    }

    @Test("an event before the first sample sets the origin; every time counts from it")
    func eventFirst() throws {
        let path = try directory.write("tap.ndjson", [
            #"{"navrec":1,"session":{"id":"tap","behaviors":{"largeTitle":{},"dropdownTitle":{"title":"Inbox"}}}}"#,
            #"{"t":86400.5,"event":"tap","target":"title"}"#,
            #"{"t":86400.55,"y":0,"phase":"drag"}"#, #"{"t":86400.6,"y":5,"phase":"drag"}"#,
            #"{"t":86400.65,"event":"tap","target":"title"}"#, #"{"t":86400.7,"y":9,"phase":"drag"}"#,
        ])
        let imported = try NavRecBinary.run(["import", path, "--db", db])
        #expect(ImportOutput.stable(imported.stdout, in: directory) == "tap.ndjson: 1 session stored; 3 samples, 2 events, 0 ignored keys in T s (R samples/s); 1 session on a raw clock, t counted from its first timestamp (86400.5 s)\n")
        #expect(try rows("select t, before_seq from events order by ordinal") == "t,before_seq\r\n0.0,0\r\n0.15,2\r\n")
        #expect(try rows("select t, dropdown_expanded from timeline order by seq") == "t,dropdown_expanded\r\n0.05,1\r\n0.1,1\r\n0.2,0\r\n")
        #expect(try rows("select t_origin, round(duration, 6) as duration from sessions") == "t_origin,duration\r\n86400.5,0.15\r\n")
    }
}
