package import BarModel

/// One session's frames while it is read before it is stored (`navrec import`'s sink; `navrec
/// analyze` keeps columns, ``ColumnSpool``): in memory up to ``memoryFrames``, beyond that in an
/// anonymous temporary file, so memory stays flat however long a session is.
///
/// Frames are written as their raw bytes (``SessionFrame`` is `BitwiseCopyable`) and read back
/// through `pread`, each reader at its own offset.
///
/// The in-memory frames are a fixed buffer ``append(line:sample:computed:observed:)`` fills in
/// place: appending to an array property built each ~430-byte frame in a local, copied it in, and
/// paid a dynamic exclusivity and a uniqueness check per sample.
package final class FrameSpool {
    /// Frames held in memory before the spool spills to a file (about 6 MB).
    package static let memoryFrames = 16_384

    /// `memoryFrames` frames, the first `held` of them written.
    private let frames: UnsafeMutablePointer<SessionFrame>
    private var held = 0
    /// Where frames go once a session outgrows memory.
    private let file = SpillFile()
    /// Frames written to the spill file.
    private var spilled = 0
    private let frameSize = MemoryLayout<SessionFrame>.stride

    package init() {
        frames = .allocate(capacity: Self.memoryFrames)
    }

    deinit {
        frames.deallocate()
    }

    /// Frames appended since the last ``reset()``.
    package var count: Int { spilled + held }

    /// Forgets the frames (the spill file is kept for the next session).
    package func reset() {
        held = 0
        spilled = 0
    }

    /// Appends the frame of `sample` read from line `line` (its `seq`), written in place: a frame
    /// built in a local and appended was copied whole twice more. Its storage stays private, so
    /// the compiler checks its accesses statically (as an internal property from the sink's
    /// module, each paid a runtime exclusivity check).
    package func append(line: Int, sample: ScrollSample, computed: BarState, observed: BarState?) throws {
        if held == Self.memoryFrames { try spill() }
        let slot = frames + held
        held += 1
        slot.pointer(to: \.seq)!.pointee = line
        slot.pointer(to: \.sample)!.pointee = sample
        slot.pointer(to: \.computed)!.pointee = computed
        slot.pointer(to: \.observed)!.pointee = observed
    }

    /// A reader positioned at the first frame; `session` names the session in its errors.
    package func reader(session: String) -> any SessionFrameReader { Reader(spool: self, session: session) }

    /// Moves the in-memory frames to the end of the spill file.
    private func spill() throws {
        try file.write(UnsafeRawBufferPointer(start: frames, count: held * frameSize), at: spilled * frameSize)
        spilled += held
        held = 0
    }

    /// Spilled frames are read back this many at a time: one `pread` per frame made the system
    /// calls most of `navrec analyze`'s time on a long session (every pass reads every frame).
    static let readBlock = 256

    /// Reads the spooled frames from `index` on (all below `spilled`) into `frames`, filling it.
    fileprivate func readSpilled(
        _ index: Int, into frames: UnsafeMutableBufferPointer<SessionFrame>, session: String
    ) throws(SpillError) {
        try file.read(into: UnsafeMutableRawBufferPointer(frames), at: index * frameSize, session: session)
    }

    fileprivate func memoryFrame(_ index: Int) -> SessionFrame { frames[index] }

    fileprivate var spilledCount: Int { spilled }

    private final class Reader: SessionFrameReader {
        let spool: FrameSpool
        let session: String
        var next = 0
        /// Spilled frames read ahead: `block[0..<blockCount]` are frames `blockStart...`.
        private var block = [SessionFrame](repeating: .empty, count: FrameSpool.readBlock)
        private var blockStart = 0
        private var blockCount = 0

        init(spool: FrameSpool, session: String) {
            self.spool = spool
            self.session = session
        }

        func read(into frame: inout SessionFrame) throws(SpillError) -> Bool {
            guard next < spool.count else { return false }
            if next < spool.spilledCount {
                if next >= blockStart + blockCount || next < blockStart {
                    let count = min(FrameSpool.readBlock, spool.spilledCount - next)
                    let (spool, session, start) = (spool, session, next)
                    try block.withUnsafeMutableBufferPointer { (block) throws(SpillError) in
                        try spool.readSpilled(start, into: UnsafeMutableBufferPointer(rebasing: block[0..<count]), session: session)
                    }
                    blockStart = next
                    blockCount = count
                }
                frame = block[next - blockStart]
            } else {
                frame = spool.memoryFrame(next - spool.spilledCount)
            }
            next += 1
            return true
        }
    }
}
