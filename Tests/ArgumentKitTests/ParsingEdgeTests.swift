import ArgumentKit
import Testing

/// The corners of ``ParsedArguments``: every spelling a value can take, where options end, what a
/// command without arguments refuses, and the exact messages of each usage error.
@Suite("ArgumentKit: parsing corner cases")
struct ParsingEdgeTests {
    static let output = Option<String>.value("output", "FILE", "Write here.", short: "o")
    static let quiet = Option<Bool>.flag("quiet", short: "q", "Say less.")
    static let tag = Option<[String]>.repeatable("tag", "NAME", "A tag.")
    static let shade = Option<Shade>.choice("shade", "The shade.")
    static let withArguments = CommandSpec(
        name: "paint", abstract: "Paint.", arguments: "THING...", options: [output.spec, quiet.spec, tag.spec, shade.spec])
    static let withoutArguments = CommandSpec(name: "plain", abstract: "Plain.", arguments: "", options: [output.spec, quiet.spec])

    static func parse(_ arguments: [String], _ spec: CommandSpec = withArguments) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, spec: spec)
    }

    static func failure(_ arguments: [String], _ spec: CommandSpec = withArguments) -> UsageError? {
        do {
            _ = try parse(arguments, spec)
            return nil
        } catch { return error }
    }

    @Test("a value in each spelling: --name value, --name=value, -x value; an empty inline value; a value that looks like an option")
    func valueSpellings() throws {
        #expect(try Self.parse(["--output", "a"]).value(Self.output) == "a")
        #expect(try Self.parse(["--output=a=b"]).value(Self.output) == "a=b")
        #expect(try Self.parse(["-o", "a"]).value(Self.output) == "a")
        #expect(try Self.parse(["--output="]).value(Self.output) == "")
        // The word after an option that takes a value is that value, whatever it looks like.
        #expect(try Self.parse(["--output", "--quiet"]).value(Self.output) == "--quiet")
        #expect(try Self.parse(["--output", "--quiet"]).has(Self.quiet) == false)
        #expect(try Self.parse([]).value(Self.output) == nil)
        #expect(try Self.parse([]).all(Self.tag) == [])
        #expect(try Self.parse(["-q"]).has(Self.quiet))
    }

    @Test("repeatable values keep their order; a one-value option given twice is an error in any spelling")
    func repeats() throws {
        #expect(try Self.parse(["--tag", "b", "x", "--tag=a", "--tag", "b"]).all(Self.tag) == ["b", "a", "b"])
        for arguments in [["-o", "a", "--output=b"], ["--output=a", "--output=a"], ["-q", "-q", "-o", "a", "-o", "b"]] {
            #expect(Self.failure(arguments)?.message == "option '--output' was given more than once", "\(arguments)")
        }
        // A flag given twice is still just given.
        #expect(try Self.parse(["-q", "--quiet"]).has(Self.quiet))
    }

    @Test("'--' ends options, '-' and negative numbers are positionals, -h and --help anywhere ask for help")
    func positionals() throws {
        let parsed = try Self.parse(["-", "-1", "-2.5", "-1e5", "--", "-q", "--", "--output"])
        #expect(parsed.positionals == ["-", "-1", "-2.5", "-1e5", "-q", "--", "--output"])
        #expect(!parsed.has(Self.quiet))
        #expect(parsed.value(Self.output) == nil)
        #expect(try Self.parse(["thing", "--help", "--output", "x"]).wantsHelp)
        #expect(try Self.parse(["-o", "x", "-h"]).wantsHelp)
        // After '--' a help flag is a positional.
        let afterEnd = try Self.parse(["--", "--help"])
        #expect(!afterEnd.wantsHelp && afterEnd.positionals == ["--help"])
        // Whitespace before any '=' makes a word no option: SQL that starts with a comment.
        #expect(try Self.parse(["--a b=c", "-x y"]).positionals == ["--a b=c", "-x y"])
        // Whitespace after the '=' is part of a value.
        #expect(try Self.parse(["--output=a b"]).value(Self.output) == "a b")
    }

    @Test("a command without arguments refuses every positional, negative numbers and '-' included")
    func noArguments() throws {
        #expect(Self.failure(["x"], Self.withoutArguments)?.message == "unexpected argument 'x'")
        #expect(Self.failure(["-"], Self.withoutArguments)?.message == "unexpected argument '-'")
        #expect(Self.failure(["--", "x"], Self.withoutArguments)?.message == "unexpected argument 'x'")
        #expect(Self.failure(["-3"], Self.withoutArguments)?.message == "unknown option '-3'")
        #expect(Self.failure(["x"], Self.withoutArguments)?.command == "plain")
        #expect(try Self.parse(["--quiet", "--"], Self.withoutArguments).positionals == [])
    }

    @Test("unknown options: the closest name as a hint (help included), none for a far one, short ones exact")
    func unknownOptions() {
        let typo = Self.failure(["--ouput", "x"])
        #expect(typo?.message == "unknown option '--ouput'" && typo?.suggestion == "--output")
        #expect(typo?.description == "unknown option '--ouput'\nDid you mean '--output'?")
        #expect(Self.failure(["--hepl"])?.suggestion == "--help")
        let far = Self.failure(["--zzzzzzzzzz"])
        #expect(far?.message == "unknown option '--zzzzzzzzzz'" && far?.suggestion == nil)
        #expect(far?.description == "unknown option '--zzzzzzzzzz'")
        // Short options are one letter: no bundling, no inline value.
        #expect(Self.failure(["-qo", "x"])?.message == "unknown option '-qo'")
        #expect(Self.failure(["-o=x"])?.message == "unknown option '-o=x'")
        #expect(Self.failure(["-z"])?.message == "unknown option '-z'")
        #expect(Self.failure(["--quiet=1"])?.message == "option '--quiet' takes no value")
        #expect(Self.failure(["-o"])?.message == "missing value for '--output FILE'")
        #expect(Self.failure(["x", "--tag"])?.message == "missing value for '--tag NAME'")
    }

    @Test("choices: the value, the default when absent, the last one when repeated, and the message naming every value")
    func choices() throws {
        #expect(try Self.parse(["--shade=light"]).choice(Self.shade, command: "paint") == .light)
        #expect(try Self.parse([]).choice(Self.shade, command: "paint") == nil)
        #expect(try Self.parse([]).choice(Self.shade, default: .dark, command: "paint") == .dark)
        do {
            _ = try Self.parse(["--shade", "Light"]).choice(Self.shade, command: "paint")
            Issue.record("a choice is case-sensitive")
        } catch {
            #expect(error.message == "--shade takes light or dark, not 'Light'")
            #expect(error.command == "paint")
        }
        #expect(Shade.valueName == "light|dark")
        #expect(Shade.spokenList == "light or dark")
        #expect(Tone.spokenList == "warm, cool or neutral")
        #expect(Single.spokenList == "only" && Single.valueName == "only")
    }
}

enum Tone: String, CommandLineChoice {
    case warm, cool, neutral
}

enum Single: String, CommandLineChoice {
    case only
}
