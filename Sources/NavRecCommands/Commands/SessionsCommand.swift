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
        // Streamed a page of sessions at a time, as query streams its rows: holding every session
        // took 1.1 GB at 10⁶ (issue 39 item 15). Up to 1,000 sessions the output is the table it
        // was; beyond, the table keeps the first 1,000 rows' widths (ResultStream).
        let rows = ResultStream(columns: ResultTable.sessionColumns, format: format, output: context.output)
        var after = Int64.min
        do {
            while true {
                let page = try store.sessions(after: after, limit: ResultStream.pageRows)
                for session in page { rows.append(ResultTable.sessionRow(session)) }
                guard let last = page.last, page.count == ResultStream.pageRows else { break }
                after = last.key
            }
        } catch {
            throw CommandError.database(error, path: databasePath, during: .reading)
        }
        rows.finish()
        return .success
    }
}

extension SessionsCommand {
    /// The options only `navrec sessions` takes.
    enum Options {
        static let format: Option<OutputFormat> = OutputOptions.format("Output format (default: table).")
    }
}
