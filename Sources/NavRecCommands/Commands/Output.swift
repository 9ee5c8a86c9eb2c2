internal import Foundation
internal import Reports
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
        if FileName.withCString(path, { stat($0, &status) }) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                let descriptor = FileName.withCString(path) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
                guard descriptor >= 0 else {
                    throw CommandError(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))")
                }
                self.init(descriptor: descriptor, name: path, ownsDescriptor: true)
                return
            }
            if let resolved = FileName.withCString(path, { realpath($0, nil) }) {
                target = FileName.string(cString: resolved)
                free(resolved)
            }
        }
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let template = "\(directory)/.\(url.lastPathComponent).navrec-XXXXXX"
        let (descriptor, temporary, slot) = try TemporaryFileCleanup.withSignalsHeld { () throws(CommandError) in
            var bytes = FileName.bytes(of: template).map { CChar(bitPattern: $0) } + [0]
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
        if let temporaryPath { FileName.withCString(temporaryPath) { _ = unlink($0) } }
        if let cleanupSlot { TemporaryFileCleanup.unregister(cleanupSlot) }
    }

    /// Whether the descriptor is a terminal (progress is shown only there).
    var isTerminal: Bool { isatty(descriptor) != 0 }

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
            if failure == nil, FileName.withCString(temporaryPath, { from in FileName.withCString(finalPath) { rename(from, $0) } }) != 0 { failure = errno }
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

/// Keeps `--output` off databases: the paths this run uses as databases are registered (by
/// ``CommandContext/databasePath(_:)`` and ``CommandContext/openStore(_:readOnly:creating:)``), and
/// ``refuseDatabase(_:)`` refuses an output that names one of them, one of their `-wal`, `-shm` or
/// `-journal` files (by name, through symbolic links, or as the same file by device and inode),
/// or any file that begins as a SQLite database or WAL does.
enum OutputGuard {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var paths: [String] = []
    }

    private static let registry = Registry()

    /// Registers `path` as a database of this run.
    static func protect(database path: String) {
        registry.lock.withLock { if !registry.paths.contains(path) { registry.paths.append(path) } }
    }

    /// The database files `database` stands for: itself and its journals, as given and resolved.
    private static func files(of database: String) -> [String] {
        var bases = [database]
        if let resolved = canonical(database), resolved != database { bases.append(resolved) }
        return bases.flatMap { base in ["", "-wal", "-shm", "-journal"].map { base + $0 } }
    }

    /// `path` with symbolic links and `.`/`..` resolved: the file's real path, or for a file that
    /// does not exist, its directory's real path and its name.
    private static func canonical(_ path: String) -> String? {
        if let resolved = FileName.withCString(path, { realpath($0, nil) }) {
            defer { free(resolved) }
            return FileName.string(cString: resolved)
        }
        let url = URL(fileURLWithPath: path)
        guard let directory = FileName.withCString(url.deletingLastPathComponent().path, { realpath($0, nil) }) else { return nil }
        defer { free(directory) }
        return FileName.string(cString: directory) + "/" + url.lastPathComponent
    }

    /// Throws exit 73 when writing `path` would replace a database (see the type).
    static func refuseDatabase(_ path: String) throws(CommandError) {
        let databases = registry.lock.withLock { registry.paths }
        let target = canonical(path)
        var status = stat()
        let exists = FileName.withCString(path, { stat($0, &status) }) == 0
        for database in databases {
            for file in files(of: database) {
                var other = stat()
                let sameFile = exists && FileName.withCString(file, { stat($0, &other) }) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino
                if sameFile || (target != nil && canonical(file) == target) {
                    throw CommandError(.cannotCreate, "--output \(TerminalText.escaped(path)) names \(file == database ? "the database" : "a file of the database") \(TerminalText.escaped(database)), which the output would replace: choose another --output")
                }
            }
        }
        guard exists, status.st_mode & S_IFMT == S_IFREG else { return }
        let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
        let isDatabase = count == 16 && header == Array("SQLite format 3\0".utf8)
        let isWAL = count >= 4 && header[0] == 0x37 && header[1] == 0x7F && header[2] == 0x06 && (header[3] == 0x82 || header[3] == 0x83)
        if isDatabase || isWAL {
            throw CommandError(.cannotCreate, "--output \(TerminalText.escaped(path)) is \(isDatabase ? "a SQLite database" : "a SQLite write-ahead log"), which the output would replace: choose another --output (or delete the file first)")
        }
    }
}
