import BarModel

/// Counts reversals of one value: steps smaller than `epsilon` are noise; a reversal is a step whose
/// sign differs from the previous non-ignored step.
struct ReversalCounter: Sendable {
    let epsilon: Double
    private var last: Double?
    private var direction = 0.0
    /// Reversals so far.
    private(set) var total = 0

    init(epsilon: Double) { self.epsilon = epsilon }

    /// Takes the next value; returns the reversing step, or `nil` when the value did not reverse.
    @inline(__always)
    mutating func add(_ value: Double) -> Double? {
        guard let last else {
            self.last = value
            return nil
        }
        let step = value - last
        self.last = value
        guard abs(step) >= epsilon, step != 0 else { return nil }
        let stepDirection: Double = step > 0 ? 1 : -1
        defer { direction = stepDirection }
        guard direction != 0, stepDirection != direction else { return nil }
        total += 1
        return step
    }
}

/// Jitter: a continuous state moving back and forth more than the content did (ANALYSIS.md
/// "jitter"), over one stream.
///
/// Steps are taken between consecutive *known* values of a signal. An episode is a maximal chain of
/// reversals each within `window` of the previous; it is reported with at least `minReversals`
/// reversals and more than `y` had over the same span (finger tremor is not the bar's fault).
///
/// - Complexity: O(1) per sample and O(signals) memory, plus the reported episodes.
struct JitterDetector: Sendable {
    /// One reported chain of reversals.
    struct Episode: Sendable, Hashable {
        var signal: ContinuousSignal
        var count: Int
        /// Reversals of `y` over `start...end`.
        var inputReversals: Int
        /// Largest reversing step, in the signal's unit.
        var amplitude: Double
        var start: Double
        var end: Double
    }

    private struct Tracker: Sendable {
        var counter: ReversalCounter
        var count = 0
        var start = 0.0
        var lastReversal = 0.0
        var amplitude = 0.0
        var inputBase = 0
        var inputEnd = 0
    }

    /// Cached: `allCases` builds a new array on every access, and this runs per sample.
    private static let signals = ContinuousSignal.allCases

    let window: Double
    let minReversals: Int
    private var trackers: [Tracker]
    /// Reported episodes so far, in the order they ended.
    private(set) var episodes: [Episode] = []

    init(settings: AnalyzerSettings.Jitter) {
        window = settings.window
        minReversals = settings.minReversals
        trackers = ContinuousSignal.allCases.map {
            Tracker(counter: ReversalCounter(epsilon: $0.isLength ? settings.epsilon : settings.fractionEpsilon))
        }
    }

    /// Takes one sample's state at time `t`; `inputBefore` and `inputAfter` are the running counts
    /// of `y` reversals before and after this sample.
    mutating func observe(t: Double, state: BarState, inputBefore: Int, inputAfter: Int) {
        // One exclusive access to the trackers per frame: indexing the array per signal paid a
        // uniqueness check and tracker copies each time (Benchmarks/README.md).
        let window = self.window
        let minimum = minReversals
        trackers.withUnsafeMutableBufferPointer { trackers in
            for (index, signal) in Self.signals.enumerated() {
                guard let value = signal.value(in: state), let step = trackers[index].counter.add(value) else { continue }
                if trackers[index].count > 0, t - trackers[index].lastReversal <= window {
                    trackers[index].count += 1
                    trackers[index].lastReversal = t
                    trackers[index].amplitude = max(trackers[index].amplitude, abs(step))
                    trackers[index].inputEnd = inputAfter
                } else {
                    Self.record(trackers[index], index: index, minimum: minimum, into: &episodes)
                    trackers[index].count = 1
                    trackers[index].start = t
                    trackers[index].lastReversal = t
                    trackers[index].amplitude = abs(step)
                    trackers[index].inputBase = inputBefore
                    trackers[index].inputEnd = inputAfter
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
        Self.record(tracker, index: index, minimum: minReversals, into: &episodes)
    }

    /// Appends the episode of a run that ended, when it is one.
    private static func record(_ tracker: Tracker, index: Int, minimum: Int, into episodes: inout [Episode]) {
        let input = tracker.inputEnd - tracker.inputBase
        guard tracker.count >= minimum, tracker.count > input else { return }
        episodes.append(Episode(
            signal: signals[index], count: tracker.count, inputReversals: input,
            amplitude: tracker.amplitude, start: tracker.start, end: tracker.lastReversal))
    }
}
