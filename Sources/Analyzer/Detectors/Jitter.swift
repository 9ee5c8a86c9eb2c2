import BarModel

/// Jitter: a continuous state moving back and forth more than the content did (ANALYSIS.md
/// "jitter"), over one stream.
///
/// Steps are taken between consecutive *known* values of a signal. An episode is a maximal chain of
/// reversals each within `window` of the previous; it is reported with at least `minReversals`
/// reversals and more than `y` had over the same span (finger tremor is not the bar's fault).
/// That span starts with `y`'s reversal that led the signal's first one: the last reversal of `y`
/// since the signal's step before it (a signal that follows `y` turns when `y` has turned, and a
/// clamped one later, once `y` is back in its range).
///
/// Rules of the stream the detector watches, given at `init`: the observed stream's lengths were
/// rounded to the screen's pixel grid, so their steps count from `epsilon + pixel`; a signal that
/// only follows an on/off state (``ContinuousSignal/driver``) switching between exactly 0 and 1
/// does not reverse (flapping judges the state); `ignored` signals are not watched (the computed
/// stream's monotonic functions of `y`, ``ContinuousSignal/isMonotonicInY(in:)``).
///
/// - Complexity: O(1) per sample and O(signals) memory, plus the reported episodes.
struct JitterDetector: Sendable {
    /// One reported chain of reversals.
    struct Episode: Sendable, Hashable {
        var signal: ContinuousSignal
        var count: Int
        /// Reversals of `y` over `start...end` and the one that led the first reversal.
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
        /// The running count of `y` reversals after the signal's last counted step.
        var inputAtLastStep = 0
        /// Whether the signal is watched at all.
        var watched = true
    }

    /// Cached: `allCases` builds a new array on every access, and this runs per sample.
    private static let signals = ContinuousSignal.allCases

    let window: Double
    let minReversals: Int
    private var trackers: [Tracker]
    /// Reported episodes so far, in the order they ended.
    private(set) var episodes: [Episode] = []

    /// A detector for one stream: `pixel` is the size of a pixel in points when the stream's
    /// lengths were rounded to the screen's pixel grid (0 when they were not); the signals
    /// `ignoring` is true of are not watched (a question asked of each signal directly: building a
    /// set of them and hashing each signal into it was a noticeable part of a short session's
    /// analysis).
    init(settings: AnalyzerSettings.Jitter, pixel: Double = 0, ignoring: (ContinuousSignal) -> Bool = { _ in false }) {
        window = settings.window
        minReversals = settings.minReversals
        trackers = ContinuousSignal.allCases.map {
            var tracker = Tracker(counter: $0.isLength
                ? ReversalCounter(epsilon: settings.epsilon, pixel: pixel)
                : ReversalCounter(epsilon: settings.fractionEpsilon, switches: $0.driver != nil))
            tracker.watched = !ignoring($0)
            return tracker
        }
    }

    /// Takes the `rows` of a block (the samples this stream has a state in) from one stream's
    /// `states`; `inputAfter[row]` is the running count of `y` reversals up to and including that
    /// row's sample.
    ///
    /// A signal at a time over its rows, its tracker in registers: the episodes that end in the
    /// block are put in the order a sample at a time gave them (sample, then signal).
    mutating func observe(rows: UInt64, t: FrameColumn<Double>, states: FrameStateColumns, inputAfter: UnsafePointer<Int>) {
        let window = self.window
        let minimum = minReversals
        var ended: [(row: Int, index: Int, episode: Episode)] = []
        for index in 0..<Self.signals.count {
            var visit = states.rows(Self.signals[index].field) & rows
            guard visit != 0, trackers[index].watched else { continue }
            let values = states.column(Self.signals[index].field)
            var tracker = trackers[index]
            // A value equal to the one before it is no step (the counter takes it as still): over
            // one run of rows, only the rows whose value moved are visited.
            let first = visit.trailingZeroBitCount
            let run = visit &>> UInt64(first)
            if run & (run &+ 1) == 0 {
                let moved: UInt64 = tracker.counter.last == values[first] ? 0 : 1 &<< UInt64(first)
                visit = moved | Self.changedRows(of: values, after: first, before: 64 - visit.leadingZeroBitCount)
            }
            while visit != 0 {
                let row = visit.trailingZeroBitCount
                visit &= visit &- 1
                let after = inputAfter[row]
                let step: Double
                switch tracker.counter.add(values[row]) {
                case .still: continue
                case .step:
                    tracker.inputAtLastStep = after
                    continue
                case .reversal(let reversing): step = reversing
                }
                // `y`'s reversal that led this one, when `y` turned since the signal's last step.
                let leading = after > tracker.inputAtLastStep ? after - 1 : after
                tracker.inputAtLastStep = after
                if tracker.count > 0, t[row] - tracker.lastReversal <= window {
                    tracker.count += 1
                    tracker.lastReversal = t[row]
                    tracker.amplitude = max(tracker.amplitude, abs(step))
                    tracker.inputEnd = after
                } else {
                    if let episode = Self.episode(of: tracker, index: index, minimum: minimum) { ended.append((row, index, episode)) }
                    tracker.count = 1
                    tracker.start = t[row]
                    tracker.lastReversal = t[row]
                    tracker.amplitude = abs(step)
                    tracker.inputBase = leading
                    tracker.inputEnd = after
                }
            }
            trackers[index] = tracker
        }
        if !ended.isEmpty {
            ended.sort { ($0.row, $0.index) < ($1.row, $1.index) }
            episodes += ended.map(\.episode)
        }
    }

    /// The rows after `first` and before `end` (at most 64) whose value differs from the row
    /// before's, eight rows at a time: a row at a time, the masks cost as much as the rows visited.
    /// The column holds a block's 64 rows whatever its count, so a group is read whole; the rows
    /// outside the range are dropped from the mask.
    @inline(__always)
    static func changedRows(of values: FrameColumn<Double>, after first: Int, before end: Int) -> UInt64 {
        let weights = SIMD8<Int64>(1, 2, 4, 8, 16, 32, 64, 128)
        var changed: UInt64 = 0
        for group in stride(from: (first + 1) & ~7, to: end, by: 8) {
            let current = SIMD8<Double>(
                values[group], values[group + 1], values[group + 2], values[group + 3],
                values[group + 4], values[group + 5], values[group + 6], values[group + 7])
            // Row 0 has no row before it in the block: it is compared with itself, and dropped
            // with the rows up to `first`.
            let previous = SIMD8<Double>(
                values[max(group - 1, 0)], values[group], values[group + 1], values[group + 2],
                values[group + 3], values[group + 4], values[group + 5], values[group + 6])
            let byte = SIMD8<Int64>.zero.replacing(with: weights, where: current .!= previous).wrappedSum()
            changed |= UInt64(truncatingIfNeeded: byte) &<< UInt64(group)
        }
        let below: UInt64 = end >= 64 ? ~0 : (1 &<< UInt64(end)) &- 1
        let through: UInt64 = first >= 63 ? ~0 : (1 &<< UInt64(first + 1)) &- 1
        return changed & below & ~through
    }

    mutating func finish() {
        for index in trackers.indices { close(index) }
    }

    private mutating func close(_ index: Int) {
        let tracker = trackers[index]
        trackers[index].count = 0
        if let episode = Self.episode(of: tracker, index: index, minimum: minReversals) { episodes.append(episode) }
    }

    /// The episode of a run that ended, when it is one.
    private static func episode(of tracker: Tracker, index: Int, minimum: Int) -> Episode? {
        let input = tracker.inputEnd - tracker.inputBase
        guard tracker.count >= minimum, tracker.count > input else { return nil }
        return Episode(
            signal: signals[index], count: tracker.count, inputReversals: input,
            amplitude: tracker.amplitude, start: tracker.start, end: tracker.lastReversal)
    }
}
