internal import ArgumentKit

/// One `navrec` subcommand: parses its arguments, then runs a use case.
protocol NavRecCommand {
    static var spec: CommandSpec { get }
    /// Validates the parsed arguments; throws ``UsageError`` for a wrong command line.
    init(_ arguments: ParsedArguments, context: CommandContext) throws
    func run() throws -> ExitCode
}
