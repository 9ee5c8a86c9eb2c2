/// `navrec simulate` (being built).
struct SimulateCommand: NavRecCommand {
    static let spec = CommandSpec(name: "simulate", abstract: "(being built)", arguments: "", options: [])

    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run() throws -> ExitCode { .software }
}
