internal import Foundation
internal import NavRec
internal import Store
internal import TextTools

extension CommandError {
    /// A database failure during `work` as a message that says what went wrong, what is kept and
    /// what to do; exit 74. A ``CommandError`` passes through unchanged, so a caller's one `catch` maps every error.
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
        if error.extendedResultCode == .walIndexUnavailable {
            return CommandError(
                .ioError,
                "cannot read \(path) from a directory navrec may not write: \(error.message); nothing was changed: "
                    + "read a copy (cp \(path) \(path)-wal to a writable directory), or have its owner checkpoint it "
                    + "(sqlite3 \(path) 'PRAGMA wal_checkpoint(TRUNCATE)')")
        }
        let hint: String
        switch error.resultCode {
        case .notADatabase:
            hint = "\(path) is not a SQLite database (choose another --db)"
        case .cannotOpen:
            hint = "cannot open \(path): \(cannotOpenReason(path))"
        case .readOnly:
            if let version = writeVersion(path), version > 2 {
                // SQLite opens such a file read-only whatever its permissions (fileformat2.html, offset 18).
                hint = "\(path) says (header byte 18, file format write version \(version)) that it needs a newer SQLite file format to be written; this SQLite writes versions 1 and 2, so it only reads it: use the navrec (SQLite) that wrote it, or another --db"
            } else {
                hint = "\(path) is read-only: make it writable or choose another --db"
            }
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

    /// Why SQLite could not open `path`, from the file system itself: SQLite says only "unable to
    /// open database file", for a name too long as for a missing directory (issue 39 item 17).
    private static func cannotOpenReason(_ path: String) -> String {
        var status = stat()
        if stat(FileName.cString(path), &status) != 0, errno != ENOENT {
            return "\(String(cString: strerror(errno))) (choose another --db)"
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if stat(FileName.cString(directory), &status) != 0 {
            return "its directory \(directory): \(String(cString: strerror(errno))) (create it or choose another --db)"
        }
        if access(FileName.cString(directory), W_OK) != 0 {
            return "its directory \(directory) is not writable, and SQLite needs to create files beside the database (make it writable or choose another --db)"
        }
        return "check that the file and its directory can be read and written"
    }

    /// The file format write version in `path`'s SQLite header (byte 18), or nil when the file
    /// cannot be read or is not a SQLite database.
    private static func writeVersion(_ path: String) -> UInt8? {
        let descriptor = open(FileName.cString(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 19)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 19) }
        guard count == 19, header[0..<16].elementsEqual("SQLite format 3\0".utf8) else { return nil }
        return header[18]
    }
}
