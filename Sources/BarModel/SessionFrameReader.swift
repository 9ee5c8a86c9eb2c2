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
}

extension SessionFrameReader {
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
