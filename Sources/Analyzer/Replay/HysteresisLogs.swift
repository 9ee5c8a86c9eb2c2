import BarModel

/// The ``SchmittToggleLog``s the main pass keeps: one per Schmitt-switched behaviour of the session.
struct HysteresisLogs: Sendable {
    private(set) var largeTitle: SchmittToggleLog?
    private(set) var blurHeader: SchmittToggleLog?

    /// `values` are ``SchmittToggleLog/values(_:)`` of `settings` when the caller has them.
    init(behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping, values: [Double]? = nil) {
        largeTitle = SchmittToggleLog(behavior: LargeTitle.name, behaviors: behaviors, settings: settings, values: values)
        blurHeader = SchmittToggleLog(behavior: BlurHeader.name, behaviors: behaviors, settings: settings, values: values)
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
