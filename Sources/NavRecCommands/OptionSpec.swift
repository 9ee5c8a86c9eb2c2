/// One `--name` a command accepts.
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// The value's placeholder in help (`PATH`); nil for a flag that takes no value.
    var valueName: String?
    var help: String
    /// Whether it may be given more than once (`--behavior`, `--param`).
    var repeatable = false
    /// The values a ``choice(_:_:_:)`` option takes, for shell completion; empty for a free value.
    var choices: [String] = []

    /// Whether its value is a path, which shells complete with file names.
    var takesPath: Bool { ["FILE", "PATH", "DIR"].contains(valueName ?? "") }

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, repeatable: Bool = false, short: Character? = nil) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help, repeatable: repeatable)
    }

    /// An option that takes one of `Choice`'s values; help lists them.
    static func choice<Choice: CommandLineChoice>(_ name: String, _ type: Choice.Type, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: Choice.valueName, help: help, choices: Choice.allCases.map(\.rawValue))
    }

    /// `--db PATH`, the database a command works on; `help` for a command that uses it otherwise.
    static func database(_ help: String = "Database (default: $NAVREC_DB, else ./navrec.sqlite).") -> OptionSpec {
        .value("db", "PATH", help)
    }
}
