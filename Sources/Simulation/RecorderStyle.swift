public import BarModel

/// How a simulated app writes its samples (`navrec simulate --recorder`).
public enum RecorderStyle: String, Sendable, Hashable, CaseIterable {
    /// One sample per displayed frame while anything moves, a sample at touch-down, one idle
    /// sample when motion ends: the simulator's classic output, without `frameDuration`.
    case frames
    /// As `frames`, from a CADisplayLink callback: every sample carries `frameDuration`
    /// (`targetTimestamp − timestamp`). What the recorder example of Docs/recording-format.md writes.
    case displayLink = "display-link"
    /// From `scrollViewDidScroll` only: a sample only when the offset changed, so nothing between
    /// gestures, no touch-down and no idle samples.
    case scrollCallbacks = "scroll-callbacks"
    /// As the `Recording` library's `ScrollRecorder` writes it: every displayed frame goes through
    /// its sampler, which decides phases and what to write (with `frameDuration`).
    case library

    /// What a recorder of this style writes, as its header declares it.
    public var policy: RecorderPolicy { policy(idleFrames: false) }

    /// What a recorder of this style writes, as its header declares it, when it writes every frame
    /// at rest (``SimulationConfiguration/idleFrames``; a `scrollViewDidScroll` recorder cannot).
    public func policy(idleFrames: Bool) -> RecorderPolicy {
        switch self {
        // The simulator writes the first frame at rest, the frames where the bar changes and the
        // frame before a touch; ScrollRecorder's default writes the first and the bar's changes.
        case .frames, .displayLink, .library: RecorderPolicy(moving: .everyFrame, atRest: idleFrames ? .everyFrame : .changes)
        case .scrollCallbacks: RecorderPolicy(moving: .offsetChanges, atRest: .nothing)
        }
    }
}
