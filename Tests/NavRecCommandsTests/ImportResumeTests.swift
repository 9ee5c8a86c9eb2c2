import Foundation
import Testing

/// `navrec import` goes on after a bad session (issue 21 item 5), a header written over several
/// lines belongs to the session it begins (issue 20 class 7), and `-` with standard input closed is
/// an error (issue 27 item 9).
@Suite("import resumes after bad sessions, end to end")
struct ImportResumeTests {
    let directory = TemporaryDirectory()
    var db: String { directory.path("resume.sqlite") }

    func rows(_ sql: String) throws -> String {
        let result = try NavRecBinary.run(["query", sql, "--db", db, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    static func header(_ id: String) -> String { #"{"navrec":1,"session":{"id":"\#(id)","behaviors":{"largeTitle":{}}}}"# }
    static let samples = [#"{"t":0.0,"y":0}"#, #"{"t":0.1,"y":5}"#]

    /// A complete session, then a header pretty-printed over four lines, then a complete session.
    static let prettyHeaderBetween = [header("first")] + samples + [
        "{",
        #"  "navrec": 1,"#,
        #"  "session": {"id": "second", "behaviors": {"largeTitle": {}}}"#,
        "}",
    ] + samples + [header("third")] + samples

    @Test("a header written over several lines after a complete session: import keeps the session before it")
    func prettyHeaderImport() throws {
        let file = try directory.write("pretty.ndjson", Self.prettyHeaderBetween)
        let result = try NavRecBinary.run(["import", file, "--db", db])
        #expect(result.status == 65)
        #expect(result.stderr == "\(file):4:2: error: invalid JSON: expected a key in double quotes, found the end of the line; a recording has one JSON object per line (NDJSON): write each header on one line, not pretty-printed\n")
        #expect(ImportOutput.stable(result.stdout, in: directory) == "pretty.ndjson: 2 sessions stored, 1 failed (nothing of it stored); 4 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select id, samples from sessions order by id") == "id,samples\r\nfirst,2\r\nthird,2\r\n")
    }

    @Test("analyze reports one error for a header written over several lines, under the next session, not the one before",
          arguments: [
            // `{` alone, then the keys.
            prettyHeaderBetween,
            // `{"session": {` first, `"navrec"` last.
            [header("first")] + samples + [#"{"session": {"id": "second", "behaviors": {"largeTitle": {}}},"#, #" "navrec": 1}"#] + samples
                + [header("third")] + samples,
            // `{"navrec": 1,` first.
            [header("first")] + samples + [#"{"navrec": 1,"#, #" "session": {"id": "second", "behaviors": {"largeTitle": {}}}}"#] + samples
                + [header("third")] + samples,
          ])
    func prettyHeaderAnalyze(lines: [String]) throws {
        let result = try NavRecBinary.run(["analyze", try directory.write("pretty.ndjson", lines)])
        #expect(result.status == 65)
        let parsed = try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(parsed.count == 3, "\(result.stdout)")
        guard parsed.count == 3 else { return }
        #expect(parsed[0]["id"] as? String == "first")
        #expect(parsed[0]["samples"] as? Int == 2)
        #expect(parsed[0]["error"] == nil)
        #expect(parsed[1]["id"] is NSNull, "the bad header's session has no id it could read: \(parsed[1])")
        #expect((parsed[1]["error"] as? String)?.contains("pretty.ndjson:4:") == true, "\(parsed[1])")
        #expect((parsed[1]["error"] as? String)?.contains("not pretty-printed") == true, "\(parsed[1])")
        #expect(parsed[2]["id"] as? String == "third")
    }

    @Test("a pretty-printed header at the start of a file is one error, not one per line of it")
    func prettyHeaderFirst() throws {
        let lines = ["{", #"  "navrec": 1,"#, #"  "session": {"behaviors": {"largeTitle": {}}}"#, "}"] + Self.samples + [Self.header("next")] + Self.samples
        let result = try NavRecBinary.run(["analyze", try directory.write("first.ndjson", lines)])
        #expect(result.status == 65)
        let lineCount = result.stdout.split(separator: "\n").count
        #expect(lineCount == 2, "\(result.stdout)")
        #expect(result.stdout.contains(#""error": "#) && result.stdout.contains(#""id": "next""#))
    }

    @Test("a header written over several lines after a failed session is an error of its own, as the Spark loader splits it (issue 40)")
    func prettyHeaderAfterFailure() throws {
        let lines = [Self.header("bad"), #"{"t":"late","y":0}"#, "{", #"  "navrec": 1,"#,
                     #"  "session": {"id": "second", "behaviors": {"largeTitle": {}}}"#, "}"] + Self.samples + [Self.header("next")] + Self.samples
        let result = try NavRecBinary.run(["analyze", try directory.write("after.ndjson", lines)])
        #expect(result.status == 65)
        let output = result.stdout.split(separator: "\n")
        #expect(output.count == 3, "\(result.stdout)")
        #expect(output.first?.contains("after.ndjson:2:") == true && output.dropFirst().first?.contains("after.ndjson:3:") == true,
                "\(result.stdout)")
        #expect(output.last?.contains(#""id": "next""#) == true)
    }

    @Test("bad sessions are reported with FILE:LINE:COL, import resumes at the next session and the next file, exit 65")
    func resumes() throws {
        let mixed = try directory.write("mixed.ndjson", [Self.header("a")] + Self.samples
            + [Self.header("b"), #"{"t":0.0,"y":"x"}"#, #"{"t":0.1,"y":1}"#]
            + [Self.header("c")] + Self.samples
            + [#"{"navrec":1,"session":{"id":"d","behaviors":{"blurHeadr":{}}}}"#] + Self.samples
            + [Self.header("e")] + Self.samples)
        let next = try directory.write("next.ndjson", [Self.header("f")] + Self.samples)
        let result = try NavRecBinary.run(["import", mixed, next, "--db", db])
        #expect(result.status == 65)
        #expect(result.stderr == """
            \(mixed):5:14: error: 'y' must be a number, found a string
            \(mixed):10:46: error: unknown behaviour 'blurHeadr'; known: largeTitle, avatar, customTitle, hideOnSwipe, blurHeader, dropdownTitle (did you mean 'blurHeader'?)

            """)
        #expect(ImportOutput.stable(result.stdout, in: directory) == """
            mixed.ndjson: 3 sessions stored, 2 failed (nothing of them stored); 6 samples, 0 events, 0 ignored keys in T s (R samples/s)
            next.ndjson: 1 session stored; 2 samples, 0 events, 0 ignored keys in T s (R samples/s)
            total, 2 files: 4 sessions stored, 2 failed in 1 file (nothing of them stored); 8 samples, 0 events, 0 ignored keys in T s (R samples/s)

            """)
        // Stored sessions are whole; nothing of b or d is stored.
        #expect(try rows("select id, samples from sessions order by id") == "id,samples\r\na,2\r\nc,2\r\ne,2\r\nf,2\r\n")
        #expect(try rows("select count(*) as n from timeline where session_id in ('b', 'd')") == "n\r\n0\r\n")
        #expect(try rows("select count(*) as n from frame_chunks where (key >> 32) not in (select session_key from sessions)") == "n\r\n0\r\n")
        // Importing again stores nothing new and still reports the bad sessions.
        let again = try NavRecBinary.run(["import", mixed, next, "--db", db])
        #expect(again.status == 65)
        #expect(again.stdout.contains("total, 2 files: 0 sessions stored, 4 already imported (a, c, e, …; --replace re-imports), 2 failed in 1 file"), "\(again.stdout)")
    }

    @Test("2,000 files print one total line, every bad session's error, and exit 65; --each-file prints every file's line")
    func manyFiles() throws {
        var files: [String] = []
        for index in 0..<2000 {
            let lines = index == 1234 ? [Self.header("bad-\(index)"), #"{"t":"late","y":0}"#] : [Self.header("many-\(index)")] + Self.samples
            files.append(try directory.write("f\(index).ndjson", lines))
        }
        let started = ContinuousClock.now
        let result = try NavRecBinary.run(["import"] + files + ["--db", db])
        print("import of 2,000 files: \(ContinuousClock.now - started)")
        #expect(result.status == 65)
        #expect(result.stderr == "\(files[1234]):2:6: error: 't' must be a number, found a string\n")
        #expect(ImportOutput.stable(result.stdout, in: directory)
                == "total, 2000 files: 1999 sessions stored, 1 failed in 1 file (nothing of it stored); 3998 samples, 0 events, 0 ignored keys in T s (R samples/s)\n")
        #expect(try rows("select count(*) as n from sessions") == "n\r\n1999\r\n")

        // Up to 10 files, and with --each-file, each file has its line, then the total.
        let few = try NavRecBinary.run(["import"] + files.prefix(10) + ["--db", db])
        #expect(few.stdout.split(separator: "\n").count == 11, "\(few.stdout)")
        let each = try NavRecBinary.run(["import", "--each-file"] + files.prefix(11) + ["--db", db])
        #expect(each.status == 0)
        #expect(each.stdout.split(separator: "\n").count == 12, "\(each.stdout)")
        #expect(try NavRecBinary.run(["import"] + files.prefix(11) + ["--db", db]).stdout.split(separator: "\n").count == 1)
    }

    @Test("'import -' and 'analyze -' with standard input closed exit 66 and create no database")
    func standardInputClosed() throws {
        for command in ["import - --db \"$1\"", "analyze -"] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "exec \"$0\" \(command) <&-", NavRecBinary.url.path, db]
            let errPipe = Pipe()
            shell.standardError = errPipe
            shell.standardOutput = FileHandle.nullDevice
            try shell.run()
            let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 66, "\(command): \(stderr)")
            #expect(stderr == "error: standard input is closed: nothing to read for '-' (pipe a recording in, or give a FILE)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
