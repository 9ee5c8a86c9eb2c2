/// Why a recording could not be read: bad input at a position, or a file that cannot be read.
///
/// ``description`` is the compiler's format, `FILE:LINE:COLUMN: error: MESSAGE`, so editors and
/// terminals can jump to the offending byte. A file that cannot be read at all has
/// ``kind`` ``Kind/unreadable`` (the CLI exits 66 for it, 65 for ``Kind/invalidInput``) and no
/// position: its description is `FILE: error: MESSAGE`.
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for choosing an exit code.
    public enum Kind: Sendable, Hashable {
        /// The bytes break RECORDING_FORMAT.md; ``line`` and ``column`` say where.
        case invalidInput
        /// The file could not be opened or read (missing, a directory, an I/O error).
        case unreadable
    }

    /// Whether the input is bad or unreadable.
    public var kind: Kind
    /// The file name as the user gave it (`-` or a display name for stdin).
    public var file: String
    /// 1-based line number; 0 for ``Kind/unreadable``.
    public var line: Int
    /// 1-based byte offset within the line of the offending token or value; 0 for
    /// ``Kind/unreadable``.
    public var column: Int
    /// What is wrong, in a sentence without a trailing period.
    public var message: String

    /// An error at a position in a file.
    public init(file: String, line: Int, column: Int, message: String, kind: Kind = .invalidInput) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error for a file that cannot be opened or read.
    public static func unreadable(_ file: String, _ message: String) -> RecordingError {
        RecordingError(file: file, line: 0, column: 0, message: message, kind: .unreadable)
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE: error: MESSAGE` without a position.
    public var description: String {
        if line == 0 { return "\(file): error: \(message)" }
        return "\(file):\(line):\(column): error: \(message)"
    }
}
