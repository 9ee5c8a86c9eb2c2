extension LineReader {
    /// The next line, with a read failure reported as the readers report it: unreadable for an I/O
    /// error, a positioned error for an over-long line.
    @inline(__always)
    func nextLine(of displayName: String) throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
        do {
            return try nextLine()
        } catch {
            switch error {
            case .io(let message):
                throw .unreadable(displayName, "read failed: \(message)")
            case .lineTooLong(let line):
                throw RecordingError(
                    file: displayName, line: line, column: maxLineLength + 1,
                    message: "line is longer than \(maxLineLength >> 20) MiB")
            }
        }
    }
}
