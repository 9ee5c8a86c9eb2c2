/// A session's frames in `seq` order, read one at a time into a value the caller reuses: the store's
/// cursor, `navrec analyze`'s spool, frames in memory.
///
/// A class protocol read in place rather than a `Sequence`: a frame is ~400 bytes, and a sequence
/// from another module is iterated by unspecialized generic code that copies each one several times;
/// here a frame costs one dynamic call.
public protocol SessionFrameReader: AnyObject {
    /// Overwrites `frame` with the next frame and returns `true`, or returns `false` at the end.
    ///
    /// - Throws: when the frames cannot be read (a database or file error); the reader is then
    ///   finished.
    func read(into frame: inout SessionFrame) throws -> Bool

    /// Overwrites `columns` with the next 1 to ``FrameColumns/capacity`` frames and returns `true`,
    /// or empties it and returns `false` at the end. The default reads frame by frame; the store's
    /// cursor decodes its chunks straight into the columns (the analyzer's main pass reads this
    /// way).
    ///
    /// - Throws: as ``read(into:)-(SessionFrame)``.
    func read(into columns: FrameColumns) throws -> Bool
}

extension SessionFrameReader {
    public func read(into columns: FrameColumns) throws -> Bool {
        columns.reset()
        var frame = SessionFrame.empty
        while columns.count < FrameColumns.capacity, try read(into: &frame) { columns.append(frame) }
        return columns.count > 0
    }

    /// The remaining frames, in order.
    public func readAll() throws -> [SessionFrame] {
        var frames: [SessionFrame] = []
        var frame = SessionFrame.empty
        while try read(into: &frame) { frames.append(frame) }
        return frames
    }
}
