/// What a recorder writes, as its header declares it (`"recorder":{"moving":…,"atRest":…}`): the
/// hitch model trusts a declaration over what it could infer from the samples (Docs/findings.md
/// "Hitch model"). Either part may be missing: then that part is inferred, conservatively.
public struct RecorderPolicy: Sendable, Hashable {
    /// Which frames are written while the content moves.
    public enum Moving: String, Sendable, Hashable, CaseIterable {
        /// One sample per displayed frame (a `CADisplayLink` callback): a missing frame was not drawn.
        case everyFrame
        /// A sample only when the offset changed (`scrollViewDidScroll`): UIKit keeps `contentOffset`
        /// on the pixel grid, so a frame that moved less than a pixel writes nothing.
        case offsetChanges
    }

    /// Which frames are written while nothing moves.
    public enum AtRest: String, Sendable, Hashable, CaseIterable {
        /// Every displayed frame (`ScrollRecorder.Options.writesIdleFrames`): a late first frame of a
        /// gesture is the main thread's fault, a touch-down hitch.
        case everyFrame
        /// The first frame at rest, then only frames where the bar the app shows changes
        /// (`ScrollRecorder`'s default): a pause writes nothing, so it is never a late frame.
        case changes
        /// Nothing at rest.
        case nothing
    }

    public var moving: Moving?
    public var atRest: AtRest?

    public init(moving: Moving? = nil, atRest: AtRest? = nil) {
        self.moving = moving
        self.atRest = atRest
    }

    /// Whether the header declared anything.
    public var isDeclared: Bool { moving != nil || atRest != nil }
}
