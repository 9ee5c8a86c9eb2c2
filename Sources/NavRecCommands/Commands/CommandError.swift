/// A failure a command reports to the user: the message for stderr and the exit code.
///
/// No message carries `error: `: ``description`` adds it, the one place it is written (the
/// printer, ``NavRec/report(_:context:)``, prints usage errors and unexpected errors through
/// ``errorLine(_:at:)`` too). An error at a place in an input file puts its ``location`` first, as
/// compilers do: `FILE:LINE:COL: error: …`. An interruption is no error: `navrec: interrupted; …`.
struct CommandError: Error, CustomStringConvertible {
    var exitCode: ExitCode
    /// What went wrong, without `error: ` and without a trailing newline; it may span lines (a
    /// query's `in: SQL` line).
    var message: String
    /// Where in an input the error is (`FILE:LINE:COL`, or `FILE` without a position), printed
    /// before `error: `.
    var location: String?
    /// Whether this is Ctrl-C (or SQLite's interrupt) rather than an error.
    private var isInterruption = false

    init(_ exitCode: ExitCode, _ message: String, at location: String? = nil) {
        self.exitCode = exitCode
        self.message = message
        self.location = location
    }

    /// Stopped by SIGINT during `work`; the message says what is kept. Exit 130.
    static func interrupted(during work: InterruptedWork) -> CommandError {
        var error = CommandError(.interrupted, work.consequence)
        error.isInterruption = true
        return error
    }

    /// The line(s) for stderr.
    var description: String { isInterruption ? "navrec: interrupted; " + message : Self.errorLine(message, at: location) }

    /// `error: MESSAGE`, or `LOCATION: error: MESSAGE`.
    static func errorLine(_ message: String, at location: String? = nil) -> String {
        (location.map { $0 + ": " } ?? "") + "error: " + message
    }
}
