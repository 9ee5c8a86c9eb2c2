/// Why a use case could not do its work, in its own terms: the command layer gives it its exit
/// code and prints it, so a use case knows nothing of the command line.
struct UseCaseError: Error {
    enum Kind: Sendable {
        /// A named input does not exist (a file, a session id).
        case missingInput
        /// An input exists but is not what navrec reads (a line of a JSON-lines file).
        case invalidInput
        /// A file or database could not be read or written, or holds a damaged value.
        case storage
        /// Stopped by Ctrl-C during the work; the message is the work's ``InterruptedWork/consequence``.
        case interrupted(InterruptedWork)
    }

    var kind: Kind
    /// What went wrong, without `error: ` and without a trailing newline.
    var message: String
    /// Where in an input the error is (`FILE:LINE:COL`), when it is at a place in one.
    var location: String?

    init(_ kind: Kind, _ message: String, at location: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// Stopped by SIGINT during `work`.
    static func interrupted(during work: InterruptedWork) -> UseCaseError {
        UseCaseError(.interrupted(work), work.consequence)
    }
}
