internal import ArgumentKit

/// `navrec completions bash|zsh|fish`: a shell completion script.
struct CompletionsCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        arguments: "bash|zsh|fish",
        options: [],
        discussion: """
            EXAMPLES:
              source <(navrec completions bash)
              navrec completions zsh > "${fpath[1]}/_navrec"
              navrec completions fish > ~/.config/fish/completions/navrec.fish
            """,
        positionals: [.words(ShellCompletions.shells)])

    let context: CommandContext
    let script: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
            throw UsageError("name one shell: bash, zsh or fish", command: Self.spec.name)
        }
        guard let script = ShellCompletions.script(for: shell, specs: NavRec.commands.map { $0.spec }) else {
            throw UsageError("unknown shell '\(shell)'; use bash, zsh or fish", command: Self.spec.name)
        }
        self.script = script
    }

    func run() throws -> ExitCode {
        context.output.write(script)
        return .success
    }
}
