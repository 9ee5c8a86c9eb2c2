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

    /// Takes the `rows` of a block (the samples this stream has a state in) from one stream's
    /// `states`; on the computed stream, `observed` is the app's states in the same block (its
    /// rows limited to the ones that carried one).
    ///
    /// A signal at a time over the rows, its tracker in registers: the episodes that end in the
    /// block are put in the order a sample at a time gave them (sample, then signal), so the
    /// findings are the same.
    ///
    /// `signals` and `observedSignals` are the two streams' signals when the caller worked them
    /// out (``SignalRows``); `nil`, they are worked out here.
    mutating func observe(rows: UInt64, count: Int, t: FrameColumn<Double>, y: FrameColumn<Double>,
                          states: FrameStateColumns, observed: FrameStateColumns? = nil,
                          signals: SignalRows? = nil, observedSignals: SignalRows? = nil) {
        var blockRange: (min: Double, max: Double)?
        observe(
            rows: rows, count: count, t: t, y: y, states: states, observed: observed, signals: signals,
            observedSignals: observedSignals, blockRange: &blockRange)
    }

    /// ``observe(rows:count:t:y:states:observed:signals:observedSignals:)`` with `y`'s range over
    /// the block's `count` rows in `blockRange` once worked out (`nil` before): both streams'
    /// detectors read the same `y`, and the second need not fold it again.
    mutating func observe(rows: UInt64, count: Int, t: FrameColumn<Double>, y: FrameColumn<Double>,
                          states: FrameStateColumns, observed: FrameStateColumns? = nil,
                          signals: SignalRows? = nil, observedSignals: SignalRows? = nil,
                          blockRange: inout (min: Double, max: Double)?) {
        guard rows != 0 else { return }
        let signals = signals ?? SignalRows(states, count: count)
        // No app's states: no rows of any signal, read like the app's own (an optional here was
        // unwrapped for each signal of each block).
        let observedSignals = observed.map { observedSignals ?? SignalRows($0, count: count) } ?? SignalRows()
        let window = self.window
        let minimum = minToggles
        var ended: [(row: Int, index: Int, episode: Episode)] = []
        for index in 0..<Self.signals.count {
            let (known, on) = signals[index]
            let (observedKnown, observedOn) = observedSignals[index]
            let values = (known & rows) | (observedKnown & rows)
            let bit: UInt8 = 1 << UInt8(index)
            // A signal neither state has and no tracker has seen changes nothing (its sweep
            // restarts at its first value): its rows start at its first value.
            var visit: UInt64
            if seen & bit != 0 {
                visit = rows
            } else {
                guard values != 0 else { continue }
                visit = rows & ~((values & (0 &- values)) &- 1)
                seen |= bit
            }
            let threshold = thresholds[index]
            let sweepLimit = sweepLimits[index]
            var tracker = trackers[index]
            // The rows from the first one visited, when they are one run and each has the value.
            let first = visit.trailingZeroBitCount
            let run = visit >> UInt64(first)
            if run & (run &+ 1) == 0, known & visit == visit {
                if tracker.last == nil {
                    Self.step(
                        &tracker, row: first, t: t[first], y: y[first], known: known, on: on, observedKnown: observedKnown,
                        observedOn: observedOn, threshold: threshold, sweepLimit: sweepLimit, window: window, minimum: minimum,
                        index: index, ended: &ended)
                    visit &= visit &- 1
                }
                if visit != 0, let last = tracker.last {
                    // Between two toggles a row only widens the ranges of `y`, moves the app's last
                    // value on and, once a run is open, counts the app's toggles and widens its band:
                    // each a fold over the rows up to the next toggle, from the masks.
                    let start = visit.trailingZeroBitCount, startBit: UInt64 = 1 &<< UInt64(start)
                    let stop = 64 - visit.leadingZeroBitCount
                    let toggles = (on ^ (on &<< 1 & ~startBit | (last ? startBit : 0))) & visit
                    // The app's value carried to each row, the rows it is known at, and where it flipped.
                    var carried: UInt64 = 0, carriedKnown: UInt64 = 0, observedFlips: UInt64 = 0
                    let observedVisited = observedKnown & visit
                    if observedVisited == visit {
                        carried = observedOn & visit
                        carriedKnown = visit
                        if let previous = tracker.observedLast {
                            observedFlips = (observedOn ^ (observedOn &<< 1 & ~startBit | (previous ? startBit : 0))) & visit
                        } else {
                            observedFlips = (observedOn ^ observedOn &<< 1) & visit & ~startBit
                        }
                    } else if observedVisited == 0 {
                        if let previous = tracker.observedLast {
                            carriedKnown = visit
                            carried = previous ? visit : 0
                        }
                    }
                    if observedVisited == 0 || observedVisited == visit {
                        var pending = toggles
                        var from = start
                        while true {
                            let to = pending == 0 ? stop : pending.trailingZeroBitCount
                            if from < to {
                                let range: (min: Double, max: Double)
                                if from == 0, to == count {
                                    if blockRange == nil { blockRange = Self.range(of: y, from: 0, to: count) }
                                    range = blockRange!
                                } else {
                                    range = Self.range(of: y, from: from, to: to)
                                }
                                Self.fold(
                                    &tracker, from: from, to: to, range: range, y: y, on: on, carried: carried,
                                    carriedKnown: carriedKnown, observedFlips: observedFlips, threshold: threshold)
                            }
                            guard to < stop else { break }
                            pending &= pending &- 1
                            Self.step(
                                &tracker, row: to, t: t[to], y: y[to], known: known, on: on, observedKnown: observedKnown,
                                observedOn: observedOn, threshold: threshold, sweepLimit: sweepLimit, window: window,
                                minimum: minimum, index: index, ended: &ended)
                            from = to + 1
                        }
                        visit = 0
                    }
                }
            }
            while visit != 0 {
                let row = visit.trailingZeroBitCount
                visit &= visit &- 1
                Self.step(
                    &tracker, row: row, t: t[row], y: y[row], known: known, on: on, observedKnown: observedKnown,
                    observedOn: observedOn, threshold: threshold, sweepLimit: sweepLimit, window: window, minimum: minimum,
                    index: index, ended: &ended)
            }
            trackers[index] = tracker
        }
        if !ended.isEmpty {
            ended.sort { ($0.row, $0.index) < ($1.row, $1.index) }
            episodes += ended.map(\.episode)
        }
    }

    /// The smallest and largest `y` of rows `from..<to`, as `min` and `max` fold them a row at a
    /// time (from the infinities, which every `y` replaces, so the tracker's own fold gives the
    /// same value, and the same zero's sign, as a row at a time).
    ///
    /// `max` keeps the later of two equal values; the fold here keeps the earlier, which is one
    /// instruction a row (`maxsd`) where `max`'s tie rule took four. Equal values differ only as
    /// 0 and −0, so the two folds agree on every largest value but 0, which is folded again with
    /// `max`.
    @inline(__always)
    static func range(of y: FrameColumn<Double>, from: Int, to: Int) -> (min: Double, max: Double) {
        var low = Double.infinity, high = -Double.infinity
        for row in from..<to {
            let value = y[row]
            low = min(low, value)
            high = value > high ? value : high
        }
        if high == 0 {
            high = -Double.infinity
            for row in from..<to { high = max(high, y[row]) }
        }
        return (low, high)
    }

    /// Rows `from..<to` of one signal's tracker, each with the signal's value and none a toggle:
    /// what ``step(_:row:t:y:known:on:observedKnown:observedOn:threshold:sweepLimit:window:minimum:index:ended:)``
    /// does to each, from masks. `range` is their `y`'s; `carried` the app's value carried to each
    /// row where `carriedKnown`, `observedFlips` the rows where the app's value flipped.
    @inline(__always)
    private static func fold(
        _ tracker: inout Tracker, from: Int, to: Int, range: (min: Double, max: Double), y: FrameColumn<Double>,
        on: UInt64, carried: UInt64, carriedKnown: UInt64, observedFlips: UInt64, threshold: Double?
    ) {
        let rows = FrameColumns.rows(to) & ~FrameColumns.rows(from)
        tracker.sweepMin = min(tracker.sweepMin, range.min)
        tracker.sweepMax = max(tracker.sweepMax, range.max)
        if tracker.count > 0 {
            tracker.runMin = min(tracker.runMin, range.min)
            tracker.runMax = max(tracker.runMax, range.max)
            tracker.observedRunToggles += (observedFlips & rows).nonzeroBitCount
            if let threshold {
                var differing = rows & carriedKnown & (carried ^ on)
                while differing != 0 {
                    let row = differing.trailingZeroBitCount
                    differing &= differing &- 1
                    tracker.observedRunBand = max(tracker.observedRunBand, abs(y[row] - threshold))
                }
            }
        }
        if carriedKnown & rows != 0 { tracker.observedLast = carried &>> UInt64(to - 1) & 1 != 0 }
    }

    /// One visited row of one signal's tracker: what ``observe(rows:count:t:y:states:observed:)``
    /// does per row.
    @inline(__always)
    private static func step(
        _ tracker: inout Tracker, row: Int, t: Double, y: Double, known: UInt64, on: UInt64, observedKnown: UInt64,
        observedOn: UInt64, threshold: Double?, sweepLimit: Double, window: Double, minimum: Int, index: Int,
        ended: inout [(row: Int, index: Int, episode: Episode)]
    ) {
        let mask: UInt64 = 1 &<< UInt64(row)
        if tracker.count > 0 {
            tracker.runMin = min(tracker.runMin, y)
            tracker.runMax = max(tracker.runMax, y)
        }
        tracker.sweepMin = min(tracker.sweepMin, y)
        tracker.sweepMax = max(tracker.sweepMax, y)
        var observedToggled = false
        if observedKnown & mask != 0 {
            let observedValue = observedOn & mask != 0
            if let previous = tracker.observedLast, previous != observedValue { observedToggled = true }
            tracker.observedLast = observedValue
        }
        guard known & mask != 0 else { return }
        let value = on & mask != 0
        if tracker.count > 0 {
            if observedToggled { tracker.observedRunToggles += 1 }
            if let threshold, let observedValue = tracker.observedLast, observedValue != value {
                tracker.observedRunBand = max(tracker.observedRunBand, abs(y - threshold))
            }
        }
        guard let last = tracker.last else {
            tracker.last = value
            tracker.sweepMin = y
            tracker.sweepMax = y
            return
        }
        guard value != last else { return }
        tracker.last = value
        let sweep = tracker.sweepMax - tracker.sweepMin
        tracker.sweepMin = y
        tracker.sweepMax = y
        if tracker.count > 0, t - tracker.lastToggle <= window, sweep <= sweepLimit {
            tracker.count += 1
            tracker.lastToggle = t
            tracker.spanMin = tracker.runMin
            tracker.spanMax = tracker.runMax
            tracker.observedSpanToggles = tracker.observedRunToggles
            tracker.observedSpanBand = tracker.observedRunBand
        } else {
            if let episode = Self.episode(of: tracker, index: index, minimum: minimum) {
                ended.append((row, index, episode))
            }
            tracker.count = 1
            tracker.start = t
            tracker.lastToggle = t
            tracker.runMin = y
            tracker.runMax = y
            tracker.spanMin = y
            tracker.spanMax = y
            // An observed flip on the run's first toggle is the app following the model.
            tracker.observedKnown = tracker.observedLast != nil
            tracker.observedRunToggles = observedToggled ? 1 : 0
            tracker.observedSpanToggles = tracker.observedRunToggles
            var band = 0.0
            if let threshold, let observedValue = tracker.observedLast, observedValue != value {
                band = abs(y - threshold)
            }
            tracker.observedRunBand = band
            tracker.observedSpanBand = band
        }
    }

    mutating func finish() {
        for index in trackers.indices { close(index) }
    }

    private mutating func close(_ index: Int) {
        let tracker = trackers[index]
        trackers[index].count = 0
        if let episode = Self.episode(of: tracker, index: index, minimum: minToggles) { episodes.append(episode) }
    }

    /// The episode of a run that ended, when it is one.
    private static func episode(of tracker: Tracker, index: Int, minimum: Int) -> Episode? {
        guard tracker.count >= minimum else { return nil }
        return Episode(
            signal: signals[index], count: tracker.count, start: tracker.start, end: tracker.lastToggle,
            yMin: tracker.spanMin, yMax: tracker.spanMax,
            observed: tracker.observedKnown
                ? ObservedDuring(toggles: tracker.observedSpanToggles, band: tracker.observedSpanBand) : nil)
    }
}
