package import BarModel
package import Recording

/// One session's frames while it is read, before it is stored (`navrec import`) or analysed
/// (`navrec analyze`): blocks of columns (``FrameColumns``, the form frames take between modules)
/// written as the samples arrive, in memory up to ``memoryBlocks``, beyond that in an anonymous
/// temporary file (``SpillFile``), so memory stays flat however long a session is.
///
/// The spool keeps each frame as given (its states' `-0.0` as `0.0`, as ``FrameStateColumns``
/// writes them); ``seal``, a hook, sees each block once it is full or read (`analyze` feeds its
/// main pass). A reader copies whole blocks (``FrameColumns/copy(from:)``). Blocks before
/// ``samplesOnlyBefore`` spill without their states (``FrameColumns/packSamples(into:whole:)``): once the
/// main pass has seen them, only a replay of the samples reads them again; blocks before
/// ``droppedBefore``, which no replay reads, spill nothing.
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

    /// Called on each block when it is complete, before it can spill: full, or the last when a
    /// reader starts.
    package var seal: (FrameColumns) -> Void
    /// Called before the in-memory blocks spill (after the last of them is sealed).
    package var willSpill: () -> Void = {}
    /// Blocks sealed since the last ``reset()``.
    package var sealed: Int { sealedCount }
    /// Private, as ``frames``: written once a block.
    private var sealedCount = 0
    /// Blocks with a lower index (counted from the session's first) spill only their samples: a
    /// full reader must start at or after it (set before the blocks spill; it only grows).
    package var samplesOnlyBefore = 0
    /// Blocks spilled samples only, a prefix of the file.
    private var spilledSamplesOnly = 0
    /// Whether blocks spilled samples only keep every field of their samples, not only `t` and
    /// `y` (``FrameColumns/packSamples(into:whole:)``): set with ``samplesOnlyBefore``.
    package var keepsWholeSamples = true
    /// Blocks with a lower index spill nothing, as nothing reads them again: a samples-only reader
    /// starts after them (at most ``samplesOnlyBefore``; it only grows).
    package var droppedBefore = 0
    /// Blocks spilled as nothing, a prefix of those spilled samples only.
    private var spilledDropped = 0

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
        sealedCount = 0
        samplesOnlyBefore = 0
        spilledSamplesOnly = 0
        keepsWholeSamples = true
        droppedBefore = 0
        spilledDropped = 0
        groupEnds.removeAll(keepingCapacity: true)
    }

    /// Appends the next frame: `sample` and the states as the models and the app gave them.
    @inline(__always)
    package func append(_ sample: ScrollSample, computed: BarState, observed: BarState?) throws {
        try append { block, seq in block.append(seq: seq, sample: sample, computed: computed, observed: observed) }
    }

    /// Appends the next frame: `sample` (the slot's, or its stored form), the state `model` steps to
    /// on the slot's sample, written straight into the block, and the slot's observed state.
    @inline(__always)
    package func append(_ sample: ScrollSample, modelling slot: inout RecordingSlot, with model: inout BarEngine) throws {
        try append { block, seq in
            let row = block.append(seq: seq, sample: sample)
            // The observed state first: after the model's step, a call, it was copied out of the
            // slot first (~140 bytes a sample, with or without one). Read where it lies, a field
            // as it is written: taken by value, it was loaded whole before the block's first store.
            if slot.hasObserved { withUnsafePointer(to: &slot.observed) { block.setObserved($0, at: row) } }
            model.step(slot.sample, into: block.computed, at: row)
        }
    }

    /// Hands `write` the block the next frame goes in and its seq; `write` appends it.
    @inline(__always)
    private func append(_ write: (FrameColumns, Int) -> Void) throws {
        // Every block but the last is full, so a frame starts a block where the count is a multiple
        // of the capacity, 64 (asking the block its count was a call into BarModel a frame).
        if frames & (FrameColumns.capacity - 1) == 0 { try startBlock() }
        let seq = frames
        current._withUnsafeGuaranteedRef { write($0, seq) }
        frames = seq + 1
    }

    /// Seals the block being filled and starts the next: spills the memory's blocks first when
    /// they are all in use.
    private func startBlock() throws {
        sealLast()
        if held == Self.memoryBlocks {
            willSpill()
            try spill()
        }
        if held == blocks.count { blocks.append(FrameColumns()) }
        blocks[held].reset()
        current = .passUnretained(blocks[held])
        held += 1
    }

    /// Seals the block being filled, unless sealed already.
    package func sealLast() {
        guard sealedCount < spilled + held else { return }
        sealedCount += 1
        seal(current.takeUnretainedValue())
    }

    /// In-memory block `index` (counted from the session's first), sealed; `nil` once spilled.
    package func sealedBlock(_ index: Int) -> FrameColumns? {
        index >= spilled && index < sealed ? blocks[index - spilled] : nil
    }

    /// A reader positioned at the first frame of block `first`; `session` names the session in its
    /// errors. With `samplesOnly` it fills only each block's rows and samples (its states may be
    /// left empty, and without ``keepsWholeSamples`` its samples' fields but `t` and `y`), which
    /// every block keeps, and starts at the first not dropped (``droppedBefore``) if `first` was;
    /// without, `first` must not be before ``samplesOnlyBefore``. The frames appended so far are
    /// sealed: append nothing more while it reads.
    package func reader(session: String, from first: Int = 0, samplesOnly: Bool = false) -> any SessionFrameReader {
        precondition(samplesOnly || first >= spilledSamplesOnly, "the states of block \(first) were not kept")
        sealLast()
        return Reader(spool: self, session: session, first: samplesOnly ? max(first, spilledDropped) : first)
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
            for (index, block) in zip((spilled + first)..., blocks[first..<first + Self.ioBlocks]) {
                if index < droppedBefore {
                    spilledDropped = index + 1
                    spilledSamplesOnly = index + 1
                } else if index < samplesOnlyBefore {
                    size += block.packSamples(into: buffer.baseAddress! + size, whole: keepsWholeSamples)
                    spilledSamplesOnly = index + 1
                } else {
                    size += block.pack(into: buffer.baseAddress! + size)
                }
            }
            let start = groupEnds.last ?? 0
            if size > 0 { try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<size]), at: start) }
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

    /// Overwrites `columns` with the packed block at `bytes`, as spilled; returns its size.
    fileprivate func unpack(block index: Int, from bytes: UnsafeRawPointer, into columns: FrameColumns) -> Int {
        index < spilledDropped ? 0 : index < spilledSamplesOnly ? columns.unpackSamples(from: bytes, whole: keepsWholeSamples) : columns.unpack(from: bytes)
    }

    /// Overwrites `columns` with in-memory block `index` (counted from the first spilled one);
    /// `false` past the last.
    fileprivate func readMemory(block index: Int, into columns: FrameColumns) -> Bool {
        guard let block = memoryBlock(index) else { return false }
        columns.copy(from: block)
        return true
    }

    /// In-memory block `index` (counted from the first spilled one); `nil` when it is spilled or
    /// past the last.
    fileprivate func memoryBlock(_ index: Int) -> FrameColumns? {
        index >= spilled && index - spilled < held ? blocks[index - spilled] : nil
    }

    private final class Reader: SessionFrameReader {
        let spool: FrameSpool
        let session: String
        private var nextBlock: Int

        init(spool: FrameSpool, session: String, first: Int) {
            self.spool = spool
            self.session = session
            nextBlock = first
        }

        /// Spilled blocks read ahead, a group at a time (allocated at the first spilled block);
        /// blocks are read in order, the next at byte `aheadOffset`.
        private var ahead: UnsafeMutableRawBufferPointer?
        /// -1 until the first spilled block's group is read.
        private var aheadOffset = -1

        deinit {
            ahead?.deallocate()
        }

        func read(into columns: FrameColumns) throws(SpillError) -> Bool {
            let index = nextBlock
            if index < spool.spilledBlocks {
                let buffer = ahead ?? FrameSpool.allocateIOBuffer()
                ahead = buffer
                if index % FrameSpool.ioBlocks == 0 || aheadOffset < 0 {
                    try spool.readSpilled(from: index, into: buffer, session: session)
                    aheadOffset = 0
                    // A reader that starts inside a group passes over its blocks before.
                    for skipped in index / FrameSpool.ioBlocks * FrameSpool.ioBlocks..<index {
                        aheadOffset += spool.unpack(block: skipped, from: buffer.baseAddress! + aheadOffset, into: columns)
                    }
                }
                aheadOffset += spool.unpack(block: index, from: buffer.baseAddress! + aheadOffset, into: columns)
            } else if !spool.readMemory(block: index, into: columns) {
                columns.reset()
                return false
            }
            nextBlock += 1
            return true
        }

        func next(orInto scratch: FrameColumns) throws(SpillError) -> FrameColumns? {
            guard let block = spool.memoryBlock(nextBlock) else { return try read(into: scratch) ? scratch : nil }
            nextBlock += 1
            return block
        }
    }
}
