internal import CMappedFileGuard
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file's bytes from an offset on, mapped read-only for ``LineReader``, which then hands
/// out lines in place instead of copying the file through a buffer with `read(2)` (that copy was
/// most of a long recording's system time). Only where the process has opted in with
/// ``enableForProcess()``: a file that shrinks under a mapping raises SIGBUS, which the guard
/// (`CMappedFileGuard`) answers with zero pages and a mark that ``faulted`` reads, so the reader
/// reports the file as changed instead of navrec dying. A library has no business installing a
/// process's signal handlers, so only the command line opts in.
package struct MappedFile {
    /// The mapping's first byte (page-aligned) and its length.
    let base: UnsafePointer<UInt8>
    let length: Int
    /// The file offset of ``base``.
    let offset: Int
    private let slot: Int32

    /// The page size, which mapping offsets and dropped ranges align to.
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    nonisolated(unsafe) private static var enabled = false

    /// Lets readers of this process map their files; returns whether they will. Call it once,
    /// before any reader opens a file, from the program (not a library).
    @discardableResult
    package static func enableForProcess() -> Bool {
        enabled = cmappedfileguard_install() == 1
        return enabled
    }

    /// Maps `descriptor`'s bytes from `offset` to its end, or nil where the process has not opted in,
    /// the file is not a regular one, or it has fewer than `minimumLength` bytes there.
    init?(descriptor: Int32, from offset: Int, minimumLength: Int) {
        guard Self.enabled, offset >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size - offset >= max(minimumLength, 1) else { return nil }
        let start = offset & ~(Self.pageSize - 1)
        guard let mapped = mmap(nil, size - start, PROT_READ, MAP_PRIVATE, descriptor, off_t(start)),
              mapped != MAP_FAILED else { return nil }
        let slot = cmappedfileguard_register(mapped, size - start)
        guard slot >= 0 else {
            munmap(mapped, size - start)
            return nil
        }
        base = UnsafePointer(mapped.assumingMemoryBound(to: UInt8.self))
        length = size - start
        self.offset = start
        self.slot = slot
    }

    /// Whether part of the mapping was replaced by zero pages because the file shrank (or its
    /// pages could not be read) after it was mapped.
    var faulted: Bool { cmappedfileguard_faulted(slot) != 0 }

    /// Whether the file still holds the mapped bytes: none faulted and its size still reaches the
    /// mapping's end.
    func stillMapped(descriptor: Int32) -> Bool {
        var status = stat()
        return !faulted && fstat(descriptor, &status) == 0 && Int(status.st_size) >= offset + length
    }

    /// Gives the pages of `range` (page-aligned) back: the process's memory stays at the bytes
    /// being read, not the file's size. They stay in the page cache.
    func release(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + range.lowerBound), range.count, MADV_DONTNEED)
    }

    /// Maps the pages of `range` (clipped to the mapping) ahead of reading them, in one call
    /// instead of a page fault per 16 pages (the kernel's fault-around). Pages past the file's end,
    /// if it shrank, are left unmapped (the call fails with `EFAULT`, no signal): reading them
    /// faults as before. A kernel before Linux 5.14 refuses the call and the pages fault as read.
    func prefault(_ range: Range<Int>) {
        let upper = min(range.upperBound, length)
        guard upper > range.lowerBound else { return }
        let lower = range.lowerBound & ~(Self.pageSize - 1)
        _ = madvise(UnsafeMutableRawPointer(mutating: base + lower), upper - lower, Self.populateRead)
    }

    /// `MADV_POPULATE_READ` (Linux 5.14), which Glibc's headers may lack.
    static let populateRead: Int32 = 22

    /// Unmaps the file; the mapping is not read after this.
    func close() {
        cmappedfileguard_unregister(slot)
        munmap(UnsafeMutableRawPointer(mutating: base), length)
    }
}
