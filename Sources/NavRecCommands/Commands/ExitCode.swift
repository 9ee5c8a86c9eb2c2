/// navrec's exit codes (ARCHITECTURE.md; sysexits.h for the errors).
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// A finding at or above `--fail-on`.
    case findings = 1
    /// EX_USAGE: the command line was wrong.
    case usage = 64
    /// EX_DATAERR: the input data was invalid.
    case dataError = 65
    /// EX_NOINPUT: an input file is missing or unreadable.
    case noInput = 66
    /// EX_SOFTWARE: a bug in navrec.
    case software = 70
    /// EX_CANTCREAT: an output file cannot be created where asked (it would replace a database).
    case cannotCreate = 73
    /// EX_IOERR: the database or an output file failed.
    case ioError = 74
    /// Interrupted by SIGINT (128 + 2).
    case interrupted = 130
}
