internal import Foundation

/// The one anonymous temporary file `navrec analyze --rows` puts each row's decoded session in, so
/// that the NDJSON reader reads it like any file: rewritten for every row, unlinked at once, so
/// nothing is left behind and the row's bytes are not kept in memory while it is analysed.
final class RowScratchFile {
    let descriptor: Int32

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/navrec-row-XXXXXX").utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw UseCaseError(.storage, "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        unlink(&template)
    }

    deinit {
        close(descriptor)
    }

    /// Makes `bytes` the file's whole content and moves the offset to its start.
    func replace(with bytes: Data) throws {
        guard ftruncate(descriptor, 0) == 0 else { throw Self.writeError() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[bytes.startIndex + offset..<bytes.endIndex].withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.writeError()
            }
            offset += written
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Self.writeError() }
    }

    private static func writeError() -> UseCaseError {
        UseCaseError(.storage, "cannot write a temporary file: \(String(cString: strerror(errno)))")
    }
}
