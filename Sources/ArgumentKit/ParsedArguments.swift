internal import TextTools

/// A command line split into options and positional arguments, checked against a ``CommandSpec``.
///
/// Follows swift-argument-parser: `--name value` and `--name=value`, `-x value` for short names,
/// `--` ends options, a lone `-` is a positional (standard input). A word whose would-be option
/// name holds whitespace is a positional too: no option name does, and SQL that starts with a
/// `--` comment (`navrec query $'-- hot spots\nselect …'`) is the query, not an option. Unknown
/// options are usage errors with a "did you mean" hint.
public struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    /// Whether `--help`/`-h` was given.
    public private(set) var wantsHelp = false

    /// Whether `word`, which starts with `-`, has whitespace before any `=`, so it cannot be an option.
    private static func namesNoOption(_ word: String) -> Bool {
        word.prefix { $0 != "=" }.contains { $0.isWhitespace }
    }

    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        func fail(_ message: String) -> UsageError { UsageError(message, command: spec.name) }
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") || Self.namesNoOption(word) {
                guard spec.takesArguments else { throw fail("unexpected argument '\(word)'") }
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "--help" || word == "-h" {
                wantsHelp = true
                continue
            }
            var name: String
            var inlineValue: String?
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
            } else {
                guard word.count == 2, let option = spec.options.first(where: { $0.short == word.last }) else {
                    if word.count > 1, Double(word) != nil, spec.takesArguments {
                        positionals.append(word)
                        continue
                    }
                    throw fail("unknown option '\(word)'")
                }
                name = option.name
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let hint = closestName(to: name, in: spec.options.map(\.name) + ["help"])
                throw UsageError("unknown option '--\(name)'", command: spec.name, suggestion: hint.map { "--" + $0 })
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw fail("option '--\(name)' takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw fail("missing value for '--\(name) \(option.valueName ?? "")'") }
                value = arguments[index]
                index += 1
            }
            if values[name] != nil, !option.repeatable {
                throw fail("option '--\(name)' was given more than once")
            }
            values[name, default: []].append(value)
        }
    }

    /// The value of `option`, `nil` when it is absent.
    public func value(_ option: Option<String>) -> String? { values[option.spec.name]?.last }

    /// Every value of `option`, in the order given.
    public func all(_ option: Option<[String]>) -> [String] { values[option.spec.name] ?? [] }

    /// Whether the flag was given.
    public func has(_ option: Option<Bool>) -> Bool { flags.contains(option.spec.name) }
}
