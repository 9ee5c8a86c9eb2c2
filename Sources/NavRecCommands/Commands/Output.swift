internal import Foundation
internal import TextTools

/// Buffered text output to a file descriptor (stdout, stderr or a file).
///
/// A failed write is never ignored: the first error is kept (later output is dropped) and
/// ``finish()`` throws it, naming the output, so a full disk or a closed descriptor is exit 74
/// rather than a truncated file reported as written. A file given by path is written to a
/// temporary file beside it and renamed over it only by ``finish()``: a command that fails (or
/// crashes) midway leaves the earlier file as it was.
///
/// Not `Sendable`: one command writes through it on one thread.
final class Output {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Whether the descriptor is a terminal (progress is shown only there): asked once, as
    /// progress asks it for every session.
    let isTerminal: Bool
    /// What errors call the output: its path, or "standard output".
    let name: String
    /// For an output given by path: the temporary file written, renamed to `name` when finished.
    private var temporaryPath: String?
    /// The temporary file's slot in ``TemporaryFileCleanup`` (removed if a signal ends navrec).
    private var cleanupSlot: Int?
    /// Where the temporary file goes (the path, or the file its symbolic link points to).
    private var finalPath = ""
    /// The first failed write's `errno`; nothing is written after it.
    private var failure: Int32?
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init(descriptor: Int32, name: String, ownsDescriptor: Bool = false) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        isTerminal = isatty(descriptor) != 0
        buffer.reserveCapacity(Self.capacity)
    }

    /// A new file at `path` once ``finish()`` succeeds; until then a temporary file in its directory
    /// (a rename within one directory is atomic, so readers see the old file or the whole new one).
    /// A path that is not a regular file (`/dev/stdout`, a FIFO, a device) is written directly; a
    /// symbolic link is followed, so the file it points to is the one replaced.
    /// A path that names a database (the `--db` of this run, one of its `-wal`/`-shm`/`-journal`
    /// files, or any SQLite database or WAL file) is refused with exit 73 before anything is
    /// written: an output never replaces a database (``OutputGuard``).
    convenience init(path: String) throws(CommandError) {
        try OutputGuard.refuseDatabase(path)
        var target = path
        var status = stat()
        if stat(FileName.cString(path), &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                let descriptor = open(FileName.cString(path), O_WRONLY | O_TRUNC | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw CommandError(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))")
                }
                self.init(descriptor: descriptor, name: path, ownsDescriptor: true)
                return
            }
            if let resolved = FileName.realPath(path) { target = resolved }
        }
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let template = "\(directory)/.\(url.lastPathComponent).navrec-XXXXXX"
        let (descriptor, temporary, slot) = try TemporaryFileCleanup.withSignalsHeld { () throws(CommandError) in
            var bytes = FileName.cString(template)
            let descriptor = mkstemp(&bytes)
            guard descriptor >= 0 else {
                throw CommandError(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            let temporary = FileName.string(fromBytes: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            return (descriptor, temporary, TemporaryFileCleanup.register(temporary))
        }
        // mkstemp makes the file 0600: the output keeps the mode of the file it replaces, or gets
        // the one a plain create would give it.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, status.st_mode & S_IFMT == S_IFREG ? status.st_mode & 0o7777 : 0o644 & ~mask)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.init(descriptor: descriptor, name: path, ownsDescriptor: true)
        temporaryPath = temporary
        cleanupSlot = slot
        finalPath = target
    }

    deinit {
        flush()
        if ownsDescriptor { close(descriptor) }
        // Not finished: the earlier file (if any) stays.
        if let temporaryPath { unlink(FileName.cString(temporaryPath)) }
        if let cleanupSlot { TemporaryFileCleanup.unregister(cleanupSlot) }
    }


    func write(_ text: String) {
        if isClosed { failure = EBADF }
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes UTF-8 bytes (text built as bytes, such as ``TimelineRowText``'s lines).
    func write(_ bytes: [UInt8]) {
        if isClosed { failure = EBADF }
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    func flush() {
        var offset = 0
        while offset < buffer.count, failure == nil {
            let written = buffer[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else {
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Set for a descriptor the process started without (navrec run with `>&-`): writing to it
    /// is an error (EBADF), whatever now holds the descriptor number.
    var isClosed = false

    /// Writes what is buffered and, for a file given by path, puts it in place; throws the first
    /// write error (exit 74, naming the output and the reason).
    func finish() throws(CommandError) {
        flush()
        if let temporaryPath {
            // fsync before the rename: after a power loss the path holds the old file or the new one, never an empty one.
            if failure == nil, fsync(descriptor) != 0 { failure = errno }
            if failure == nil, rename(FileName.cString(temporaryPath), FileName.cString(finalPath)) != 0 { failure = errno }
            if failure == nil {
                self.temporaryPath = nil
                if let cleanupSlot { TemporaryFileCleanup.unregister(cleanupSlot) }
                cleanupSlot = nil
            }
        }
        if let failure {
            throw CommandError(.ioError, "cannot write \(name): \(String(cString: strerror(failure)))")
        }
    }
}
