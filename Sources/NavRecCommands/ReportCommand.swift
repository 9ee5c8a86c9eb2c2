/// `navrec report` (being built).
struct ReportCommand: NavRecCommand {
    static let spec = CommandSpec(name: "report", abstract: "(being built)", arguments: "", options: [])

    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run() throws -> ExitCode { .software }
}
