/// A session's frames in `seq` order, read a block at a time into a ``FrameColumns`` the caller
/// reuses: the store's cursor (which decodes its chunks straight into the columns), `navrec
/// analyze`'s spool, frames in memory.
///
/// A class protocol that fills the caller's block rather than a `Sequence` of frames: a frame is
/// ~430 bytes, and a sequence from another module is iterated by unspecialized generic code that
/// copies each one several times; here 64 frames cost one dynamic call, and a reader loops over
/// the columns it needs.
public protocol SessionFrameReader: AnyObject {
    /// Overwrites `columns` with the next 1 to ``FrameColumns/capacity`` frames and returns `true`,
    /// or empties it and returns `false` at the end.
    ///
    /// - Throws: when the frames cannot be read (a database or file error); the reader is then
    ///   finished.
    func read(into columns: FrameColumns) throws -> Bool

    /// The next 1 to ``FrameColumns/capacity`` frames, `nil` at the end: a block the reader holds
    /// in memory, handed over as it is (valid until the next call; the caller must not change
    /// it), else `scratch` filled as ``read(into:)`` fills it. For callers that only read the
    /// frames: a spool's in-memory blocks were copied whole (~9 KB a block with its states) for
    /// each pass over them.
    func next(orInto scratch: FrameColumns) throws -> FrameColumns?
}

extension SessionFrameReader {
    /// Fills `scratch`: a reader that holds no blocks hands over a copy.
    public func next(orInto scratch: FrameColumns) throws -> FrameColumns? {
        try read(into: scratch) ? scratch : nil
    }

    /// The remaining frames, in order, each a ``SessionFrame``.
    public func readAll() throws -> [SessionFrame] {
        var frames: [SessionFrame] = []
        var frame = SessionFrame.empty
        let block = FrameColumns()
        while try read(into: block) {
            for row in 0..<block.count {
                block.load(row, into: &frame)
                frames.append(frame)
            }
        }
        return frames
    }
}
