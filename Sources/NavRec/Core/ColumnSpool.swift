package import BarModel

/// One session's frames as `navrec analyze` keeps them for the analyzer's passes: blocks of
/// columns (``FrameColumns``), the form the main pass reads, written as the samples arrive, in
/// memory up to ``memoryBlocks``, beyond that in an anonymous temporary file, so memory stays flat
/// however long a session is.
///
/// Each frame is written into its block's columns once, as the database would give it back
/// (``StoredValues``); a pass copies a block's columns (``FrameColumns/copy(from:)``). Spooling
/// whole ~430-byte frames and turning them into columns on every pass was ~600 instructions a
/// sample (Benchmarks/README.md, "Analyze pipeline").
package final class ColumnSpool {
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
    package private(set) var count = 0

    package init() {
        blocks = [FrameColumns()]
        current = .passUnretained(blocks[0])
    }

    /// Forgets the frames (the blocks and the spill file are kept for the next session).
    package func reset() {
        held = 0
        spilled = 0
        count = 0
    }

    /// Appends the next frame: `sample` and the states as the models and the app gave them,
    /// stored as ``StoredValues`` says they read back.
    @inline(__always)
    package func append(_ sample: ScrollSample, computed: BarState, observed: BarState?) throws {
        if held == 0 || current._withUnsafeGuaranteedRef({ $0.count }) == FrameColumns.capacity { try startBlock() }
        let seq = count
        current._withUnsafeGuaranteedRef { $0.append(seq: seq, sample: StoredValues.sample(sample), computed: computed, observed: observed) }
        count = seq + 1
    }

    /// Seals the block being filled and starts the next: spills the memory's blocks first when
    /// they are all in use.
    private func startBlock() throws {
        if held > 0 { StoredValues.normalize(current.takeUnretainedValue()) }
        if held == Self.memoryBlocks { try spill() }
        if held == blocks.count { blocks.append(FrameColumns()) }
        blocks[held].reset()
        current = .passUnretained(blocks[held])
        held += 1
    }

    /// A reader positioned at the first frame; `session` names the session in its errors. With
    /// `samplesOnly` its frame-by-frame reads give each frame's `seq` and `sample` only (the
    /// analyzer's replay and median passes), leaving `computed` and `observed` as they are. The
    /// frames appended so far are sealed: append nothing more while it reads.
    package func reader(session: String, samplesOnly: Bool = false) -> any SessionFrameReader {
        if held > 0 { StoredValues.normalize(current.takeUnretainedValue()) }
        return Reader(spool: self, session: session, samplesOnly: samplesOnly)
    }

    /// The sizes of a block's regions in the spill file: its sample columns, then each state stream.
    private static let regionSizes: (samples: Int, states: Int) = {
        let block = FrameColumns()
        return (block.sampleBytes.count, block.computed.bytes.count)
    }()

    private static var blockBytes: Int { regionSizes.samples + 2 * regionSizes.states }

    /// Moves the in-memory blocks (all full) to the end of the spill file.
    private func spill() throws {
        for block in blocks[0..<held] {
            var offset = spilled * Self.blockBytes
            for region in [block.sampleBytes, block.computed.bytes, block.observed.bytes] {
                try file.write(UnsafeRawBufferPointer(region), at: offset)
                offset += region.count
            }
            spilled += 1
        }
        held = 0
    }

    /// Overwrites `columns` with block `index` (spilled ones first, then the memory's); `false`
    /// past the last.
    fileprivate func read(block index: Int, into columns: FrameColumns, session: String) throws(SpillError) -> Bool {
        if index < spilled {
            var offset = index * Self.blockBytes
            for region in [columns.sampleBytes, columns.computed.bytes, columns.observed.bytes] {
                try file.read(into: region, at: offset, session: session)
                offset += region.count
            }
            return true
        }
        guard index - spilled < held else { return false }
        columns.copy(from: blocks[index - spilled])
        return true
    }

    private final class Reader: SessionFrameReader {
        let spool: ColumnSpool
        let session: String
        let samplesOnly: Bool
        private var nextBlock = 0
        /// The block frame-by-frame reads take their frames from, and the next row of it.
        private let block = FrameColumns()
        private var row = 0

        init(spool: ColumnSpool, session: String, samplesOnly: Bool) {
            self.spool = spool
            self.session = session
            self.samplesOnly = samplesOnly
        }

        func read(into columns: FrameColumns) throws(SpillError) -> Bool {
            guard try spool.read(block: nextBlock, into: columns, session: session) else {
                columns.reset()
                return false
            }
            nextBlock += 1
            return true
        }

        func read(into frame: inout SessionFrame) throws(SpillError) -> Bool {
            if nextBlock == 0 || row == block.count {
                guard try read(into: block) else { return false }
                row = 0
            }
            if samplesOnly {
                frame.seq = block.firstSeq + row
                frame.sample = block.sample(row)
            } else {
                block.load(row, into: &frame)
            }
            row += 1
            return true
        }
    }
}
