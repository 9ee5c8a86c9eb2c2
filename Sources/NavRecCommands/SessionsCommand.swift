internal import Store

/// `navrec sessions`: one row per stored session.
struct SessionsCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "sessions",
        abstract: "List the stored sessions.",
        arguments: "",
        options: [
            .value("db", "PATH", "Database (default: $NAVREC_DB, else ./navrec.sqlite)."),
            .value("format", "table|json|csv", "Output format (default: table)."),
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
        format = try OutputFormat.parse(arguments.value("format"), command: Self.spec.name)
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath, readOnly: true)
        let sessions: [StoredSession]
        do { sessions = try store.sessions() } catch { throw CommandError.database(error, path: databasePath) }
        context.output.write(Self.table(sessions).render(format))
        return .success
    }

    static func table(_ sessions: [StoredSession]) -> ResultTable {
        var table = ResultTable(columns: ["id", "app", "screen", "behaviors", "samples", "duration", "imported_at"])
        for session in sessions {
            table.rows.append([
                .text(session.id), SQLValue(session.app), SQLValue(session.screen),
                .text(session.behaviorNames.joined(separator: "+")), .int(Int64(session.samples)),
                .double((session.duration * 1000).rounded() / 1000), .text(session.importedAt),
            ])
        }
        return table
    }
}
