internal import CSQLite

/// An SQLite result code, primary or extended (GRDB's `ResultCode`): callers outside Store compare
/// with the named codes instead of raw `SQLITE_*` numbers.
package struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of an extended one (`constraint` for `SQLITE_CONSTRAINT_UNIQUE`).
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// The number, as SQLite documents it.
    package var description: String { String(rawValue) }

    /// A generic error: an SQL error, or a request Store refuses before SQLite sees it.
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    package static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    package static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    /// The authorizer denied a statement (``Database/allowOnlyReading()``).
    package static let notAuthorized = ResultCode(rawValue: SQLITE_AUTH)
    package static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// The database's path no longer names the file the connection has open (moved, replaced or
    /// deleted under it): a commit would go to a file nobody finds again (``Database/checkNotMoved()``).
    /// A reader cannot create the WAL index (`-shm`) it needs to read a `-wal` holding commits
    /// (``Database``'s read-only open, in a directory it may not write).
    package static let walIndexUnavailable = ResultCode(rawValue: SQLITE_READONLY | (5 << 8))  // SQLITE_READONLY_CANTINIT
    package static let databaseMoved = ResultCode(rawValue: SQLITE_READONLY | (4 << 8))  // SQLITE_READONLY_DBMOVED
}
