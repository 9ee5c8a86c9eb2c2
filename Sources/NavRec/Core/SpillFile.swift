internal import Foundation

/// navrec's one kind of temporary file: anonymous (unlinked as soon as it is made, so it lives as
/// long as its descriptor and nothing is left behind) in `TMPDIR`, made at the first write and
/// kept for reuse. A session's spool spills to one once the session outgrows memory
/// (``FrameSpool``, ``ColumnSpool``).
package final class SpillFile {
    /// -1 until the file is made.
    private var descriptor: Int32 = -1

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Makes the file, if not yet.
    private func create() throws(SpillError) {
        guard descriptor < 0 else { return }
        var template = Array((NSTemporaryDirectory() + "/navrec-spool-XXXXXX").utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw SpillError("cannot create a temporary file: \(String(cString: strerror(errno)))") }
        unlink(&template)
    }

    /// Writes `bytes` at byte `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SpillError) {
        try create()
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.writeError()
            }
            done += written
        }
    }

    /// Fills `bytes` from byte `offset` (written before); `session` names the session in the error.
    func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int, session: String) throws(SpillError) {
        var done = 0
        while done < bytes.count {
            let read = pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw SpillError("cannot read back a temporary file of session '\(session)'") }
            done += read
        }
    }

    private static func writeError() -> SpillError {
        SpillError("cannot write a temporary file: \(String(cString: strerror(errno)))")
    }
}

/// A spill file that could not be created, written or read back: an I/O error (`navrec` exits 74
/// with its message).
package struct SpillError: Error, Sendable, CustomStringConvertible {
    /// What failed, without `error: `.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
