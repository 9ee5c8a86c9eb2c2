import Foundation
import Simulation
import Testing

/// Issue 21, item 9: small things users trip over, end to end through the built binary.
@Suite("command-line edges users trip over, end to end")
struct CLIEdgesTests {
    let directory = TemporaryDirectory()

    @Test("simulate --timestamp-noise writes recordings import reads: 40 seeds with taps, backgrounding and duplicates")
    func timestampNoiseImports() throws {
        let script = try directory.write("script.txt", ["drag to=120 duration=0.5", "tap title", "wait 0.3", "fling velocity=-1500"])
        var lines: [String] = []
        for seed in 1...40 {
            let gesture = seed % 2 == 0 ? ["--script", script, "--background", "0.5=2"] : ["--gesture", "hover", "--duplicates", "0.3"]
            let simulated = try NavRecBinary.run(
                ["simulate", "--behavior", "largeTitle", "--seed", String(seed), "--timestamp-noise", "20", "--session-id", "noisy-\(seed)"]
                    + gesture)
            #expect(simulated.status == 0, "\(simulated.stderr)")
            lines += simulated.stdout.split(separator: "\n").map(String.init)
        }
        let db = directory.path("noisy.sqlite")
        let imported = try NavRecBinary.run(["import", try directory.write("noisy.ndjson", lines), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("40 sessions stored"), "\(imported.stdout)")
    }

    @Test("colour: auto colours a terminal, not NO_COLOR, TERM=dumb (nor progress escapes) or a pipe; --color always|never override")
    func color() throws {
        let db = directory.path("color.sqlite")
        let imported = try NavRecBinary.run(["import", try directory.write("h.ndjson", ReportTests.hoverExample), "--db", db])
        #expect(imported.status == 0)
        let report = ["report", "--db", db]
        if let dumb = try NavRecBinary.onTerminal(report, environment: ["TERM": "dumb"]) {
            #expect(dumb.contains("warning  0.02–0.07 s"), "\(dumb)")
            #expect(!dumb.contains("\u{1B}"))
            let never = try #require(try NavRecBinary.onTerminal(report + ["--color", "never"], environment: ["TERM": "xterm"]))
            #expect(!never.contains("\u{1B}[33m"))
            let auto = try #require(try NavRecBinary.onTerminal(report, environment: ["TERM": "xterm"]))
            #expect(auto.contains("\u{1B}[33mwarning\u{1B}[0m  0.02–0.07 s"))
            let noColor = try #require(try NavRecBinary.onTerminal(report, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
            #expect(noColor.contains("  warning  0.02–0.07 s") && !noColor.contains("\u{1B}[33m"))
        }
        let piped = try NavRecBinary.run(report + ["--color", "always"])
        #expect(piped.stdout.contains("\u{1B}[33mwarning\u{1B}[0m"))
        let plain = try NavRecBinary.run(report)
        #expect(plain.stdout.contains("  warning  0.02–0.07 s") && !plain.stdout.contains("\u{1B}"))
        let wrong = try NavRecBinary.run(report + ["--color", "sometimes"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--color takes auto, always or never, not 'sometimes'"), "\(wrong.stderr)")
    }

    @Test("report --set that removes every finding still says which settings it was made with")
    func settingsEcho() throws {
        let db = directory.path("set.sqlite")
        #expect(try NavRecBinary.run(["import", try directory.write("h.ndjson", ReportTests.hoverExample), "--db", db]).status == 0)
        let text = try NavRecBinary.run(["report", "--db", db, "--set", "blurHeader.hysteresis=2", "--set", "flapping.window=0.5"])
        #expect(text.stdout == "1 session without findings: hover-84 (--all lists it)\n"
            + "with --set blurHeader.hysteresis=2 --set flapping.window=0.5\n"
            + "1 session, 0 findings: 0 warnings, 0 errors (flapping 0, jitter 0, hitch 0, title_mismatch 0)\n")
        let markdown = try NavRecBinary.run(["report", "--db", db, "--set", "blurHeader.hysteresis=2", "--format", "markdown"])
        #expect(markdown.stdout.contains("\nMade with `--set blurHeader.hysteresis=2`\n"))
        let unset = try NavRecBinary.run(["report", "--db", db])
        #expect(!unset.stdout.contains("with --set"))
    }

    @Test("the man page comes from the same declarations as --help, is ASCII, and groff renders it without a warning")
    func manPageForGroff() throws {
        let page = try NavRecBinary.run(["man"])
        #expect(page.status == 0)
        #expect(page.stdout.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(page.stdout.contains("\\[u00B1] points"), "± as groff's named Unicode escape")
        // From the same declarations as --help.
        #expect(page.stdout.hasPrefix(".TH NAVREC 1"))
        #expect(page.stdout.contains(".SS \"navrec report [SESSION...]\"\n"))
        #expect(page.stdout.contains(".TP\n\\fB\\-\\-fail\\-on\\fR \\fIwarning|error\\fR\nExit 1 when a finding at this severity or worse exists; exit 66 when no session was reported.\n"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = ["-man", "-Tutf8", "-ww", "-z"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(page.stdout.utf8))
        try input.fileHandleForWriting.close()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings == "")
    }

    /// Runs `shell arguments…` with the built navrec first on `PATH`; `nil` when the shell is not installed.
    func shell(_ path: String, _ arguments: [String]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = NavRecBinary.url.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["NAVREC_DB"] = nil
        process.environment = env
        process.currentDirectoryURL = directory.url
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(path) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("completions name every command and option and complete options, their values, shells, tunable parameters, query names and session ids (bash, zsh, fish)")
    func completionValues() throws {
        let db = directory.path("demo.sqlite")
        #expect(try NavRecBinary.run(["demo", "--db", db]).status == 0)
        for name in ["bash", "zsh", "fish"] {
            let script = try NavRecBinary.run(["completions", name])
            #expect(script.status == 0)
            for word in ["import", "report", "export", "datasette-metadata", "fail-on", "behavior", "session-id"] {
                #expect(script.stdout.contains(word), "\(name) lacks \(word)")
            }
            try script.stdout.write(toFile: directory.path("navrec.\(name)"), atomically: true, encoding: .utf8)
        }
        #expect(try NavRecBinary.run(["completions", "tcsh"]).status == 64)
        let cases: [(String, String)] = [
            ("navrec report --fa", "--fail-on"),
            ("navrec report --format ", "text json markdown html junit sarif"),
            ("navrec report --fail-on ", "warning error"),
            ("navrec report --color ", "auto always never"),
            ("navrec completions ", "bash zsh fish"),
            ("navrec tune large", "largeTitle.hysteresis"),
            ("navrec query flap", "flapping_hot_spots"),
            ("navrec report --db \(db) demo-blur-", "demo-blur-drag demo-blur-hover"),
            ("navrec tune blurHeader.hysteresis --db \(db) demo-blur-h", "demo-blur-hover"),
            ("navrec report --jobs ", ""),
            ("navrec compare --by ", "build app-version"),
            ("navrec compare --group-by ", "screen behaviors device os app none"),
            ("navrec compare --fail-on ", "regression"),
            ("navrec simulate --gesture ", Gesture.names.joined(separator: " ")),
            ("navrec simulate --gesture fling --gesture h", "hover"),
            ("navrec simulate --behavior ", "largeTitle avatar customTitle hideOnSwipe blurHeader dropdownTitle"),
            ("navrec simulate --fault ", Fault.names.joined(separator: " ")),
            ("navrec simulate --fps ", "60 120"),
            ("navrec import --behavior ", "largeTitle avatar customTitle hideOnSwipe blurHeader dropdownTitle"),
            ("navrec analyze --behavior blur", "blurHeader"),
        ]
        for (line, expected) in cases {
            let words = line.split(separator: " ").map { "'\($0)'" }.joined(separator: " ") + (line.hasSuffix(" ") ? " ''" : "")
            let bash = try #require(try shell("/bin/bash", ["-c", "source navrec.bash; COMP_WORDS=(\(words)); "
                + "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _navrec; echo \"${COMPREPLY[*]}\""]))
            #expect(bash == expected + "\n", "bash: \(line)")
            if let fish = try shell("/usr/bin/fish", ["-c", "source navrec.fish; complete -C '\(line)'"]) {
                let offered = fish.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
                #expect(offered == expected.split(separator: " ").map(String.init).sorted(), "fish: \(line)")
            }
        }
        if let checked = try shell("/usr/bin/zsh", ["-n", "navrec.zsh"]) { #expect(checked == "") }
        // zsh: each enumerated value is in its option's _arguments spec (zsh runs it only interactively).
        let zsh = try String(contentsOfFile: directory.path("navrec.zsh"), encoding: .utf8)
        for spec in ["'--by[Compare the two newest values of FIELD\\: build or app-version.]:field:(build app-version)'",
                     "'*--gesture[", ":name:(\(Gesture.names.joined(separator: " ")))'",
                     "'*--behavior[A behaviour the screen uses (at least one).]:name:(largeTitle avatar customTitle hideOnSwipe blurHeader dropdownTitle)'",
                     "'*--behavior[CSV\\: a behaviour the screen uses.]:name:(largeTitle avatar customTitle hideOnSwipe blurHeader dropdownTitle)'"] {
            #expect(zsh.contains(spec), "zsh lacks \(spec)")
        }
    }
}
