internal import ArgumentKit
internal import Store

/// `navrec migrate`: upgrades a database to this navrec's schema, and says what it applied.
struct MigrateCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Upgrade the database to this navrec's schema (read-only commands need it up to date).",
        arguments: "",
        options: [
            DatabaseOptions.database.spec,
        ],
        discussion: """
            Applies the migrations of Migrations/ the database lacks, each in its own transaction, and
            converts stored frames where a migration needs it. Commands that write (import, report,
            tune, export) do the same on their own; sessions and query only read, and ask for this
            when the database is older. A database from a newer navrec, an edited applied migration
            or a migration this navrec does not carry is refused (exit 74).

            EXAMPLES:
              navrec migrate --db old.sqlite
            """)

    let context: CommandContext
    let databasePath: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
    }

    func run() throws -> ExitCode {
        let store = try context.openStore(databasePath)
        let version = Migrator().latestVersion
        if store.appliedMigrations.isEmpty {
            context.output.line("\(databasePath) is up to date (schema version \(version))")
        } else {
            context.output.line(
                "migrated \(databasePath) to schema version \(version): applied " + store.appliedMigrations.joined(separator: ", "))
        }
        return .success
    }
}
