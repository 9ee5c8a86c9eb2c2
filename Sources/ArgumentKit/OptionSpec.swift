/// One `--name` a command accepts.
public struct OptionSpec: Sendable {
    public var name: String
    public var short: Character?
    /// The value's placeholder in help (`PATH`); nil for a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// Whether it may be given more than once (`--behavior`, `--param`).
    public var repeatable = false
    /// The values shells complete it to: a ``choice(_:_:_:)`` option's values, or the known values
    /// of a free one (``Option/completing(_:)``: `--behavior` names, `--gesture` names); empty for any value.
    public var choices: [String] = []

    /// Whether its value is a path, which shells complete with file names.
    public var takesPath: Bool { ["FILE", "PATH", "DIR"].contains(valueName ?? "") }

    public static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    public static func value(_ name: String, _ valueName: String, _ help: String, repeatable: Bool = false, short: Character? = nil) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help, repeatable: repeatable)
    }

    /// An option that takes one of `Choice`'s values; help lists them.
    public static func choice<Choice: CommandLineChoice>(_ name: String, _ type: Choice.Type, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: Choice.valueName, help: help, choices: Choice.allCases.map(\.rawValue))
    }
}
