import Foundation
@testable import Recording
import Testing

/// `LineReader` over a mapped file: the same lines, line numbers and errors as through its buffer,
/// for every way a file can end near the mapped part's end, from an offset, across the points where
/// it gives pages back; a file appended to while read is read to its new end; a file that shrinks
/// or is rewritten under it fails with an error instead of ending the process with SIGBUS.
@Suite("Line reader: mapped files")
struct MappedLineReaderTests {
    init() {
        MappedFile.enableForProcess()
    }

    /// The lines of a reader, each with its line number, and the error that ended it, if any. Where
    /// `unread()` offers at least `takeFrom` bytes, a line is found there and taken with
    /// `takeLine`, as the NDJSON reader's skeleton path does.
    static func lines(of reader: LineReader, takeFrom: Int = .max) -> [String] {
        var lines: [String] = []
        do {
            while true {
                if let bytes = reader.unread(), bytes.count >= takeFrom,
                   let newline = bytes.firstIndex(of: 0x0A) {
                    let length = newline > 0 && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                    reader.takeLine(length: length, terminator: newline + 1 - length)
                    lines.append("\(reader.lineNumber) " + String(decoding: bytes[..<length], as: UTF8.self))
                    continue
                }
                guard let line = try reader.nextLine() else { break }
                lines.append("\(reader.lineNumber) " + String(decoding: line, as: UTF8.self))
            }
        } catch {
            lines.append("error \(error)")
        }
        return lines
    }

    /// Lines of random length (some empty, some `\r\n`-ended, one longer than the mapped tail).
    static func text(bytes: Int, seed: UInt64, longLine: Bool = false, finalNewline: Bool = true) -> [UInt8] {
        var generator = SplitMix(seed: seed)
        let letters = (0..<(LineReader.mappedTail + 200)).map { UInt8(97 + $0 % 26) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes + letters.count)
        var index = 0
        while out.count < bytes {
            let length = longLine && index == 7 ? LineReader.mappedTail + 100 : Int(generator.next() % 300)
            out.append(contentsOf: "\(index):".utf8)
            out.append(contentsOf: letters[index % 26..<index % 26 + length])
            if generator.next() % 5 == 0 { out.append(0x0D) }
            out.append(0x0A)
            index += 1
        }
        if !finalNewline { out.removeLast() }
        return out
    }

    /// A reader of `bytes` written to a file, opened at `offset`, mapped from 1 byte on.
    static func mappedReader(_ bytes: [UInt8], in directory: TemporaryDirectory, offset: Int = 0) throws -> (LineReader, Int32) {
        let path = try directory.write("lines.txt", bytes)
        let descriptor = open(path, O_RDWR)
        lseek(descriptor, off_t(offset), SEEK_SET)
        return (LineReader(fileDescriptor: descriptor, ownsDescriptor: true, mappedFrom: 1), descriptor)
    }

    @Test("the same lines mapped as buffered: sizes about the mapped tail, with and without a last newline, a long line")
    func sameLines() throws {
        let tail = LineReader.mappedTail
        for (index, size) in [tail + 1, tail + 300, 2 * tail, 3 * tail + 17, 300_000].enumerated() {
            for finalNewline in [true, false] {
                for longLine in [false, true] {
                    let directory = try TemporaryDirectory()
                    let bytes = Self.text(bytes: size, seed: UInt64(index), longLine: longLine, finalNewline: finalNewline)
                    let expected = Self.lines(of: LineReader(bytes: bytes))
                    // Mapped where a line ends before the tail (the smallest sizes may have none).
                    let mappable = bytes[..<(bytes.count - tail)].contains(0x0A)
                    #expect(mappable || size < tail + 300)
                    for takeFrom in [Int.max, 4096, 1] {
                        let (reader, _) = try Self.mappedReader(bytes, in: directory)
                        #expect(reader.readsInPlace == mappable, "size \(size)")
                        #expect(Self.lines(of: reader, takeFrom: takeFrom) == expected, "size \(size), final newline \(finalNewline), take from \(takeFrom)")
                        #expect(!reader.readsInPlace)
                    }
                }
            }
        }
    }

    @Test("the mapped tail covers what the skeleton path may read past the last mapped line's start")
    func tailCoversTheSkeletonsReach() {
        // The skeleton path reads up to `reach` bytes from a line's start without a length check;
        // from the last line handed out in place that stays inside the file only if the tail holds them.
        #expect(LineReader.mappedTail >= SampleLineSkeleton.reach)
    }

    @Test("from a descriptor's offset (not on a page), and across the points where pages are given back")
    func offsetAndUpkeep() throws {
        let directory = try TemporaryDirectory()
        let bytes = Self.text(bytes: 4 * LineReader.upkeepInterval + 12_345, seed: 9)
        for offset in [0, 12_345] {
            let (reader, _) = try Self.mappedReader(bytes, in: directory, offset: offset)
            #expect(reader.readsInPlace)
            let expected = Self.lines(of: LineReader(bytes: Array(bytes[offset...])))
            #expect(Self.lines(of: reader, takeFrom: 4096) == expected)
        }
    }

    @Test("counter-cases: no mapping for a pipe, a file under the size, or one without a line before the tail")
    func notMapped() throws {
        let directory = try TemporaryDirectory()
        let small = try directory.write("small.txt", Self.text(bytes: 1000, seed: 1))
        let descriptor = open(small, O_RDONLY)
        #expect(!LineReader(fileDescriptor: descriptor, ownsDescriptor: true, mappedFrom: 1).readsInPlace)
        let oneLine = try directory.write("one.txt", [UInt8](repeating: 0x61, count: 3 * LineReader.mappedTail) + [0x0A])
        #expect(!LineReader(fileDescriptor: open(oneLine, O_RDONLY), ownsDescriptor: true, mappedFrom: 1).readsInPlace)
        let large = try directory.write("large.txt", Self.text(bytes: 1 << 20, seed: 2))
        #expect(!LineReader(fileDescriptor: open(large, O_RDONLY), ownsDescriptor: true, mappedFrom: 2 << 20).readsInPlace)
        #expect(LineReader(fileDescriptor: open(large, O_RDONLY), ownsDescriptor: true, mappedFrom: 1 << 20).readsInPlace)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let piped = LineReader(fileDescriptor: ends[0], ownsDescriptor: true, mappedFrom: 1)
        #expect(!piped.readsInPlace)
        #expect(write(ends[1], "a\nb", 3) == 3)
        close(ends[1])
        #expect(Self.lines(of: piped) == ["1 a", "2 b"])
    }

    @Test("lines appended after the file was mapped are read too")
    func appended() throws {
        let directory = try TemporaryDirectory()
        let bytes = Self.text(bytes: 1 << 20, seed: 3)
        let (reader, descriptor) = try Self.mappedReader(bytes, in: directory)
        #expect(reader.readsInPlace)
        let more = Array("more 1\nmore 2\n".utf8)
        #expect(pwrite(descriptor, more, more.count, off_t(bytes.count)) == more.count)
        #expect(Self.lines(of: reader, takeFrom: 4096) == Self.lines(of: LineReader(bytes: bytes + more)))
    }

    @Test("a file cut short after the next check point: the check fails with the reader's error")
    func shrunkBeforeCheck() throws {
        let directory = try TemporaryDirectory()
        let bytes = Self.text(bytes: 4 * LineReader.upkeepInterval, seed: 4)
        let (reader, descriptor) = try Self.mappedReader(bytes, in: directory)
        _ = try reader.nextLine()
        // Cut near the end, so the first check (at `upkeepInterval`) finds it before any read past it.
        #expect(ftruncate(descriptor, off_t(bytes.count - 1000)) == 0)
        let lines = Self.lines(of: reader, takeFrom: 4096)
        #expect(lines.last == "error \(LineReader.Failure.io(LineReader.changedMessage))")
        // Every line handed out before the error is the file's.
        let expected = Self.lines(of: LineReader(bytes: bytes))
        #expect(Array(expected.dropFirst().prefix(lines.count - 1)) == lines.dropLast())
    }

    @Test("a file cut short before the next check point: the pages past its end read as zeros, then the reader fails")
    func shrunkUnderReads() throws {
        for takeFrom in [Int.max, 4096] {
            let directory = try TemporaryDirectory()
            let bytes = Self.text(bytes: 2 * LineReader.upkeepInterval, seed: 5)
            let (reader, descriptor) = try Self.mappedReader(bytes, in: directory)
            _ = try reader.nextLine()
            // Cut inside the first upkeep interval, where no check comes before the reads past the new end.
            #expect(ftruncate(descriptor, off_t(LineReader.upkeepInterval / 2)) == 0)
            let lines = Self.lines(of: reader, takeFrom: takeFrom)
            #expect(lines.last == "error \(LineReader.Failure.io(LineReader.changedMessage))")
            let expected = Self.lines(of: LineReader(bytes: bytes))
            let intact = lines.dropLast().prefix { !$0.contains("\0") }
            #expect(intact.count > 1000)
            #expect(Array(intact) == Array(expected.dropFirst().prefix(intact.count)))
        }
    }

    @Test("a line rewritten under the mapping so that it no longer ends: the reader fails at it")
    func rewritten() throws {
        let directory = try TemporaryDirectory()
        var bytes = Self.text(bytes: 1 << 20, seed: 6)
        let (reader, descriptor) = try Self.mappedReader(bytes, in: directory)
        // Every newline of the mapped part replaced: what is left has no line end.
        for index in bytes.indices where bytes[index] == 0x0A { bytes[index] = 0x20 }
        #expect(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
        #expect(Self.lines(of: reader).last == "error \(LineReader.Failure.io(LineReader.changedMessage))")
    }

    @Test("the stretch about to be read is mapped ahead in one call; pages past it and the file's untouched pages are not")
    func pagesMappedAhead() throws {
        guard Self.kernelMapsPagesAhead else { return }
        let directory = try TemporaryDirectory()
        let bytes = Self.text(bytes: 8 * LineReader.upkeepInterval, seed: 7)
        let path = try directory.write("pages.txt", bytes)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let mapping = try #require(MappedFile(descriptor: descriptor, from: 0, minimumLength: 1))
        defer { mapping.close() }
        let page = MappedFile.pageSize
        // Counter-case: a page nobody read is not mapped yet.
        #expect(!Self.isMapped(mapping.base + 5 * LineReader.upkeepInterval))
        mapping.prefault(3 * LineReader.upkeepInterval + 100..<4 * LineReader.upkeepInterval)
        for offset in stride(from: 3 * LineReader.upkeepInterval, to: 4 * LineReader.upkeepInterval, by: page) {
            #expect(Self.isMapped(mapping.base + offset), "page at \(offset)")
        }
        #expect(!Self.isMapped(mapping.base + 5 * LineReader.upkeepInterval))
        // Past the mapping's end: clipped, no fault.
        mapping.prefault(mapping.length - 10..<mapping.length + 10 * page)
        #expect(Self.isMapped(mapping.base + mapping.length - 1))
    }

    /// Whether the kernel maps pages ahead on request (`MADV_POPULATE_READ`, Linux 5.14).
    static let kernelMapsPagesAhead: Bool = {
        let size = MappedFile.pageSize
        guard let page = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), page != MAP_FAILED else { return false }
        defer { munmap(page, size) }
        return madvise(page, size, MappedFile.populateRead) == 0
    }()

    /// Whether the page holding `address` is mapped in this process (`/proc/self/pagemap`'s
    /// present bit, which it gives without privileges).
    static func isMapped(_ address: UnsafePointer<UInt8>) -> Bool {
        let pagemap = open("/proc/self/pagemap", O_RDONLY)
        defer { close(pagemap) }
        var entry: UInt64 = 0
        let offset = off_t(UInt(bitPattern: address) / UInt(MappedFile.pageSize) * 8)
        guard pread(pagemap, &entry, 8, offset) == 8 else { return false }
        return entry >> 63 == 1
    }
}
