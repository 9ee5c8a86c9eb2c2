#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a file descriptor's bytes into lines with `read(2)` into one reusable buffer, so memory
/// stays at the buffer's size however long the recording is. Where the process allows it
/// (``MappedFile/enableForProcess()``), a large regular file is instead mapped and its lines
/// handed out in place, up to the last line that ends ``mappedTail`` bytes before the file's end;
/// the rest goes through the buffer, which also reads whatever was appended since. The mapped
/// pages already read are given back as it goes, so memory stays small either way.
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
    /// The buffer, or the mapped file's bytes (never written) while ``mapping`` is set.
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
    /// The mapped file while its lines are handed out in place; `end` is then where its last
    /// mapped line ends.
    private var mapping: MappedFile?
    /// Where ``nextLine()`` next gives back the mapped pages read and checks the file is
    /// unchanged (`Int.max` without a mapping); ``unread()`` hands out nothing from here on.
    private var nextUpkeep = Int.max
    /// The mapped bytes before this were given back.
    private var released = 0

    /// Whether lines are handed out from the mapped file (not yet from the buffer).
    var readsInPlace: Bool { mapping != nil }

    /// The mapped bytes after the last line handed out in place: at least what the skeleton path
    /// may read past a line's start (``SampleLineSkeleton/reach``), so it never reads past the
    /// file's end.
    static let mappedTail = 64 << 10
    /// The mapped bytes read between two upkeeps: about what the process holds of the file.
    static let upkeepInterval = 2 << 20
    /// The failure of a mapped file that shrank, or lost a line, after it was mapped.
    static let changedMessage = "the file changed while it was read (it shrank or was rewritten)"

    /// A reader of `fileDescriptor`; closes it in `deinit` when `ownsDescriptor`. A regular file
    /// with at least `mappedFrom` bytes after the descriptor's offset is mapped where the process
    /// allows it.
    init(fileDescriptor: Int32, ownsDescriptor: Bool, bufferSize: Int = 1 << 20, maxLineLength: Int = 64 << 20,
         mappedFrom: Int = 4 << 20) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = ownsDescriptor
        memory = nil
        self.maxLineLength = maxLineLength
        initialCapacity = max(16, bufferSize)
        capacity = initialCapacity
        let position = Int(lseek(fileDescriptor, 0, SEEK_CUR))
        if let mapping = MappedFile(descriptor: fileDescriptor, from: position, minimumLength: max(mappedFrom, Self.mappedTail + 1)),
           let linesEnd = Self.lastLineEnd(in: mapping, from: position - mapping.offset) {
            self.mapping = mapping
            buffer = UnsafeMutablePointer(mutating: mapping.base)
            start = position - mapping.offset
            scanned = start
            end = linesEnd
            nextUpkeep = start + Self.upkeepInterval
            mapping.prefault(start..<nextUpkeep + Self.mappedTail)
        } else {
            buffer = .allocate(capacity: capacity + 1)
        }
    }

    /// Where the last line that ends ``mappedTail`` bytes or more before the mapping's end ends
    /// (after its `\n`), or nil (the mapping is closed) when no line from `first` on does.
    private static func lastLineEnd(in mapping: MappedFile, from first: Int) -> Int? {
        var index = mapping.length - mappedTail
        while index > first {
            if mapping.base[index - 1] == 0x0A { return index }
            index -= 1
        }
        mapping.close()
        return nil
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
        if let mapping {
            mapping.close()
        } else {
            buffer.deallocate()
        }
        if ownsDescriptor { _ = close(fileDescriptor) }
    }

    /// The next line without its terminator, or `nil` at the end of the input.
    func nextLine() throws(Failure) -> UnsafeBufferPointer<UInt8>? {
        if discardingLine { try discardRestOfLine() }
        if start >= nextUpkeep { try upkeep() }
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
            if mapping != nil {
                try leaveMapping()
                continue
            }
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
    /// `nil` while an over-long line is being discarded, or when ``nextLine()`` is due to check a
    /// mapped file. Mapped bytes are whole lines followed by at least ``mappedTail`` bytes of the
    /// file instead of the 0.
    func unread() -> UnsafeBufferPointer<UInt8>? {
        guard !discardingLine, start < nextUpkeep else { return nil }
        if mapping == nil { buffer[end] = 0 }
        return UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    /// Hands out the first `length` bytes of ``unread()`` as the next line, ended by the
    /// `terminator` bytes after them (`\n` or `\r\n`).
    func takeLine(length: Int, terminator: Int) {
        start &+= length &+ terminator
        if scanned < start { scanned = start }
        lineNumber &+= 1
    }

    /// Gives back the mapped pages read so far and checks that the file still holds the mapped bytes.
    /// A changed file fails here, and again on every later call.
    private func upkeep() throws(Failure) {
        guard let mapping else { return }
        guard mapping.stillMapped(descriptor: fileDescriptor) else { throw .io(Self.changedMessage) }
        let read = start & ~(MappedFile.pageSize - 1)
        if read > released {
            mapping.release(released..<read)
            released = read
        }
        nextUpkeep = start + Self.upkeepInterval
        mapping.prefault(start..<nextUpkeep + Self.mappedTail)
    }

    /// Goes on with `read(2)` into the buffer after the mapped lines (all handed out). A line left
    /// unfinished among them means the file was rewritten since it was mapped: that fails.
    private func leaveMapping() throws(Failure) {
        guard let mapping else { return }
        guard start == end, mapping.stillMapped(descriptor: fileDescriptor) else { throw .io(Self.changedMessage) }
        let resume = mapping.offset + end
        mapping.close()
        self.mapping = nil
        nextUpkeep = .max
        buffer = .allocate(capacity: capacity + 1)
        start = 0
        end = 0
        scanned = 0
        guard lseek(fileDescriptor, off_t(resume), SEEK_SET) >= 0 else { throw .io(String(cString: strerror(errno))) }
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
