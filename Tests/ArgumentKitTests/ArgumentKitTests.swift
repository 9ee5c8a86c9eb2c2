import ArgumentKit
import Testing

enum Shade: String, CommandLineChoice {
    case light, dark
}

enum Keys {
    static let verbose = Option<Bool>.flag("verbose", short: "v", "Say more.")
    static let output = Option<String>.value("output", "FILE", "Write here.")
    static let tag = Option<[String]>.repeatable("tag", "NAME", "A tag.").completing(["red", "green"])
    static let shade = Option<Shade>.choice("shade", "The shade.")
    static let spec = CommandSpec(
        name: "paint", abstract: "Paint things.", arguments: "THING...",
        options: [verbose.spec, output.spec, tag.spec, shade.spec], discussion: "Example: paint wall",
        positionals: [.words(["wall", "door"]), .files])
}

@Suite("ArgumentKit: parsing, help, completions")
struct ArgumentKitTests {
    @Test("options in every spelling, positionals, '-', '--' and negative numbers")
    func parsing() throws {
        let parsed = try ParsedArguments(
            ["wall", "-v", "--output=out.txt", "--tag", "red", "--tag=green", "--shade", "dark", "-", "-3", "--", "--door"],
            spec: Keys.spec)
        #expect(parsed.has(Keys.verbose))
        #expect(parsed.value(Keys.output) == "out.txt")
        #expect(parsed.all(Keys.tag) == ["red", "green"])
        #expect(try parsed.choice(Keys.shade, command: "paint") == .dark)
        #expect(parsed.positionals == ["wall", "-", "-3", "--door"])
        #expect(!parsed.wantsHelp)
        #expect(try ParsedArguments(["-h"], spec: Keys.spec).wantsHelp)
        // SQL starting with a comment is an argument, not an option.
        #expect(try ParsedArguments(["-- note\nselect 1"], spec: Keys.spec).positionals == ["-- note\nselect 1"])
    }

    @Test("usage errors: unknown option with a hint, missing value, a value for a flag, repeats, bad choice")
    func errors() {
        func message(_ arguments: [String]) -> UsageError? {
            do {
                let parsed = try ParsedArguments(arguments, spec: Keys.spec)
                _ = try parsed.choice(Keys.shade, command: "paint")
                return nil
            } catch { return error }
        }
        let unknown = message(["--outptu", "x"])
        #expect(unknown?.message == "unknown option '--outptu'")
        #expect(unknown?.suggestion == "--output")
        #expect(unknown?.command == "paint")
        #expect(message(["--output"])?.message == "missing value for '--output FILE'")
        #expect(message(["--verbose=yes"])?.message == "option '--verbose' takes no value")
        #expect(message(["--output", "a", "--output", "b"])?.message == "option '--output' was given more than once")
        #expect(message(["--shade", "grey"])?.message == "--shade takes light or dark, not 'grey'")
        #expect(message(["-x"])?.message == "unknown option '-x'")
        let noArguments = CommandSpec(name: "plain", abstract: "", arguments: "", options: [])
        #expect(throws: UsageError.self) { try ParsedArguments(["stray"], spec: noArguments) }
    }

    @Test("help lists every option with its value, repeatable ones marked, choices spelled, wrapped to the width")
    func help() {
        let text = Keys.spec.help()
        #expect(text.hasPrefix("OVERVIEW: Paint things.\n\nUSAGE: navrec paint THING... [options]\n"))
        for line in ["-v, --verbose", "--output FILE", "--tag NAME", "A tag. (repeatable)", "--shade light|dark", "-h, --help", "Example: paint wall"] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(CommandSpec.wrap("one two three four", to: 9) == ["one two", "three", "four"])
        #expect(CommandSpec.wrap("short", to: nil) == ["short"])
    }

    @Test("every shell's script offers each option, each choice and each completing value")
    func completions() throws {
        for shell in ShellCompletions.shells {
            let script = try #require(ShellCompletions.script(for: shell, specs: [Keys.spec]))
            for word in ["paint", "verbose", "output", "tag", "shade", "wall door"] {
                #expect(script.contains(word), "\(shell) lacks \(word)")
            }
            switch shell {
            case "bash":
                #expect(script.contains(#""paint --tag") COMPREPLY=( $(compgen -W "red green" -- "$cur") )"#))
                #expect(script.contains(#""paint --shade") COMPREPLY=( $(compgen -W "light dark" -- "$cur") )"#))
                #expect(script.contains(#""paint --output") COMPREPLY=( $(compgen -f -- "$cur") )"#))
            case "zsh":
                #expect(script.contains("'*--tag[A tag.]:name:(red green)'"))
                #expect(script.contains("'--shade[The shade.]:light|dark:(light dark)'"))
                #expect(script.contains("'--output[Write here.]:file:_files'"))
            default:
                #expect(script.contains("-l tag -x -a 'red green'"))
                #expect(script.contains("-l shade -x -a 'light dark'"))
                #expect(script.contains("-l output -r -F"))
            }
        }
        #expect(ShellCompletions.script(for: "tcsh", specs: [Keys.spec]) == nil)
    }

    @Test("the man page has a section per command with its options")
    func manPage() {
        let page = ManPage.render(specs: [Keys.spec], version: "9.9")
        #expect(page.contains("paint"))
        #expect(page.contains("verbose"))
        #expect(page.contains("9.9"))
    }
}
