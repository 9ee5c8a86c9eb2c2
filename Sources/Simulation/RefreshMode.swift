/// How a simulated display refreshes (`navrec simulate --refresh`).
public enum RefreshMode: String, Sendable, Hashable, CaseIterable {
    /// Every frame at the configuration's `fps`.
    case fixed
    /// ProMotion: `fps` is the maximum; slower content is drawn at lower rates (2/3, 1/2 and 1/3 of
    /// `fps`, i.e. 80, 60 and 40 Hz at 120), each held for at least ``RecordedSimulation/minimumRateFrames``
    /// frames, as iOS does for slow drags and the tails of decelerations.
    case adaptive
}
