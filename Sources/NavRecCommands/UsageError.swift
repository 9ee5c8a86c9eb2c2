/// A command line navrec cannot run: printed with the command's usage, exit 64.
///
/// ``message`` is one line (it may quote what the user typed, which is escaped when printed);
/// ``suggestion`` is the "Did you mean '--db'?" line printed below it.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    /// The command whose usage to show (`import`), or nil for the top level.
    var command: String?
    /// A close name the user may have meant, printed on its own line.
    var suggestion: String?

    init(_ message: String, command: String? = nil, suggestion: String? = nil) {
        self.message = message
        self.command = command
        self.suggestion = suggestion
    }

    var description: String { message + (suggestion.map { "\nDid you mean '\($0)'?" } ?? "") }
}
