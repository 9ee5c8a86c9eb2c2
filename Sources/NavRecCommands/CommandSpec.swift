/// What a command accepts, for parsing and for its `--help`.
struct CommandSpec: Sendable {
    var name: String
    /// One line for `navrec --help`.
    var abstract: String
    /// The arguments after the command name, as shown in usage (`FILE...`).
    var arguments: String
    var options: [OptionSpec]
    /// Extra help text: details and examples.
    var discussion: String = ""
    /// Whether positional arguments are accepted.
    var takesArguments: Bool { !arguments.isEmpty }

    /// The `--help` text.
    var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: navrec \(name)"
        if !arguments.isEmpty { text += " \(arguments)" }
        if !options.isEmpty { text += " [options]" }
        text += "\n"
        if !options.isEmpty {
            text += "\nOPTIONS:\n"
            let all = options + [.flag("help", short: "h", "Show this help.")]
            let labels = all.map { option -> String in
                var label = option.short.map { "-\($0), " } ?? ""
                label += "--\(option.name)"
                if let valueName = option.valueName { label += " \(valueName)" }
                return label
            }
            let width = labels.map(\.count).max() ?? 0
            for (label, option) in zip(labels, all) {
                text += "  " + label + String(repeating: " ", count: width - label.count + 2) + option.help
                if option.repeatable { text += " (repeatable)" }
                text += "\n"
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion + (discussion.hasSuffix("\n") ? "" : "\n") }
        return text
    }
}
