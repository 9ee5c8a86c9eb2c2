/// A command line navrec cannot run: printed with the command's usage, exit 64.
///
/// ``message`` is one line (it may quote what the user typed, which is escaped when printed);
/// ``suggestion`` is the "Did you mean '--db'?" line printed below it.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    /// The command whose usage to show (`import`), or nil for the top level.
    public var command: String?
    /// A close name the user may have meant, printed on its own line.
    public var suggestion: String?

    public init(_ message: String, command: String? = nil, suggestion: String? = nil) {
        self.message = message
        self.command = command
        self.suggestion = suggestion
    }

    public var description: String { message + (suggestion.map { "\nDid you mean '\($0)'?" } ?? "") }
}
