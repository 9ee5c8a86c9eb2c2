internal import BarModel
internal import Recording

/// The `navrec` command line: dispatches to a subcommand and turns errors into messages and exit
/// codes (ARCHITECTURE.md).
package enum NavRec {
    /// navrec's version, printed by `--version`.
    package static let version = "0.1.0"

    static var commands: [any NavRecCommand.Type] {
        [
            ImportCommand.self, SessionsCommand.self, ReportCommand.self, AnalyzeCommand.self, TuneCommand.self, CompareCommand.self, ExportCommand.self, QueryCommand.self, SimulateCommand.self,
            DemoCommand.self, DatasetteMetadataCommand.self, CompletionsCommand.self, ManCommand.self,
        ]
    }

    static var help: String {
        var text = """
            OVERVIEW: Record iOS navigation-bar scroll sessions into SQLite and find jitter, threshold
            flapping and title-visibility mismatches.

            USAGE: navrec COMMAND [options]

            COMMANDS:

            """
        let names = commands.map { $0.spec.name }
        let width = names.map { $0.count }.max() ?? 0
        for command in commands {
            text += "  " + command.spec.name + String(repeating: " ", count: width - command.spec.name.count + 2)
                + command.spec.abstract + "\n"
        }
        text += """

            OPTIONS:
              --version  Show the version.
              -h, --help Show this help.

            The database is --db PATH, else $NAVREC_DB, else ./navrec.sqlite.
            See 'navrec help COMMAND' or 'navrec COMMAND --help' for a command's options.

            """
        return text
    }

    /// Runs navrec with `arguments` (without the program name) and returns the exit code.
    package static func main(_ arguments: [String]) -> Int32 {
        let context = CommandContext()
        defer {
            context.output.flush()
            context.errors.flush()
        }
        return run(arguments, context: context).rawValue
    }

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        guard let first = arguments.first else {
            context.errors.write(help)
            return .usage
        }
        if first == "help", arguments.count == 2 {
            guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                var message = "unknown command '\(arguments[1])'"
                if let hint = closestName(to: arguments[1], in: commands.map { $0.spec.name }) { message += "\nDid you mean '\(hint)'?" }
                return report(UsageError(message), context: context)
            }
            context.output.write(command.spec.help(width: context.terminalWidth))
            return .success
        }
        if first == "--help" || first == "-h" || first == "help" {
            context.output.write(help)
            return .success
        }
        if first == "--version" {
            context.output.line("navrec \(version)")
            return .success
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            if let hint = closestName(to: String(first.trimmingPrefix("--")), in: commands.map { $0.spec.name }) {
                message += "\nDid you mean '\(hint)'?"
            }
            return report(UsageError(message), context: context)
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.output.write(command.spec.help(width: context.terminalWidth))
                return .success
            }
            let instance = try command.init(parsed, context: context)
            return try instance.run()
        } catch {
            return report(error, context: context)
        }
    }

    /// Prints an error the way compilers and swift-argument-parser do, and returns its exit code.
    static func report(_ error: any Error, context: CommandContext) -> ExitCode {
        context.output.flush()
        switch error {
        case let error as UsageError:
            context.errors.line("error: \(error.message)")
            if let name = error.command, let command = commands.first(where: { $0.spec.name == name }) {
                var usage = "Usage: navrec \(name)"
                if command.spec.takesArguments { usage += " \(command.spec.arguments)" }
                if !command.spec.options.isEmpty { usage += " [options]" }
                context.errors.line(usage)
                context.errors.line("  See 'navrec \(name) --help' for more information.")
            } else {
                context.errors.line("  See 'navrec --help' for the commands.")
            }
            return .usage
        case let error as CommandError:
            context.errors.line(error.message)
            return error.exitCode
        case let error as RecordingError:
            context.errors.line(error.description)
            return error.kind == .unreadable ? .noInput : .dataError
        default:
            context.errors.line("error: \(error)")
            return .software
        }
    }
}
