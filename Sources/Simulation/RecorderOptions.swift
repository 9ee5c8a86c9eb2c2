/// What a real app's recorder adds to the simulated motion: its style, the display's refresh
/// behaviour and the imperfections of real recordings (`navrec simulate` options). The defaults
/// change nothing: the output is the ``Simulator``'s.
public struct RecorderOptions: Sendable, Hashable {
    public var style: RecorderStyle
    public var refresh: RefreshMode
    /// Uniform noise on `y` while dragging, ± points (touch noise the pan gesture passes on).
    public var touchNoise: Double
    /// Uniform noise on `t`, ± seconds (a recorder that reads the clock in a callback); `t` never
    /// decreases.
    public var timestampNoise: Double
    /// Fraction of moving samples followed by a second `scrollViewDidScroll` callback in the same
    /// frame (20–200 µs later, same position).
    public var duplicates: Double
    /// The app goes to the background at `at` seconds for `seconds`: a `background` event, nothing
    /// in between, a `foreground` event, then the session continues where it was.
    public var background: (at: Double, seconds: Double)?
    /// Seconds added to every time, like a recorder writing `CACurrentMediaTime()` unchanged.
    public var clockOffset: Double

    public init(
        style: RecorderStyle = .frames, refresh: RefreshMode = .fixed, touchNoise: Double = 0, timestampNoise: Double = 0,
        duplicates: Double = 0, background: (at: Double, seconds: Double)? = nil, clockOffset: Double = 0
    ) {
        self.style = style
        self.refresh = refresh
        self.touchNoise = touchNoise
        self.timestampNoise = timestampNoise
        self.duplicates = duplicates
        self.background = background
        self.clockOffset = clockOffset
    }

    public static func == (a: RecorderOptions, b: RecorderOptions) -> Bool {
        a.style == b.style && a.refresh == b.refresh && a.touchNoise == b.touchNoise && a.timestampNoise == b.timestampNoise
            && a.duplicates == b.duplicates && a.background?.at == b.background?.at
            && a.background?.seconds == b.background?.seconds && a.clockOffset == b.clockOffset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(refresh)
        hasher.combine(touchNoise)
        hasher.combine(timestampNoise)
        hasher.combine(duplicates)
        hasher.combine(background?.at)
        hasher.combine(background?.seconds)
        hasher.combine(clockOffset)
    }

    /// Throws when an option is out of range.
    public func validate(fps: Int) throws(SimulationError) {
        func check(_ ok: Bool, _ message: String) throws(SimulationError) { if !ok { throw SimulationError(message) } }
        try check(touchNoise.isFinite && touchNoise >= 0 && touchNoise <= 100, "touch noise must be from 0 to 100 points")
        try check(timestampNoise.isFinite && timestampNoise >= 0 && timestampNoise <= 0.1, "timestamp noise must be from 0 to 100 ms")
        try check(duplicates.isFinite && duplicates >= 0 && duplicates <= 1, "duplicates must be a fraction from 0 to 1")
        try check(clockOffset.isFinite && clockOffset >= 0 && clockOffset <= 1e7, "the clock offset must be from 0 to 1e7 seconds")
        if let background {
            try check(background.at.isFinite && background.at >= 0 && background.seconds.isFinite && background.seconds > 0
                && background.at + background.seconds <= 1e7, "background needs AT ≥ 0 and SECONDS > 0 (AT=SECONDS)")
        }
        try check(refresh == .fixed || fps >= 60, "adaptive refresh needs a display of at least 60 fps (ProMotion runs at 120)")
    }
}
