/// What a command accepts, for parsing and for its `--help`.
public struct CommandSpec: Sendable {
    public var name: String
    /// One line for `navrec --help`.
    public var abstract: String
    /// The arguments after the command name, as shown in usage (`FILE...`).
    public var arguments: String
    public var options: [OptionSpec]
    /// Extra help text: details and examples.
    public var discussion: String = ""
    /// What shells complete for the positional arguments: the first entry for the first one, the
    /// last for every later one; empty when the command takes none.
    public var positionals: [ArgumentCompletion] = []
    /// Whether positional arguments are accepted.
    public var takesArguments: Bool { !arguments.isEmpty }

    public init(
        name: String, abstract: String, arguments: String, options: [OptionSpec], discussion: String = "",
        positionals: [ArgumentCompletion] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.positionals = positionals
    }

    /// The `--help` text, option descriptions wrapped to `width` columns when given (a terminal).
    public func help(width: Int? = nil) -> String {
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
            // A long label (`--format text|json|…`) goes on a line of its own rather than pushing
            // every description to the right, as swift-argument-parser does.
            let labelWidth = min(labels.map(\.count).max() ?? 0, 26)
            let column = 2 + labelWidth + 2
            for (label, option) in zip(labels, all) {
                let description = option.help + (option.repeatable ? " (repeatable)" : "")
                let lines = Self.wrap(description, to: width.map { max(20, $0 - column) })
                if label.count > labelWidth {
                    text += "  " + label + "\n" + String(repeating: " ", count: column) + lines[0] + "\n"
                } else {
                    text += "  " + label + String(repeating: " ", count: labelWidth - label.count + 2) + lines[0] + "\n"
                }
                for line in lines.dropFirst() { text += String(repeating: " ", count: column) + line + "\n" }
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion + (discussion.hasSuffix("\n") ? "" : "\n") }
        return text
    }

    /// `text` in lines of at most `width` characters, broken at spaces; one line when `width` is nil.
    public static func wrap(_ text: String, to width: Int?) -> [String] {
        guard let width, text.count > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
