#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a file descriptor's bytes into lines with `read(2)` into one reusable buffer, so memory
/// stays at the buffer's size however long the recording is.
///
/// A line is handed out as a pointer into the buffer, valid until the next call. `\n` and `\r\n`
/// both end a line; a last line without a terminator still counts. The buffer grows only for a line
/// longer than itself, up to ``maxLineLength``; a longer line is an error, not an allocation, and
/// the call after that error goes on at the line after it: the rest of the over-long line is read
/// and discarded through the buffer, never held.
final class LineReader {
    /// Why reading stopped.
    enum Failure: Error {
        /// `read(2)` failed; the message is `strerror`'s.
        case io(String)
        /// A line is longer than ``maxLineLength``; it is on the given 1-based line.
        case lineTooLong(line: Int)
    }

    /// The longest line accepted, bytes.
    let maxLineLength: Int
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    /// The bytes read instead of the descriptor (a recording in memory), and how many were read.
    private let memory: [UInt8]?
    private var memoryRead = 0
    private let initialCapacity: Int
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Start of the bytes not handed out yet.
    private var start = 0
    /// End of the valid bytes in the buffer.
    private var end = 0
    /// Where the search for the next `\n` continues (bytes before it have none).
    private var scanned = 0
    private var atEOF = false
    /// Set when an over-long line was reported before its end was read: the next call first
    /// discards bytes up to and including its `\n`.
    private var discardingLine = false
    /// 1-based number of the last line handed out.
    private(set) var lineNumber = 0

    /// A reader of `fileDescriptor`; closes it in `deinit` when `ownsDescriptor`.
    init(fileDescriptor: Int32, ownsDescriptor: Bool, bufferSize: Int = 1 << 20, maxLineLength: Int = 64 << 20) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = ownsDescriptor
        memory = nil
        self.maxLineLength = maxLineLength
        initialCapacity = max(16, bufferSize)
        capacity = initialCapacity
        buffer = .allocate(capacity: capacity + 1)
    }

    /// A reader of `bytes` in memory (read through the same buffer as a file's). Its first line is
    /// numbered `firstLineNumber` (a piece of a larger file, as `navrec analyze --rows` reads).
    init(bytes: [UInt8], bufferSize: Int = 1 << 20, maxLineLength: Int = 64 << 20, firstLineNumber: Int = 1) {
        lineNumber = firstLineNumber - 1
        fileDescriptor = -1
        ownsDescriptor = false
        memory = bytes
        self.maxLineLength = maxLineLength
        initialCapacity = max(16, bufferSize)
        capacity = initialCapacity
        buffer = .allocate(capacity: capacity + 1)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { _ = close(fileDescriptor) }
    }

    /// The next line without its terminator, or `nil` at the end of the input.
    func nextLine() throws(Failure) -> UnsafeBufferPointer<UInt8>? {
        if discardingLine { try discardRestOfLine() }
        while true {
            if scanned < end, let newline = memchr(buffer + scanned, 0x0A, end - scanned) {
                let lineStart = start
                var lineEnd = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                start = lineEnd + 1
                scanned = start
                lineNumber += 1
                if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd - lineStart > maxLineLength { throw .lineTooLong(line: lineNumber) }
                return UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart)
            }
            scanned = end
            if end - start > maxLineLength {
                // The line's bytes so far are dropped now; the rest goes on the next call.
                lineNumber += 1
                start = 0
                end = 0
                scanned = 0
                discardingLine = true
                throw .lineTooLong(line: lineNumber)
            }
            if atEOF {
                guard start < end else { return nil }
                let lineStart = start
                var lineEnd = end
                start = end
                lineNumber += 1
                if buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                return UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart)
            }
            try fill()
        }
    }

    /// The buffered bytes from the next line's start on, followed by a 0 byte that is not one of
    /// them, for a caller that finds the line's end itself and then calls ``takeLine(length:terminator:)``;
    /// `nil` while an over-long line is being discarded.
    func unread() -> UnsafeBufferPointer<UInt8>? {
        guard !discardingLine else { return nil }
        buffer[end] = 0
        return UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    /// Hands out the first `length` bytes of ``unread()`` as the next line, ended by the
    /// `terminator` bytes after them (`\n` or `\r\n`).
    func takeLine(length: Int, terminator: Int) {
        start &+= length &+ terminator
        if scanned < start { scanned = start }
        lineNumber &+= 1
    }

    /// Drops bytes up to and including the next `\n` (or to the end of the input), one buffer at a time.
    private func discardRestOfLine() throws(Failure) {
        while true {
            if start < end, let newline = memchr(buffer + start, 0x0A, end - start) {
                start = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                scanned = start
                discardingLine = false
                return
            }
            start = 0
            end = 0
            scanned = 0
            if atEOF {
                discardingLine = false
                return
            }
            try fill()
        }
    }

    /// Reads more bytes after moving the unfinished line to the front (or growing the buffer).
    private func fill() throws(Failure) {
        if start > 0 {
            let pending = end - start
            if pending > 0 { memmove(buffer, buffer + start, pending) }
            end = pending
            scanned -= start
            start = 0
        } else if end == capacity {
            // Only a line longer than the buffer gets here; shrinking back happens below once it is gone.
            let newCapacity = min(capacity * 2, maxLineLength + 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + 1)
            grown.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        if capacity > initialCapacity, end < initialCapacity / 2 {
            // The long line is gone: give the memory back.
            let shrunk = UnsafeMutablePointer<UInt8>.allocate(capacity: initialCapacity + 1)
            shrunk.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = shrunk
            capacity = initialCapacity
        }
        if let memory {
            let count = min(capacity - end, memory.count - memoryRead)
            if count == 0 {
                atEOF = true
            } else {
                memory.withUnsafeBufferPointer { (buffer + end).update(from: $0.baseAddress! + memoryRead, count: count) }
                memoryRead += count
                end += count
            }
            return
        }
        while true {
            let count = read(fileDescriptor, buffer + end, capacity - end)
            if count > 0 {
                end += count
                return
            }
            if count == 0 {
                atEOF = true
                return
            }
            if errno == EINTR { continue }
            throw .io(String(cString: strerror(errno)))
        }
    }
}
