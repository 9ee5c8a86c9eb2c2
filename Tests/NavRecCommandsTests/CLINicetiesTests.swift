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

    /// Runs `navrec arguments…` on a pseudo-terminal through util-linux `script`, which merges
    /// stdout and stderr; `nil` when `script` is not installed.
    func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let command = ([NavRecBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("severities are coloured on a terminal, not with NO_COLOR, not into a pipe")
    func color() throws {
        try importExample()
        let piped = try NavRecBinary.run(["report", "--db", db])
        #expect(piped.stdout.contains("  warning  0.02–0.07 s") && !piped.stdout.contains("\u{1B}["))
        guard let terminal = try onTerminal(["report", "--db", db]) else { return }
        #expect(terminal.contains("\u{1B}[33mwarning\u{1B}[0m  0.02–0.07 s"))
        let noColor = try #require(try onTerminal(["report", "--db", db], environment: ["NO_COLOR": "1"]))
        #expect(noColor.contains("  warning  0.02–0.07 s") && !noColor.contains("\u{1B}[33m"))
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

    @Test("completions for bash, zsh and fish name every command and option; bash's script parses and completes")
    func completions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try NavRecBinary.run(["completions", shell])
            #expect(script.status == 0)
            for word in ["import", "report", "export", "datasette-metadata", "fail-on", "behavior", "session-id"] {
                #expect(script.stdout.contains(word), "\(shell) lacks \(word)")
            }
        }
        #expect(try NavRecBinary.run(["completions", "tcsh"]).status == 64)
        let path = directory.path("navrec.bash")
        try NavRecBinary.run(["completions", "bash"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "source '\(path)' && COMP_WORDS=(navrec report --fa) COMP_CWORD=2 && _navrec && echo \"${COMPREPLY[*]}\""]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == "--fail-on\n")
    }

    @Test("the man page comes from the same declarations as --help")
    func manPage() throws {
        let page = try NavRecBinary.run(["man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH NAVREC 1"))
        #expect(page.stdout.contains(".SS \"navrec report [SESSION...]\"\n"))
        #expect(page.stdout.contains(".TP\n\\fB\\-\\-fail\\-on\\fR \\fIwarning|error\\fR\nExit 1 when a finding at this severity or worse exists; exit 66 when no session was reported.\n"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") || FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            // Rendered by a real roff when there is one (not needed for the test to mean something).
        }
    }
}
