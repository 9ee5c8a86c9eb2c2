/// Frames held in memory, read as a ``SessionFrameReader``.
public final class FrameArrayReader: SessionFrameReader {
    private let frames: [SessionFrame]
    private var next = 0

    public init(_ frames: [SessionFrame]) { self.frames = frames }

    public func read(into columns: FrameColumns) -> Bool {
        columns.reset()
        while columns.count < FrameColumns.capacity, next < frames.count {
            columns.append(frames[next])
            next += 1
        }
        return columns.count > 0
    }
}
