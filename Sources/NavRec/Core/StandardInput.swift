internal import Foundation

/// Standard input through a C stream of its own (`fdopen(0)`), for `navrec analyze --rows`: lines
/// as Swift's `readLine` gives them and, between them, runs of bytes taken as they are (the Spark
/// job's rows: a line, then a session's NDJSON). `readLine` reads C's `stdin`, which Swift 6 code
/// may not name, so lines and bytes come from this one stream; nothing else may read standard input.
package final class StandardInput {
    private let stream: UnsafeMutablePointer<FILE>?
    private var line: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    /// The last ``read(_:)``'s bytes, and how many newlines they hold (for the caller's line count).
    package private(set) var bytes: [UInt8] = []
    package private(set) var newlines = 0

    package init() {
        stream = fdopen(0, "r")
    }

    deinit {
        free(line)  // the stream stays open: closing it would close descriptor 0
    }

    /// The next line without its `\n` (or `\r\n`), invalid UTF-8 repaired, as `readLine` has it; nil at the end.
    package func readLine() -> String? {
        guard let stream else { return nil }
        let read = getline(&line, &capacity, stream)
        guard read > 0, let line else { return nil }
        var count = read
        if line[count - 1] == 0x0A {
            count -= 1
            if count > 0, line[count - 1] == 0x0D { count -= 1 }
        }
        return line.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// Reads the next `count` bytes into ``bytes``, 1 MiB at a time (so a wrong count allocates
    /// only what arrives); false when standard input ends first (``bytes`` then holds what came).
    package func read(_ count: Int) -> Bool {
        bytes.removeAll(keepingCapacity: true)
        newlines = 0
        guard let stream else { return count == 0 }
        while bytes.count < count {
            let step = min(count - bytes.count, 1 << 20), start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: step))
            let read = bytes.withUnsafeMutableBytes { buffer in
                let read = fread(buffer.baseAddress! + start, 1, step, stream)
                var next = buffer.baseAddress! + start
                let end = next + read
                while next < end, let newline = memchr(next, 0x0A, next.distance(to: end)) {
                    newlines += 1
                    next = newline + 1
                }
                return read
            }
            if read < step {
                bytes.removeLast(step - read)
                return false
            }
        }
        return true
    }
}
