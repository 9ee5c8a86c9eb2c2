internal import Foundation

/// Buffered text output to a file descriptor (stdout, stderr or a file).
///
/// Not `Sendable`: one command writes through it on one thread.
final class Output {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init(descriptor: Int32, ownsDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(Self.capacity)
    }

    /// Creates or truncates the file at `path`.
    convenience init(path: String) throws(CommandError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError(.ioError, "error: cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.init(descriptor: descriptor, ownsDescriptor: true)
    }

    deinit {
        flush()
        if ownsDescriptor { close(descriptor) }
    }

    /// Whether the descriptor is a terminal (progress is shown only there).
    var isTerminal: Bool { isatty(descriptor) != 0 }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
