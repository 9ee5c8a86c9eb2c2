import Foundation
import Testing

/// Text output on a terminal (issue 20 class 10, issue 27 items 7 and 9): tables padded by display
/// width, and control characters from recordings (and from what the user typed) escaped in every
/// text output and error message, so they never reach the terminal raw.
@Suite("terminal output: display width and escaping, end to end")
struct TerminalOutputTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("terminal.sqlite") }

    /// Sessions named the way apps name screens around the world: emoji with the variation
    /// selector and a ZWJ family, CJK, Arabic, combining accents, halfwidth katakana, a flag.
    static let worldwide = [
        #"{"navrec":1,"session":{"id":"sun-☀️","app":"天気","screen":"👨‍👩‍👧‍👦 family","behaviors":{"largeTitle":{}}}}"#,
        #"{"t":0,"y":0}"#,
        #"{"navrec":1,"session":{"id":"arabic","app":"الطقس","screen":"e\u0301te\u0301","behaviors":{"largeTitle":{}}}}"#,
        #"{"t":0,"y":0}"#,
        #"{"navrec":1,"session":{"id":"设定-🇯🇵","app":"Réglages","screen":"ｶﾀｶﾅ","behaviors":{"largeTitle":{}}}}"#,
        #"{"t":0,"y":0}"#,
    ]

    /// A header whose id, app, screen, device and os carry an OSC title sequence, BEL, CSI colour
    /// and erase sequences, a C1 CSI (U+009B), a newline and a backspace; with the hover samples,
    /// so the report has finding lines.
    static func hostile(start: Double = 82) -> [String] {
        [#"{"navrec":1,"session":{"id":"esc\u001b]0;pwned\u0007","app":"a\u001b[31mred","screen":"two\nlines","device":"\u009b2J","os":"iOS\b 18","fps":60,"behaviors":{"blurHeader":{}}}}"#]
            + [start, start + 3, start + 1, start + 4, start + 0.5].enumerated().map { #"{"t":\#(Double($0.offset) / 60),"y":\#($0.element),"phase":"drag"}"# }
    }

    /// Whether `text` holds a control character other than the newlines that end its lines.
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    /// `text` with `navrec sessions`' import times (all the same width) made stable.
    static func stableTimes(_ text: String) -> String {
        text.replacing(/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z/, with: "YYYY-MM-DDTHH:MM:SSZ")
    }

    /// Checks `table` with wcwidth, the width table of terminals' own libraries, when installed.
    func expectAlignedByWCWidth(_ table: String, name: String) throws {
        let path = directory.path(name)
        try table.write(toFile: path, atomically: true, encoding: .utf8)
        if let checked = try PythonValidator.check("check_table_alignment.py", [path], needs: "wcwidth") {
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }

    @Test("navrec sessions and query's table pad by display width: emoji, ZWJ families, CJK, Arabic, combining marks")
    func displayWidth() throws {
        let imported = try NavRecBinary.run(["import", try directory.write("world.ndjson", Self.worldwide), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")

        let sessions = try NavRecBinary.run(["sessions", "--db", db])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        // ☀️ and 🇯🇵 and the family take 2 columns, 天気 and 设定 4, الطقس 5, été (with combining
        // accents) 3, ｶﾀｶﾅ (halfwidth) 4: every column starts at the same display column.
        #expect(Self.stableTimes(sessions.stdout) == """
            id       app       screen     behaviors   samples  duration  imported_at
            -------  --------  ---------  ----------  -------  --------  --------------------
            sun-☀️   天気      👨‍👩‍👧‍👦 family  largeTitle        1       0.0  YYYY-MM-DDTHH:MM:SSZ
            arabic   الطقس     été        largeTitle        1       0.0  YYYY-MM-DDTHH:MM:SSZ
            设定-🇯🇵  Réglages  ｶﾀｶﾅ       largeTitle        1       0.0  YYYY-MM-DDTHH:MM:SSZ

            """)
        try expectAlignedByWCWidth(sessions.stdout, name: "sessions.txt")

        let query = try NavRecBinary.run(["query", "select screen, app, id from sessions order by id", "--db", db])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout == """
            screen     app       id
            ---------  --------  -------
            été        الطقس     arabic
            👨‍👩‍👧‍👦 family  天気      sun-☀️
            ｶﾀｶﾅ       Réglages  设定-🇯🇵

            """)
        try expectAlignedByWCWidth(query.stdout, name: "query.txt")
    }

    @Test("control characters of a header are escaped in import summaries, sessions, query tables and the text report")
    func escapedOutputs() throws {
        let first = try directory.write("hostile.ndjson", Self.hostile())
        // The same id with other samples: kept under a derived id, which the summary prints.
        let second = try directory.write("hostile2.ndjson", Self.hostile(start: 90))
        let outputs = [
            try NavRecBinary.run(["import", first, "--db", db]),
            try NavRecBinary.run(["import", second, "--db", db]),
            try NavRecBinary.run(["sessions", "--db", db]),
            try NavRecBinary.run(["query", "select id, app, screen, device, os from sessions", "--db", db]),
            try NavRecBinary.run(["report", "--db", db, "--all"]),
        ]
        for output in outputs {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!Self.hasRawControl(output.stdout), "raw control characters in \(output.stdout.debugDescription)")
            #expect(!Self.hasRawControl(output.stderr), "raw control characters in \(output.stderr.debugDescription)")
        }
        #expect(outputs[1].stdout.contains(#"as its id holds a different recording: esc\x1B]0;pwned\x07~"#), "\(outputs[1].stdout)")
        let query = outputs[3].stdout.split(separator: "\n").map(String.init)
        #expect(query.count == 4)
        #expect(query[2].hasPrefix(#"esc\x1B]0;pwned\x07                   a\x1B[31mred  two\nlines  \x9B2J  iOS\x08 18"#), "\(query)")
        let report = outputs[4].stdout
        #expect(report.contains(#"esc\x1B]0;pwned\x07 (a\x1B[31mred › two\nlines) — blurHeader — "#), "\(report)")
        #expect(report.contains(#", \x9B2J, iOS\x08 18"#), "\(report)")
        #expect(report.contains("  warning  "), "the finding lines are there: \(report)")

        // The data formats keep the values exactly, escaped as their format escapes.
        let json = try NavRecBinary.run(["sessions", "--db", db, "--format", "json"])
        #expect(json.stdout.contains(#""esc\u001b]0;pwned\u0007""#), "\(json.stdout)")
    }

    @Test("control characters quoted in error messages are escaped: one error stays one line")
    func escapedErrors() throws {
        // An unknown behaviour whose name holds a newline and an ESC, decoded from the JSON escapes.
        let bad = try directory.write("bad.ndjson", [#"{"navrec":1,"session":{"id":"x","behaviors":{"blur\nHe\u001b[2Jader":{}}}}"#, #"{"t":0,"y":0}"#])
        let imported = try NavRecBinary.run(["import", bad, "--db", db])
        #expect(imported.status == 65)
        #expect(imported.stderr.split(separator: "\n").count == 1, "\(imported.stderr.debugDescription)")
        #expect(imported.stderr.contains(#"unknown behaviour 'blur\nHe\x1B[2Jader'"#), "\(imported.stderr)")
        #expect(!Self.hasRawControl(imported.stderr))

        let analyzed = try NavRecBinary.run(["analyze", bad])
        #expect(analyzed.status == 65)
        #expect(analyzed.stdout.split(separator: "\n").count == 1, "JSON escapes it: \(analyzed.stdout)")

        #expect(try NavRecBinary.run(["import", try directory.write("good.ndjson", ReportTests.hoverExample), "--db", db]).status == 0)
        let session = try NavRecBinary.run(["report", "no\u{1B}]0;x\u{07}\nsuch", "--db", db])
        #expect(session.status == 66)
        #expect(session.stderr == "error: no session 'no\\x1B]0;x\\x07\\nsuch' in \(db); navrec sessions lists them\n")

        let option = try NavRecBinary.run(["report", "--db", db, "--colour\u{1B}[5m"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("error: unknown option '--colour\\x1B[5m'\n"), "\(option.stderr)")
        #expect(!Self.hasRawControl(option.stderr))
    }
}
