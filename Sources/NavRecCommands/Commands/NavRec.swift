internal import ArgumentKit
internal import BarModel
internal import Foundation
internal import NavRec
internal import Recording
internal import Reports
internal import TextTools

/// The `navrec` command line: dispatches to a subcommand and turns errors into messages and exit
/// codes (ARCHITECTURE.md).
package enum NavRec {
    /// navrec's version, printed by `--version`.
    package static let version = "0.1.0"

    static var commands: [any NavRecCommand.Type] {
        [
            ImportCommand.self, SessionsCommand.self, ReportCommand.self, AnalyzeCommand.self, TuneCommand.self, CompareCommand.self, ExportCommand.self, QueryCommand.self, SimulateCommand.self,
            MigrateCommand.self,
            DemoCommand.self, DatasetteMetadataCommand.self, CompletionsCommand.self, ManCommand.self,
        ]
    }

    static var help: String {
        var text = """
            OVERVIEW: Record iOS navigation-bar scroll sessions into SQLite and find threshold flapping,
            jitter, title-visibility mismatches and hitches.

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
        // A reader that goes away (`navrec … | head`) ends navrec silently with 141, as it does any
        // Unix tool, also when the parent process ignored SIGPIPE (README.md "Exit codes").
        signal(SIGPIPE, SIG_DFL)
        // Large recordings are read in place, mapped, instead of copied through read(2).
        MappedFile.enableForProcess()
        let closed = reserveClosedDescriptors()
        let context = CommandContext()
        context.output.isClosed = closed.contains(1)
        context.errors.isClosed = closed.contains(2)
        defer { context.errors.flush() }
        var code = run(arguments, context: context)
        // What the command wrote last is written here: a full disk or a closed stdout is exit 74 then.
        do {
            try context.output.finish()
        } catch {
            if code == .success || code == .findings {
                context.errors.line(error.description)
                code = .ioError
            }
        }
        return code.rawValue
    }

    /// Opens /dev/null on standard output and error where navrec was started without them (`>&-`),
    /// so that no file navrec opens later gets their numbers (and output meant for stdout); returns
    /// the descriptors that were closed.
    private static func reserveClosedDescriptors() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor: Int32 in [1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            closed.insert(descriptor)
        }
        return closed
    }

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        guard let first = arguments.first else {
            context.errors.write(help)
            return .usage
        }
        if first == "help", arguments.count == 2 {
            guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                let hint = closestName(to: arguments[1], in: commands.map { $0.spec.name })
                return report(UsageError("unknown command '\(arguments[1])'", suggestion: hint), context: context)
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
            let message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            let hint = closestName(to: String(first.trimmingPrefix("--")), in: commands.map { $0.spec.name })
            return report(UsageError(message, suggestion: hint), context: context)
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.output.write(command.spec.help(width: context.terminalWidth))
                return .success
            }
            let instance = try command.init(parsed, context: context)
            // Before the command does anything (tune and compare store their runs first): an
            // output that would replace a database is refused (the command's init registered it).
            if command.spec.options.contains(where: { $0.name == OutputOptions.output.spec.name }),
               let output = parsed.value(OutputOptions.output) {
                try OutputGuard.refuseDatabase(output)
            }
            return try instance.run()
        } catch {
            return report(error, context: context)
        }
    }

    /// Prints an error the way compilers and swift-argument-parser do, and returns its exit code.
    ///
    /// Messages quote file names, ids and what the user typed, so control characters in them are
    /// escaped (``TerminalText``): one error stays one line and nothing reaches the terminal raw.
    /// A navrec message's own line breaks (a query's "in: SQL" line) stay.
    static func report(_ error: any Error, context: CommandContext) -> ExitCode {
        context.output.flush()
        switch error {
        case let error as UsageError:
            context.errors.line(CommandError.errorLine(TerminalText.escaped(error.message)))
            if let suggestion = error.suggestion { context.errors.line("Did you mean '\(TerminalText.escaped(suggestion))'?") }
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
            context.errors.line(TerminalText.escapedLines(error.description))
            return error.exitCode
        case let error as UseCaseError:
            return report(CommandError(error), context: context)
        case let error as SpillError:
            return report(CommandError(.ioError, error.message), context: context)
        case let error as RecordingError:
            context.errors.line(TerminalText.escaped(error.description))
            return error.kind == .unreadable ? .noInput : .dataError
        default:
            context.errors.line(TerminalText.escapedLines(CommandError.errorLine("\(error)")))
            return .software
        }
    }
}
