extension ParsedArguments {
    /// The value of `option` as one of `Choice`'s values, `nil` when the option is absent.
    public func choice<Choice: CommandLineChoice>(_ option: Option<Choice>, command: String) throws(UsageError) -> Choice? {
        guard let text = values[option.spec.name]?.last else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw UsageError("--\(option.spec.name) takes \(Choice.spokenList), not '\(text)'", command: command)
        }
        return choice
    }

    /// The value of `option` as one of `Choice`'s values, `fallback` when the option is absent.
    public func choice<Choice: CommandLineChoice>(_ option: Option<Choice>, default fallback: Choice, command: String) throws(UsageError) -> Choice {
        try choice(option, command: command) ?? fallback
    }
}
