internal import Foundation
internal import Reports
internal import Synchronization
internal import TextTools

/// Keeps `--output` off databases: the paths this run uses as databases are registered (by
/// ``CommandContext/databasePath(_:)`` and ``CommandContext/openStore(_:readOnly:creating:)``), and
/// ``refuseDatabase(_:)`` refuses an output that names one of them, one of their `-wal`, `-shm` or
/// `-journal` files (by name, through symbolic links, or as the same file by device and inode),
/// or any file that begins as a SQLite database or WAL does.
enum OutputGuard {
    private final class Registry: Sendable {
        let paths = Mutex<[String]>([])
    }

    private static let registry = Registry()

    /// Registers `path` as a database of this run.
    static func protect(database path: String) {
        registry.paths.withLock { paths in if !paths.contains(path) { paths.append(path) } }
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
        if let resolved = FileName.realPath(path) { return resolved }
        let url = URL(fileURLWithPath: path)
        return FileName.realPath(url.deletingLastPathComponent().path).map { $0 + "/" + url.lastPathComponent }
    }

    /// Throws exit 73 when writing `path` would replace a database (see the type).
    static func refuseDatabase(_ path: String) throws(CommandError) {
        let databases = registry.paths.withLock { $0 }
        let target = canonical(path)
        var status = stat()
        let exists = stat(FileName.cString(path), &status) == 0
        for database in databases {
            for file in files(of: database) {
                var other = stat()
                let sameFile = exists && stat(FileName.cString(file), &other) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino
                if sameFile || (target != nil && canonical(file) == target) {
                    throw CommandError(.cannotCreate, "--output \(TerminalText.escaped(path)) names \(file == database ? "the database" : "a file of the database") \(TerminalText.escaped(database)), which the output would replace: choose another --output")
                }
            }
        }
        guard exists, status.st_mode & S_IFMT == S_IFREG else { return }
        let descriptor = open(FileName.cString(path), O_RDONLY | O_CLOEXEC)
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
