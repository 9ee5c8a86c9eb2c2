import BarModel

/// The ``SchmittToggleLog``s the main pass keeps: one per Schmitt-switched behaviour of the session.
struct HysteresisLogs: Sendable {
    private(set) var largeTitle: SchmittToggleLog?
    private(set) var blurHeader: SchmittToggleLog?

    init(behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping) {
        largeTitle = SchmittToggleLog(behavior: LargeTitle.name, behaviors: behaviors, settings: settings)
        blurHeader = SchmittToggleLog(behavior: BlurHeader.name, behaviors: behaviors, settings: settings)
    }

    /// Takes the next sample. Not inlined: inlined into the main pass's loop it changed how the
    /// compiler laid out the detectors around it, which cost ~50 instructions a sample more than
    /// this call (Benchmarks/README.md, "Hitch detector and hysteresis replay").
    @inline(never)
    mutating func observe(t: Double, y: Double) {
        largeTitle?.observe(t: t, y: y)
        blurHeader?.observe(t: t, y: y)
    }

    /// The complete log of `behavior`'s hysteresis, if there is one.
    func log(of behavior: String) -> SchmittToggleLog? {
        let log = behavior == LargeTitle.name ? largeTitle : behavior == BlurHeader.name ? blurHeader : nil
        return log?.isComplete == true ? log : nil
    }
}
