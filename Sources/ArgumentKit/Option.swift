/// An option declared once, as a typed key: its ``spec`` goes into each ``CommandSpec`` that
/// accepts it (help, shell completions, man page), and ``ParsedArguments`` reads its value through
/// the key, so the name is spelled in one place and a lookup cannot ask a flag for a value.
///
/// `Value` says how it reads: `Bool` for a flag, `String` for one value, `[String]` for a
/// repeatable value, a ``CommandLineChoice`` for one of a closed set (after swift-argument-parser's
/// `@Flag`, `@Option` and `ExpressibleByArgument`, without property wrappers).
public struct Option<Value>: Sendable {
    public private(set) var spec: OptionSpec

    /// The name after `--`, for messages.
    public var name: String { spec.name }

    /// The same option completing to `words` in shells (a free value whose common values are known,
    /// e.g. `--gesture`); unlike a choice it still takes any text.
    public func completing(_ words: [String]) -> Option {
        var option = self
        option.spec.choices = words
        return option
    }

    /// The same option with `help` for a command that uses it in its own way.
    public func help(_ help: String) -> Option {
        var option = self
        option.spec.help = help
        return option
    }
}

extension Option where Value == Bool {
    public static func flag(_ name: String, short: Character? = nil, _ help: String) -> Option {
        Option(spec: .flag(name, short: short, help))
    }
}

extension Option where Value == String {
    public static func value(_ name: String, _ valueName: String, _ help: String, short: Character? = nil) -> Option {
        Option(spec: .value(name, valueName, help, short: short))
    }
}

extension Option where Value == [String] {
    /// A value that may be given more than once (`--behavior`, `--set`), read in order.
    public static func repeatable(_ name: String, _ valueName: String, _ help: String) -> Option {
        Option(spec: .value(name, valueName, help, repeatable: true))
    }
}

extension Option where Value: CommandLineChoice {
    /// One of `Value`'s values; help and completions list them.
    public static func choice(_ name: String, _ help: String) -> Option {
        Option(spec: .choice(name, Value.self, help))
    }
}
