/// `navrec demo` (being built).
struct DemoCommand: NavRecCommand {
    static let spec = CommandSpec(name: "demo", abstract: "(being built)", arguments: "", options: [])

    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run() throws -> ExitCode { .software }
}
