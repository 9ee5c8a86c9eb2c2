import Foundation
import Testing

@Suite("Command line conventions")
struct CommandLineTests {
    @Test("--help prints the commands on stdout and exits 0")
    func topLevelHelp() throws {
        let result = try NavRecBinary.run(["--help"])
        #expect(result.status == 0)
        for command in ["import", "sessions", "report", "analyze", "query", "simulate", "demo"] {
            #expect(result.stdout.contains(command))
        }
        #expect(result.stderr.isEmpty)
    }

    @Test("every command has --help and -h on stdout with exit 0",
          arguments: ["import", "sessions", "report", "analyze", "query", "simulate", "demo"], ["--help", "-h"])
    func commandHelp(command: String, flag: String) throws {
        let result = try NavRecBinary.run([command, flag])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: navrec \(command)"))
        #expect(result.stderr.isEmpty)
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try NavRecBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("navrec "))
    }

    @Test("an unknown option is a usage error with a did-you-mean hint, exit 64")
    func unknownOption() throws {
        let result = try NavRecBinary.run(["sessions", "--formt", "json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: unknown option '--formt'"))
        #expect(result.stderr.contains("Did you mean '--format'?"))
        #expect(result.stdout.isEmpty)
    }

    @Test("an option with a fixed set of values names them in help and in its error, exit 64", arguments: [
        (["report", "--format", "yaml"], "--format takes text, json, markdown, html, junit or sarif, not 'yaml'", "text|json|markdown|html|junit|sarif"),
        (["report", "--fail-on", "info"], "--fail-on takes warning or error, not 'info'", "warning|error"),
        (["sessions", "--format", "xml"], "--format takes table, csv or json, not 'xml'", "table|csv|json"),
        (["export", "--format", "chrome"], "--format takes perfetto, not 'chrome'", "perfetto"),
        (["import", "x.txt", "--format", "tsv"], "--format takes ndjson or csv, not 'tsv'", "ndjson|csv"),
    ])
    func choiceOptions(arguments: [String], message: String, help: String) throws {
        let result = try NavRecBinary.run(arguments + ["--db", "/nonexistent/never-created.sqlite"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
        let usage = try NavRecBinary.run([arguments[0], "--help"])
        #expect(usage.stdout.contains(help))
    }

    @Test("an unknown command suggests the closest one, exit 64")
    func unknownCommand() throws {
        let result = try NavRecBinary.run(["imprt", "x.ndjson"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command 'imprt'"))
        #expect(result.stderr.contains("Did you mean 'import'?"))
    }

    @Test("no command prints help on stderr, exit 64")
    func noCommand() throws {
        let result = try NavRecBinary.run([])
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: navrec COMMAND"))
    }

    @Test("--name=value and --name value are the same; a missing value is a usage error")
    func optionForms() throws {
        let directory = TemporaryDirectory()
        let db = directory.path("x.sqlite")
        let path = try directory.write("a.ndjson", [
            #"{"navrec":1,"session":{"id":"a","behaviors":{"largeTitle":{}}}}"#, #"{"t":0,"y":1}"#,
        ])
        #expect(try NavRecBinary.run(["import", path, "--db=\(db)"]).status == 0)
        #expect(try NavRecBinary.run(["sessions", "--db", db, "--format=csv"]).stdout.contains("a,"))
        let missing = try NavRecBinary.run(["sessions", "--db"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("missing value for '--db"))
    }

    @Test("-- ends options so a file may start with a dash")
    func doubleDash() throws {
        let directory = TemporaryDirectory()
        try directory.write("-odd.ndjson", [
            #"{"navrec":1,"session":{"id":"odd","behaviors":{"blurHeader":{}}}}"#, #"{"t":0,"y":1}"#,
        ])
        let result = try NavRecBinary.run(["import", "--db", "d.sqlite", "--", "-odd.ndjson"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
