/// A failure a command reports to the user: the message for stderr and the exit code.
struct CommandError: Error, CustomStringConvertible {
    var exitCode: ExitCode
    /// The whole message, without a trailing newline; `error: ` is added unless it already carries
    /// a location prefix (`FILE:LINE:COL: error: …`).
    var message: String

    init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    var description: String { message }
}
