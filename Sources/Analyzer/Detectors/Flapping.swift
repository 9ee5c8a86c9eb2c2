import BarModel

/// Flapping: a binary state toggling around a threshold (ANALYSIS.md "flapping"), over one stream.
///
/// A toggle is a sample whose value differs from the previous *known* value of its signal (a
/// sample lacking the field neither toggles nor breaks an episode); an episode is a maximal chain
/// of toggles each within `window` of the previous one **and** with the content moving at most the
/// signal's sweep limit (``sweepLimit(of:behaviors:settings:)``) between them: a toggle reached by a
/// longer sweep is deliberate scrolling, which no fix within the search's range would remove.
///
/// On the computed stream the detector also follows the observed value of each signal, so an
/// episode can say whether the app itself stayed stable meanwhile (``Episode/observed``).
///
/// - Complexity: O(1) per sample and O(signals) memory, plus the reported episodes.
struct FlappingDetector: Sendable {
    /// What the observed stream did over a computed episode's span.
    struct ObservedDuring: Sendable, Hashable {
        /// Observed toggles of the signal from the episode's first toggle to its last.
        var toggles: Int
        /// The largest `|y − threshold|` at which the observed value differed from the computed
        /// one: the app's band reaches at least this far. Points; 0 when they never differed.
        var band: Double
    }

    /// One reported chain of toggles.
    struct Episode: Sendable, Hashable {
        var signal: BinarySignal
        var count: Int
        /// Time of the first toggle, seconds.
        var start: Double
        /// Time of the last toggle, seconds.
        var end: Double
        /// Smallest and largest `y` over `start...end`, points.
        var yMin: Double
        var yMax: Double
        /// On the computed stream: the observed stream over the span, when it carried the signal
        /// from the first toggle on; `nil` otherwise.
        var observed: ObservedDuring?
    }

    private struct Tracker: Sendable {
        var last: Bool?
        var count = 0
        var start = 0.0
        var lastToggle = 0.0
        var runMin = 0.0
        var runMax = 0.0
        var spanMin = 0.0
        var spanMax = 0.0
        /// `y` range since the last toggle, including the current sample.
        var sweepMin = 0.0
        var sweepMax = 0.0
        var observedLast: Bool?
        /// Whether the observed value was known at the run's first toggle.
        var observedKnown = false
        var observedRunToggles = 0
        var observedSpanToggles = 0
        var observedRunBand = 0.0
        var observedSpanBand = 0.0
    }

    /// Cached: `allCases` builds a new array on every access, and this runs per sample.
    private static let signals = BinarySignal.allCases

    let window: Double
    let minToggles: Int
    /// Per signal, in `signals` order.
    private let sweepLimits: [Double]
    /// Per signal, the `y` at which it switches, where a Schmitt threshold drives it.
    private let thresholds: [Double?]
    private var trackers: [Tracker]
    /// The signals (bits in `signals` order) either stream has had a value of.
    private var seen: UInt8 = 0
    /// Reported episodes so far, in the order they ended.
    private(set) var episodes: [Episode] = []

    init(settings: AnalyzerSettings.Flapping, behaviors: BehaviorSet) {
        window = settings.window
        minToggles = settings.minToggles
        sweepLimits = Self.signals.map { Self.sweepLimit(of: $0, behaviors: behaviors, settings: settings) }
        thresholds = Self.signals.map { signal in
            signal.hysteresisParameter(in: behaviors).flatMap { HysteresisSearch.threshold(of: $0, in: behaviors) }
        }
        trackers = Array(repeating: Tracker(), count: Self.signals.count)
    }

    /// The most the content may move between two toggles of one episode, points: a flap is what a
    /// fix in the replay search's range removes. `flapping.maxHysteresis` for scroll-driven titles
    /// and the background, `flapping.maxSwipeDistance` for hide-on-swipe's `barHidden`, unlimited
    /// for states only taps drive.
    static func sweepLimit(of signal: BinarySignal, behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping) -> Double {
        switch signal {
        case .barHidden:
            behaviors.hideOnSwipe?.onSwipe == true ? settings.maxSwipeDistance : .infinity
        case .subtitleVisible, .dropdownExpanded:
            .infinity
        case .background, .largeTitleVisible, .inlineTitleVisible, .contentTitleVisible:
            settings.maxHysteresis
        }
    }

    /// Takes one sample's state at time `t` with scroll offset `y`; on the computed stream,
    /// `observed` is the app's state on the same sample, if it reported one. The states are read in
    /// place (a ~190-byte state passed by value was copied at every call).
    mutating func observe(t: Double, y: Double, state: UnsafePointer<BarState>, observed: UnsafePointer<BarState>? = nil) {
        let values = BinarySignal.values(in: state)
        let observedValues = observed.map { BinarySignal.values(in: $0) } ?? BinarySignal.Values()
        // A signal neither state has and no tracker has seen changes nothing (its sweep restarts at
        // its first value): only the others are visited.
        var visit = values.known | observedValues.known | seen
        guard visit != 0 else { return }
        seen |= values.known | observedValues.known
        // One exclusive access to the trackers per frame (see JitterDetector.observe); the episodes
        // are a separate stored property, so a run that ends is recorded in place.
        let window = self.window
        let minimum = minToggles
        let sweepLimits = self.sweepLimits
        let thresholds = self.thresholds
        trackers.withUnsafeMutableBufferPointer { trackers in
            while visit != 0 {
                let index = visit.trailingZeroBitCount
                visit &= visit - 1
                if trackers[index].count > 0 {
                    trackers[index].runMin = min(trackers[index].runMin, y)
                    trackers[index].runMax = max(trackers[index].runMax, y)
                }
                trackers[index].sweepMin = min(trackers[index].sweepMin, y)
                trackers[index].sweepMax = max(trackers[index].sweepMax, y)
                var observedToggled = false
                if let observedValue = observedValues.value(index) {
                    if let previous = trackers[index].observedLast, previous != observedValue { observedToggled = true }
                    trackers[index].observedLast = observedValue
                }
                guard let value = values.value(index) else { continue }
                if trackers[index].count > 0 {
                    if observedToggled { trackers[index].observedRunToggles += 1 }
                    if let threshold = thresholds[index], let observedValue = trackers[index].observedLast,
                        observedValue != value
                    {
                        trackers[index].observedRunBand = max(trackers[index].observedRunBand, abs(y - threshold))
                    }
                }
                guard let last = trackers[index].last else {
                    trackers[index].last = value
                    trackers[index].sweepMin = y
                    trackers[index].sweepMax = y
                    continue
                }
                guard value != last else { continue }
                trackers[index].last = value
                let sweep = trackers[index].sweepMax - trackers[index].sweepMin
                trackers[index].sweepMin = y
                trackers[index].sweepMax = y
                if trackers[index].count > 0, t - trackers[index].lastToggle <= window, sweep <= sweepLimits[index] {
                    trackers[index].count += 1
                    trackers[index].lastToggle = t
                    trackers[index].spanMin = trackers[index].runMin
                    trackers[index].spanMax = trackers[index].runMax
                    trackers[index].observedSpanToggles = trackers[index].observedRunToggles
                    trackers[index].observedSpanBand = trackers[index].observedRunBand
                } else {
                    Self.record(trackers[index], index: index, minimum: minimum, into: &episodes)
                    trackers[index].count = 1
                    trackers[index].start = t
                    trackers[index].lastToggle = t
                    trackers[index].runMin = y
                    trackers[index].runMax = y
                    trackers[index].spanMin = y
                    trackers[index].spanMax = y
                    // An observed flip on the run's first toggle is the app following the model.
                    trackers[index].observedKnown = trackers[index].observedLast != nil
                    trackers[index].observedRunToggles = observedToggled ? 1 : 0
                    trackers[index].observedSpanToggles = trackers[index].observedRunToggles
                    var band = 0.0
                    if let threshold = thresholds[index], let observedValue = trackers[index].observedLast,
                        observedValue != value
                    {
                        band = abs(y - threshold)
                    }
                    trackers[index].observedRunBand = band
                    trackers[index].observedSpanBand = band
                }
            }
        }
    }

    mutating func finish() {
        for index in trackers.indices { close(index) }
    }

    private mutating func close(_ index: Int) {
        let tracker = trackers[index]
        trackers[index].count = 0
        Self.record(tracker, index: index, minimum: minToggles, into: &episodes)
    }

    /// Appends the episode of a run that ended, when it is one.
    private static func record(_ tracker: Tracker, index: Int, minimum: Int, into episodes: inout [Episode]) {
        guard tracker.count >= minimum else { return }
        episodes.append(Episode(
            signal: signals[index], count: tracker.count, start: tracker.start, end: tracker.lastToggle,
            yMin: tracker.spanMin, yMax: tracker.spanMax,
            observed: tracker.observedKnown
                ? ObservedDuring(toggles: tracker.observedSpanToggles, band: tracker.observedSpanBand) : nil))
    }
}
