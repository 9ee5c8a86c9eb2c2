internal import ArgumentKit
internal import Store

/// `navrec sessions`: one row per stored session.
struct SessionsCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "sessions",
        abstract: "List the stored sessions.",
        arguments: "",
        options: [
            DatabaseOptions.database.spec,
            Options.format.spec,
        ],
        discussion: """
            EXAMPLES:
              navrec sessions
              navrec sessions --format json | jq '.[].id'
            """)

    let context: CommandContext
    let databasePath: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        format = try arguments.choice(Options.format, default: .table, command: Self.spec.name)
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath, readOnly: true)
        let sessions: [StoredSession]
        do { sessions = try store.sessions() } catch { throw CommandError.database(error, path: databasePath, during: .reading) }
        context.output.write(ResultTable(sessions: sessions).render(format))
        return .success
    }
}

extension SessionsCommand {
    /// The options only `navrec sessions` takes.
    enum Options {
        static let format: Option<OutputFormat> = OutputOptions.format("Output format (default: table).")
    }
}
