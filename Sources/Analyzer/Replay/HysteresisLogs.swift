import BarModel

/// The ``SchmittToggleLog``s the main pass keeps: one per Schmitt-switched behaviour of the session.
struct HysteresisLogs: Sendable {
    private(set) var largeTitle: SchmittToggleLog?
    private(set) var blurHeader: SchmittToggleLog?

    init(behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping) {
        largeTitle = SchmittToggleLog(behavior: LargeTitle.name, behaviors: behaviors, settings: settings)
        blurHeader = SchmittToggleLog(behavior: BlurHeader.name, behaviors: behaviors, settings: settings)
    }

    /// Takes the next `count` samples, as columns. Not inlined: inlined into the main pass's loop,
    /// per sample, it changes how the compiler lays out the detectors around it, which costs more
    /// a sample than the call.
    @inline(never)
    mutating func observe(count: Int, t: FrameColumn<Double>, y: FrameColumn<Double>) {
        largeTitle?.observe(count: count, t: t, y: y)
        blurHeader?.observe(count: count, t: t, y: y)
    }

    /// The log of `behavior`'s hysteresis, whole or stopped, if there is one.
    func log(of behavior: String) -> SchmittToggleLog? {
        behavior == LargeTitle.name ? largeTitle : behavior == BlurHeader.name ? blurHeader : nil
    }

    /// Whether every log is whole.
    var areComplete: Bool { largeTitle?.isComplete != false && blurHeader?.isComplete != false }
}
