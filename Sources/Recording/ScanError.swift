/// A problem inside one line: the 0-based byte offset of the offending token and what is wrong.
///
/// Readers add the file and line number to make a ``RecordingError``; the scanner never builds
/// strings on the happy path, only here.
struct ScanError: Error {
    /// 0-based byte offset in the line.
    var offset: Int
    /// The message, as in ``RecordingError/message``.
    var message: String

    init(_ offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }
}
