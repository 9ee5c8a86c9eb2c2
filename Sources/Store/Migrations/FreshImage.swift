internal import Foundation
internal import TextTools

/// A new database as the bytes of its file: what `Schema/schema.sql` makes in an empty WAL
/// database, made from the script at build time by the EmbedSQL plugin with the SQLite navrec
/// links, the ledger's `applied_at` left '' (``Migrator/stampCopiedLedger(_:)`` sets it).
///
/// Why: running the script made SQLite compile each of the five views and two triggers as it
/// created them (parse, copy, and parse again into the schema it keeps), nearly three times what
/// reading the finished file's schema costs, which every open pays; a copy costs one write. The copy is made where no
/// file is, as a whole: written to a temporary file beside it, synced, then linked into place,
/// which fails if another process made the file meanwhile (that one is then opened as it is).
/// Where a file is already there (an empty one, say), ``Migrator`` runs the script instead.
package enum FreshImage {
    /// Makes `path` a copy of the image when nothing is there; returns whether it did. Any failure
    /// (no image, a file there, a directory that is missing or not writable, a file system without
    /// hard links) leaves things as they were and returns false: opening `path` then reports what
    /// is wrong, or makes the database with the script.
    package static func create(at path: String) -> Bool {
        let image = EmbeddedSQL.image
        guard image.size > 0, !path.isEmpty, path != ":memory:" else { return false }
        var status = stat()
        guard lstat(FileName.cString(path), &status) != 0, errno == ENOENT else { return false }
        let bytes = self.bytes(image)
        let name = FileName.bytes(of: path)
        let slash = name.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        // No signal ends navrec between making the temporary and removing it (a write and a sync).
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for number in [SIGTERM, SIGHUP, SIGINT] { sigaddset(&held, number) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // Made with O_EXCL (never another's file) and mode 0644, which the kernel lessens by the
        // umask as it does for the file SQLite makes; mkstemp's 0600 would need the umask read, and
        // reading it means setting it, for every thread.
        var temporary: [CChar] = []
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            let suffix = Array(".navrec-\(String(UInt64.random(in: .min ... .max), radix: 36))".utf8)
            temporary = (name[..<slash] + Array(".".utf8) + name[slash...] + suffix).map { CChar(bitPattern: $0) } + [0]
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor < 0, errno == EEXIST else { break }
        }
        guard descriptor >= 0 else { return false }
        defer { unlink(temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            guard count > 0 || (count < 0 && errno == EINTR) else { break }
            written += max(count, 0)
        }
        // Synced before it gets its name: after a crash the name is absent or holds every page.
        let synced = written == bytes.count && fsync(descriptor) == 0
        close(descriptor)
        return synced && link(temporary, FileName.cString(path)) == 0
    }

    /// The image's bytes: zeros, and its runs of hex digits at their offsets.
    private static func bytes(_ image: (size: Int, runs: [(offset: Int, hex: StaticString)])) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: image.size) { buffer, count in
            buffer.initialize(repeating: 0)
            for run in image.runs {
                let hex = run.hex.utf8Start
                for index in 0..<run.hex.utf8CodeUnitCount / 2 {
                    buffer[run.offset + index] = digit(hex[2 * index]) << 4 | digit(hex[2 * index + 1])
                }
            }
            count = image.size
        }
    }

    @inline(__always)
    private static func digit(_ character: UInt8) -> UInt8 {
        character <= UInt8(ascii: "9") ? character - UInt8(ascii: "0") : character - UInt8(ascii: "a") + 10
    }
}
