import ArgumentKit
import Testing

/// `--help` and the man page, byte for byte on a small command: label alignment, a long label on a
/// line of its own, wrapping, roff escapes.
@Suite("ArgumentKit: help and man page text")
struct HelpTextTests {
    static let spec = CommandSpec(
        name: "paint", abstract: "Paint things.", arguments: "THING...",
        options: [
            .flag("verbose", short: "v", "Say more."),
            .value("tag", "NAME", "A tag.", repeatable: true),
            .choice("shade", Shade.self, "The shade of the paint to use on every wall."),
        ],
        discussion: "Example: paint wall")

    @Test("help: aligned labels, a repeatable marked, the built-in help, the discussion")
    func help() {
        #expect(Self.spec.help() == """
            OVERVIEW: Paint things.

            USAGE: navrec paint THING... [options]

            OPTIONS:
              -v, --verbose       Say more.
              --tag NAME          A tag. (repeatable)
              --shade light|dark  The shade of the paint to use on every wall.
              -h, --help          Show this help.

            Example: paint wall

            """)
    }

    @Test("help wraps descriptions to the terminal's width, at least 20 columns, under their column")
    func wrapped() {
        let text = Self.spec.help(width: 40)
        #expect(text.contains("""
              --shade light|dark  The shade of the
                                  paint to use on
                                  every wall.

            """))
        // A terminal narrower than the labels still gets 20 columns of description.
        #expect(Self.spec.help(width: 10).contains("  --shade light|dark  The shade of the\n"))
    }

    @Test("a label longer than 26 columns goes on its own line; a command without options or arguments has a bare usage")
    func longLabel() {
        let spec = CommandSpec(
            name: "x", abstract: "X.", arguments: "",
            options: [.value("a-very-long-option-name", "VALUE", "Long.")])
        #expect(spec.help() == """
            OVERVIEW: X.

            USAGE: navrec x [options]

            OPTIONS:
              --a-very-long-option-name VALUE
                                          Long.
              -h, --help                  Show this help.

            """)
        #expect(CommandSpec(name: "y", abstract: "Y.", arguments: "", options: []).help() == "OVERVIEW: Y.\n\nUSAGE: navrec y\n")
    }

    @Test("wrap: breaks at spaces, keeps a word longer than the width whole, one line without a width")
    func wrap() {
        #expect(CommandSpec.wrap("a bb ccc dddd", to: 6) == ["a bb", "ccc", "dddd"])
        #expect(CommandSpec.wrap("unbreakable-word here", to: 5) == ["unbreakable-word", "here"])
        #expect(CommandSpec.wrap("fits", to: 4) == ["fits"])
        #expect(CommandSpec.wrap("", to: 3) == [""])
    }

    @Test("the man page escapes hyphens, backslashes, non-ASCII and leading dots")
    func manEscapes() {
        let spec = CommandSpec(
            name: "paint", abstract: ".hidden \\ café", arguments: "",
            options: [.value("dry-run", "N", "Try – don't.")], discussion: "line one\n'quoted")
        let page = ManPage.render(specs: [spec], version: "1.0")
        #expect(page.hasPrefix(".TH NAVREC 1 \"\" \"navrec 1.0\" \"User Commands\"\n"))
        #expect(page.contains(".SS \"navrec paint\"\n\\&.hidden \\e caf\\[u00E9]\n"))
        #expect(page.contains(".TP\n\\fB\\-\\-dry\\-run\\fR \\fIN\\fR\nTry \\[u2013] don't.\n"))
        #expect(page.contains(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow this help.\n"))
        #expect(page.contains(".PP\n.nf\nline one\n\\&'quoted\n.fi\n"))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
