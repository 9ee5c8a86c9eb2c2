/// Frames held in memory, read as a ``SessionFrameReader``.
public final class FrameArrayReader: SessionFrameReader {
    private let frames: [SessionFrame]
    private var next = 0

    public init(_ frames: [SessionFrame]) { self.frames = frames }

    public func read(into frame: inout SessionFrame) -> Bool {
        guard next < frames.count else { return false }
        frame = frames[next]
        next += 1
        return true
    }
}
