package import BarModel

/// One session's frames while it is read, before it is stored (`navrec import`) or analysed
/// (`navrec analyze`): blocks of columns (``FrameColumns``, the form frames take between modules)
/// written as the samples arrive, in memory up to ``memoryBlocks``, beyond that in an anonymous
/// temporary file (``SpillFile``), so memory stays flat however long a session is.
///
/// The spool keeps each frame as given; ``init(seal:)``'s hook finishes each block once it is
/// full or read (`analyze` makes its values what the database gives back, ``StoredValues``). A
/// reader copies whole blocks (``FrameColumns/copy(from:)``).
package final class FrameSpool {
    /// Blocks held in memory before the spool spills to a file (16,384 frames, about 5 MB).
    package static let memoryBlocks = 256

    /// The in-memory blocks, allocated as a session first needs them and kept for the next.
    private var blocks: [FrameColumns]
    /// Blocks in memory in use: the full ones and the one being filled (the last).
    private var held = 0
    /// `blocks[held - 1]`, the block being filled (unused while `held` is 0). Unmanaged: `blocks`
    /// keeps it, and reading the array's element or a reference retained and released it per
    /// sample.
    private var current: Unmanaged<FrameColumns>
    /// Where frames go once a session outgrows memory.
    private let file = SpillFile()
    /// Blocks written to the spill file.
    private var spilled = 0
    /// Frames appended since the last ``reset()``.
    @inline(__always)
    package var count: Int { frames }
    /// Private, so that writing it per frame needs no dynamic exclusivity check (a `package`
    /// stored property could be accessed from other modules).
    private var frames = 0

    /// Called on each block when it is complete: full, or the last when a reader starts.
    private let seal: (FrameColumns) -> Void

    package init(seal: @escaping (FrameColumns) -> Void = { _ in }) {
        self.seal = seal
        blocks = [FrameColumns()]
        current = .passUnretained(blocks[0])
    }

    /// Forgets the frames (the blocks and the spill file are kept for the next session).
    package func reset() {
        held = 0
        spilled = 0
        frames = 0
        groupEnds.removeAll(keepingCapacity: true)
    }

    /// Appends the next frame: `sample` and the states as the models and the app gave them.
    @inline(__always)
    package func append(_ sample: ScrollSample, computed: BarState, observed: BarState?) throws {
        if held == 0 || current._withUnsafeGuaranteedRef({ $0.count }) == FrameColumns.capacity { try startBlock() }
        let seq = frames
        current._withUnsafeGuaranteedRef { $0.append(seq: seq, sample: sample, computed: computed, observed: observed) }
        frames = seq + 1
    }

    /// Seals the block being filled and starts the next: spills the memory's blocks first when
    /// they are all in use.
    private func startBlock() throws {
        if held > 0 { seal(current.takeUnretainedValue()) }
        if held == Self.memoryBlocks { try spill() }
        if held == blocks.count { blocks.append(FrameColumns()) }
        blocks[held].reset()
        current = .passUnretained(blocks[held])
        held += 1
    }

    /// A reader positioned at the first frame; `session` names the session in its errors. The
    /// frames appended so far are sealed: append nothing more while it reads.
    package func reader(session: String) -> any SessionFrameReader {
        if held > 0 { seal(current.takeUnretainedValue()) }
        return Reader(spool: self, session: session)
    }

    /// Spilled blocks go to and come back from the file this many at a time (up to about 1.1 MB),
    /// packed in one buffer: a system call per region of each block (~47k a million samples, each
    /// way) made the system time of a long session exceed its user time. ``memoryBlocks`` is a
    /// multiple, so the file holds whole groups of this many.
    fileprivate static let ioBlocks = 64

    /// Where each group of ``ioBlocks`` spilled blocks ends in the file: blocks are packed
    /// (``FrameColumns/pack(into:)``), so their sizes vary.
    private var groupEnds: [Int] = []

    /// The buffer ``spill()`` packs blocks into, allocated at a session's first spill and kept.
    private var staging: UnsafeMutableRawBufferPointer?

    deinit {
        staging?.deallocate()
    }

    /// A buffer for ``ioBlocks`` packed blocks (the caller deallocates it).
    fileprivate static func allocateIOBuffer() -> UnsafeMutableRawBufferPointer {
        .allocate(byteCount: ioBlocks * FrameColumns.packedCapacity, alignment: 16)
    }

    /// Moves the in-memory blocks (all full) to the end of the spill file, ``ioBlocks`` in a write.
    private func spill() throws {
        let buffer = staging ?? Self.allocateIOBuffer()
        staging = buffer
        for first in stride(from: 0, to: held, by: Self.ioBlocks) {
            var size = 0
            for block in blocks[first..<first + Self.ioBlocks] { size += block.pack(into: buffer.baseAddress! + size) }
            let start = groupEnds.last ?? 0
            try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<size]), at: start)
            groupEnds.append(start + size)
        }
        spilled += held
        held = 0
    }

    /// Fills `buffer` with the group of spilled blocks that starts at block `index` in one read.
    fileprivate func readSpilled(
        from index: Int, into buffer: UnsafeMutableRawBufferPointer, session: String
    ) throws(SpillError) {
        let group = index / Self.ioBlocks
        let start = group == 0 ? 0 : groupEnds[group - 1]
        try file.read(
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<groupEnds[group] - start]), at: start, session: session)
    }

    fileprivate var spilledBlocks: Int { spilled }

    /// Overwrites `columns` with in-memory block `index` (counted from the first spilled one);
    /// `false` past the last.
    fileprivate func readMemory(block index: Int, into columns: FrameColumns) -> Bool {
        guard index - spilled < held else { return false }
        columns.copy(from: blocks[index - spilled])
        return true
    }

    private final class Reader: SessionFrameReader {
        let spool: FrameSpool
        let session: String
        private var nextBlock = 0

        init(spool: FrameSpool, session: String) {
            self.spool = spool
            self.session = session
        }

        /// Spilled blocks read ahead, a group at a time (allocated at the first spilled block);
        /// blocks are read in order, the next at byte `aheadOffset`.
        private var ahead: UnsafeMutableRawBufferPointer?
        private var aheadOffset = 0

        deinit {
            ahead?.deallocate()
        }

        func read(into columns: FrameColumns) throws(SpillError) -> Bool {
            let index = nextBlock
            if index < spool.spilledBlocks {
                let buffer = ahead ?? FrameSpool.allocateIOBuffer()
                ahead = buffer
                if index % FrameSpool.ioBlocks == 0 {
                    try spool.readSpilled(from: index, into: buffer, session: session)
                    aheadOffset = 0
                }
                aheadOffset += columns.unpack(from: buffer.baseAddress! + aheadOffset)
            } else if !spool.readMemory(block: index, into: columns) {
                columns.reset()
                return false
            }
            nextBlock += 1
            return true
        }
    }
}
