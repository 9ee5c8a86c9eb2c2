internal import Foundation

/// The anonymous temporary file a session's spool spills to once it outgrows memory (``FrameSpool``,
/// ``ColumnSpool``): created at the first write, unlinked at once — it lives as long as its
/// descriptor, and nothing is left behind — and kept for the next session.
final class SpillFile {
    init() {}

    /// -1 until the first write.
    private var descriptor: Int32 = -1

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Writes `bytes` at byte `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SpillError) {
        if descriptor < 0 {
            var template = Array((NSTemporaryDirectory() + "/navrec-spool-XXXXXX").utf8CString)
            descriptor = mkstemp(&template)
            guard descriptor >= 0 else { throw SpillError("cannot create a temporary file: \(String(cString: strerror(errno)))") }
            unlink(&template)
        }
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                throw SpillError("cannot write a temporary file: \(String(cString: strerror(errno)))")
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
