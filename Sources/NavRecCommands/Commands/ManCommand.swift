internal import ArgumentKit

/// `navrec man`: the man page, generated from the same declarations as `--help`.
struct ManCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print navrec's man page (roff).",
        arguments: "",
        options: [],
        discussion: """
            EXAMPLES:
              navrec man | man -l -
              navrec man > /usr/local/share/man/man1/navrec.1
            """)

    let context: CommandContext

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
    }

    func run() throws -> ExitCode {
        context.output.write(ManPage.render(specs: NavRec.commands.map { $0.spec }, version: NavRec.version))
        return .success
    }
}
