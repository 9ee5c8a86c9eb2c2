internal import NavRec
internal import Store

extension CommandError {
    /// A database failure during `work` as a message that says what went wrong, what is kept and
    /// what to do; exit 74.
    static func database(_ error: any Error, path: String, during work: InterruptedWork) -> CommandError {
        if let error = error as? CommandError { return error }
        if let error = error as? UseCaseError { return CommandError(error) }
        if let error = error as? MigrationError { return CommandError(.ioError, "\(error)") }
        // A spool's temporary file (a session longer than memory holds) is I/O, as in `analyze`.
        if let error = error as? SpillError { return CommandError(.ioError, error.message) }
        guard let error = error as? DatabaseError else { return CommandError(.software, "\(error)") }
        if error.extendedResultCode == .databaseMoved {
            return CommandError(
                .ioError,
                "database \(path) was moved, replaced or deleted while navrec was writing it: the last transaction was rolled back, "
                    + "and what was committed before went to the file navrec had open, which \(path) no longer names; "
                    + "run again on the database now at \(path)")
        }
        let hint: String
        switch error.resultCode {
        case .notADatabase:
            hint = "\(path) is not a SQLite database (choose another --db)"
        case .cannotOpen:
            hint = "cannot open \(path): check that its directory exists and is writable"
        case .readOnly:
            hint = "\(path) is read-only: make it writable or choose another --db"
        case .full:
            hint = "the disk holding \(path) is full (\(work.consequence)): free space and run again"
        case .busy, .locked:
            hint = "\(path) stayed locked by another process: try again when it has finished"
        case .corrupt:
            // navrec's own checks (FrameCursor) name the session and chunk in the message.
            return CommandError(
                .ioError,
                "database \(path) is damaged: \(error.message) (SQLite code \(error.extendedResultCode)); check it with "
                    + "`sqlite3 \(path) 'PRAGMA integrity_check'`, then re-import the session (navrec import --replace) or restore a backup")
        case .ioError:
            hint = "I/O error on \(path) (\(work.consequence)): check free space, file-size limits and the disk, then run again"
        case .interrupt:
            return CommandError.interrupted(during: work)
        default:
            hint = "database \(path)"
        }
        return CommandError(.ioError, "\(hint) (\(error.message), SQLite code \(error.extendedResultCode))")
    }
}
