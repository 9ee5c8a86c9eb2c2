extension ParsedArguments {
    /// The value of `--name` as one of `Choice`'s values, `nil` when the option is absent.
    public func choice<Choice: CommandLineChoice>(_ name: String, command: String) throws(UsageError) -> Choice? {
        guard let text = value(name) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw UsageError("--\(name) takes \(Choice.spokenList), not '\(text)'", command: command)
        }
        return choice
    }

    /// The value of `--name` as one of `Choice`'s values, `fallback` when the option is absent.
    public func choice<Choice: CommandLineChoice>(_ name: String, default fallback: Choice, command: String) throws(UsageError) -> Choice {
        try choice(name, command: command) ?? fallback
    }
}
