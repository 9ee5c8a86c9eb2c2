/// One sample of a session with its computed and (when the app sent one) observed bar state, as a
/// value: for frames held in memory (``FrameArrayReader``) and readers of one row at a time
/// (``SessionFrameReader/readAll()``). Modules hand each other frames as ``FrameColumns`` blocks.
public struct SessionFrame: Sendable, Hashable, BitwiseCopyable {
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

    /// A placeholder for a reader to overwrite.
    public static let empty = SessionFrame(seq: 0, sample: ScrollSample(t: 0, y: 0), computed: BarState())
}
