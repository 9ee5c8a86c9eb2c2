/// One scroll position, normally one per displayed frame while anything moves.
public struct ScrollSample: Sendable, Hashable, BitwiseCopyable {
    /// Seconds since the session started; never decreases within a session.
    public var t: Double
    /// Points scrolled past the rest position (`contentOffset.y + adjustedContentInset.top`).
    public var y: Double
    /// What the scroll view was doing, when the recording says.
    public var phase: ScrollPhase?
    /// Velocity in points per second, when the recording says.
    public var vy: Double?
    /// Seconds until the frame this sample is drawn for is due to be replaced, when the recording
    /// says: CADisplayLink's `targetTimestamp − timestamp`, the frame duration in effect (lower than
    /// the display's maximum rate while ProMotion runs slower).
    public var frameDuration: Double?

    public init(t: Double, y: Double, phase: ScrollPhase? = nil, vy: Double? = nil, frameDuration: Double? = nil) {
        self.t = t
        self.y = y
        self.phase = phase
        self.vy = vy
        self.frameDuration = frameDuration
    }
}
