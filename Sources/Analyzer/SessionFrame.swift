public import BarModel

/// One sample of a session with its computed and (when the app sent one) observed bar state.
public struct SessionFrame: Sendable, Hashable {
    /// Position of the sample in its session, 0-based.
    public var seq: Int
    /// The scroll position.
    public var sample: ScrollSample
    /// The state navrec's models computed for this frame.
    public var computed: BarState
    /// The state the app reported, if any (any subset of fields).
    public var observed: BarState?

    public init(seq: Int, sample: ScrollSample, computed: BarState, observed: BarState? = nil) {
        self.seq = seq
        self.sample = sample
        self.computed = computed
        self.observed = observed
    }
}
