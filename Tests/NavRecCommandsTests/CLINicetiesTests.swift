import Foundation
import Testing

@Suite("command-line niceties, end to end")
struct CLINicetiesTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("cli.sqlite") }

    func importExample() throws {
        let lines = [#"{"navrec":1,"session":{"id":"hover-84","device":"iPhone16,1","os":"iOS 18.1","fps":60,"behaviors":{"blurHeader":{}}}}"#]
            + ReportTests.hoverExample.dropFirst()
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", lines), "--db", db]).status == 0)
    }

    @Test("an unknown query name says so and lists close names, exit 66")
    func unknownQuery() throws {
        try importExample()
        let typo = try NavRecBinary.run(["query", "flaping", "--db", db])
        #expect(typo.status == 66)
        #expect(typo.stdout == "")
        #expect(typo.stderr == "error: unknown query 'flaping' (did you mean 'flapping_hot_spots'?); navrec query --list shows the ready ones\n")
        let words = try NavRecBinary.run(["query", "title_timeline", "--db", db])
        #expect(words.stderr.contains("(did you mean 'session_timeline', 'title_mismatch_timeline'?)"))
        // Single-word SQL statements are still SQL.
        #expect(try NavRecBinary.run(["query", "vacuum", "--db", db]).status == 65)
    }

    @Test("reading pragmas with an argument work in navrec query; assignments stay refused")
    func pragmas() throws {
        try importExample()
        let info = try NavRecBinary.run(["query", "PRAGMA table_info(sessions)", "--db", db, "--format", "csv"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.hasPrefix("cid,name,type,notnull,dflt_value,pk\r\n0,session_key,INTEGER,0,,1\r\n1,id,TEXT,1,,0\r\n"))
        let assignment = try NavRecBinary.run(["query", "PRAGMA user_version = 3", "--db", db])
        #expect(assignment.status == 65)
    }

    @Test("navrec help COMMAND prints the command's help; an unknown one is a usage error")
    func helpCommand() throws {
        let help = try NavRecBinary.run(["help", "report"])
        #expect(help.status == 0)
        #expect(help.stdout == (try NavRecBinary.run(["report", "--help"])).stdout)
        let unknown = try NavRecBinary.run(["help", "reprot"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Did you mean 'report'?"))
    }

    @Test("the JSON report carries device and os; one session is 'session'")
    func jsonDeviceAndWording() throws {
        try importExample()
        let path = directory.path("r.json")
        let report = try NavRecBinary.run(["report", "--db", db, "--format", "json", "--output", path])
        #expect(report.stderr == "wrote \(path): 1 session, 1 finding\n")
        let json = try String(contentsOfFile: path, encoding: .utf8)
        #expect(json.contains(#""screen": null,"# + "\n" + #"      "device": "iPhone16,1","# + "\n" + #"      "os": "iOS 18.1","#))
    }

    @Test("help wraps to $COLUMNS; unwrapped into a pipe")
    func wrappedHelp() throws {
        let wide = try NavRecBinary.run(["report", "--help"])
        #expect(wide.stdout.contains("  --set KEY=VALUE             A detector setting (flapping.window=0.5) or a behaviour parameter to replay with (blurHeader.hysteresis=1.5). (repeatable)\n"))
        #expect(wide.stdout.contains("  --format text|json|markdown|html|junit|sarif\n                              Report format (default: text).\n"))
        let narrow = try NavRecBinary.run(["report", "--help"], environment: ["COLUMNS": "60"])
        let options = narrow.stdout.components(separatedBy: "OPTIONS:\n")[1].components(separatedBy: "\n\n")[0]
        #expect(options.split(separator: "\n").allSatisfy { $0.count <= 60 || $0.hasPrefix("  --format") })
        #expect(options.contains("  --set KEY=VALUE             A detector setting\n                              (flapping.window=0.5) or a"))
    }
}
