/// A command line navrec cannot run: printed with the command's usage, exit 64.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    /// The command whose usage to show (`import`), or nil for the top level.
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}
