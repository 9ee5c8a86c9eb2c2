package import BarModel

/// A session squeezed into a fixed number of time buckets, for charts: memory and size do not grow
/// with the session's length.
package struct TimelineDigest: Sendable, Hashable {
    /// One slice of time.
    package struct Bucket: Sendable, Hashable {
        /// Seconds from the session start; the bucket covers `start..<end`.
        package var start: Double
        package var end: Double
        /// Samples that fell in the bucket; 0 means nothing was recorded then.
        package var samples: Int
        /// Range of the scroll offset, points (`0...0` when empty).
        package var y: ClosedRange<Double>
        /// Range of the computed bar height, points.
        package var barHeight: ClosedRange<Double>?
        /// Per ``ContinuousSignal`` (in `allCases` order): its range in the computed stream.
        package var computedSignals: [ClosedRange<Double>?]
        /// The same in the observed stream: a wide band where the app's value jitters.
        package var observedSignals: [ClosedRange<Double>?]

        /// The range of `signal` in one stream, `nil` when the bucket has no value of it.
        package func range(of signal: ContinuousSignal, observed: Bool) -> ClosedRange<Double>? {
            let index = ContinuousSignal.allCases.firstIndex(of: signal) ?? 0
            return observed ? observedSignals[index] : computedSignals[index]
        }
        /// Range of the computed fraction of the bar shown, 0...1.
        package var barShown: ClosedRange<Double>?
        /// Per ``TimelineDigest/presentations``: fraction of samples with the title visible in the
        /// computed stream, `nil` when the stream had no such field in the bucket.
        package var computedVisible: [Double?]
        /// The same for the observed stream.
        package var observedVisible: [Double?]
    }

    /// A finding's place on the timeline.
    package struct Span: Sendable, Hashable {
        package var kind: Finding.Kind
        package var severity: Finding.Severity
        package var signal: String
        package var start: Double
        package var end: Double
    }

    /// The title presentations the session's behaviours define, in lane order.
    package var presentations: [TitlePresentation]
    /// Whether any sample carried an observed state.
    package var hasObserved: Bool
    /// Time covered, seconds: `start` is the first sample's `t`.
    package var start: Double
    package var end: Double
    package var buckets: [Bucket]
    /// Where the findings happen, in the findings' order.
    package var spans: [Span]
    /// A late frame (hitch): the interval from the frame before it to it.
    package struct Hitch: Sendable, Hashable {
        /// Seconds: when the frame before was shown, and when the late frame was.
        package var start: Double
        package var end: Double
        /// Seconds the frame came later than the frame duration in effect (its hitch time).
        package var late: Double
    }

    /// The late frames, in time order; at most ``TimelineDigestBuilder/maxLateFrames`` so the
    /// digest stays small (``longestHitch`` and ``hangs`` count them all).
    package var hitches: [Hitch]
    /// The longest hitch time, seconds (0 without hitches).
    package var longestHitch: Double
    /// Late frames whose interval lasted 250 ms or more (Apple's hang threshold).
    package var hangs: Int

    /// When each late frame was shown, seconds, in time order.
    package var lateFrames: [Double] { hitches.map(\.end) }
}

/// Builds a ``TimelineDigest`` sample by sample.
///
/// - Complexity: O(presentations) per sample, O(buckets × presentations) memory.
struct TimelineDigestBuilder: Sendable {
    private struct Accumulator: Sendable {
        var samples = 0
        var yMin = Double.infinity
        var yMax = -Double.infinity
        var heightMin = Double.infinity
        var heightMax = -Double.infinity
        var shownMin = Double.infinity
        var shownMax = -Double.infinity
        /// Per continuous signal, computed stream then observed stream.
        var signalMin = [Double](repeating: .infinity, count: 2 * ContinuousSignal.allCases.count)
        var signalMax = [Double](repeating: -.infinity, count: 2 * ContinuousSignal.allCases.count)
        var computedVisible: [Int]
        var computedKnown: [Int]
        var observedVisible: [Int]
        var observedKnown: [Int]
    }

    let presentations: [TitlePresentation]
    let bucketCount: Int
    private var origin: Double?
    private let duration: Double
    private var accumulators: [Accumulator]
    private var hasObserved = false
    private var lastT = 0.0
    private var hitches: [TimelineDigest.Hitch] = []
    private var longestHitch = 0.0
    private var hangs = 0
    /// Late frames kept for the chart; beyond this many they would merge into one mark anyway.
    static let maxLateFrames = 2_000

    /// Marks a late frame: shown at `end` seconds after the frame at `start`, `late` seconds late;
    /// `hang` when its interval reached the hang threshold.
    mutating func lateFrame(from start: Double, to end: Double, late: Double, hang: Bool) {
        if hitches.count < Self.maxLateFrames { hitches.append(TimelineDigest.Hitch(start: start, end: end, late: late)) }
        longestHitch = max(longestHitch, late)
        if hang { hangs += 1 }
    }

    init(presentations: [TitlePresentation], duration: Double, bucketCount: Int) {
        self.presentations = presentations
        self.bucketCount = max(1, bucketCount)
        self.duration = max(0, duration)
        let zeros = Array(repeating: 0, count: presentations.count)
        accumulators = Array(
            repeating: Accumulator(computedVisible: zeros, computedKnown: zeros, observedVisible: zeros, observedKnown: zeros),
            count: self.bucketCount)
    }

    /// Takes a block's first `count` rows: times `t`, offsets `y`, the computed states and the
    /// observed ones in `observedRows` (`observed` is `nil` when the block has none).
    ///
    /// The rows that fall in one bucket (times never decrease, so they are consecutive) are added
    /// a column at a time; each range still takes its values in sample order.
    mutating func observe(
        count: Int, t: UnsafePointer<Double>, y: UnsafePointer<Double>, computed: FrameStateColumns,
        observed: FrameStateColumns?, observedRows: UInt64
    ) {
        guard count > 0 else { return }
        let origin = origin ?? t[0]
        self.origin = origin
        lastT = t[count - 1]
        let presentations = self.presentations
        let duration = self.duration, bucketCount = self.bucketCount
        func bucket(of t: Double) -> Int {
            let position = duration > 0 ? (t - origin) / duration * Double(bucketCount) : 0
            // Compared as doubles first: a time far beyond the duration (or NaN) must not reach Int().
            return position >= 1 ? Int(min(position, Double(bucketCount - 1))) : 0
        }
        // The bucket and its arrays are updated through buffer pointers: subscripting the nested
        // arrays checked their uniqueness and bounds on every write (Benchmarks/README.md, "What
        // limits the missed goals").
        accumulators.withUnsafeMutableBufferPointer { accumulators in
            var first = 0
            while first < count {
                let index = bucket(of: t[first])
                var end = first + 1
                while end < count, bucket(of: t[end]) == index { end += 1 }
                let rows = FrameColumns.rows(end) & ~FrameColumns.rows(first)
                let bucket = accumulators.baseAddress! + index
                bucket.pointee.samples += end - first
                for row in first..<end {
                    bucket.pointee.yMin = min(bucket.pointee.yMin, y[row])
                    bucket.pointee.yMax = max(bucket.pointee.yMax, y[row])
                }
                Self.range(computed, .barHeight, rows, &bucket.pointee.heightMin, &bucket.pointee.heightMax)
                Self.range(computed, .barShown, rows, &bucket.pointee.shownMin, &bucket.pointee.shownMax)
                Self.count(presentations, in: computed, rows: rows, visible: &bucket.pointee.computedVisible, known: &bucket.pointee.computedKnown)
                Self.widen(bucket, with: computed, rows: rows, offset: 0)
                if let observed, observedRows & rows != 0 {
                    Self.widen(bucket, with: observed, rows: rows, offset: ContinuousSignal.allCases.count)
                    Self.count(presentations, in: observed, rows: rows, visible: &bucket.pointee.observedVisible, known: &bucket.pointee.observedKnown)
                }
                first = end
            }
        }
        if observed != nil, observedRows != 0 { hasObserved = true }
    }

    /// Widens `minimum...maximum` by `field`'s values in `rows`.
    @inline(__always)
    private static func range(_ states: FrameStateColumns, _ field: BarStateField, _ rows: UInt64, _ minimum: inout Double, _ maximum: inout Double) {
        var visit = states.rows(field) & rows
        guard visit != 0 else { return }
        let values = states.column(field)
        while visit != 0 {
            let row = visit.trailingZeroBitCount
            visit &= visit &- 1
            minimum = min(minimum, values[row])
            maximum = max(maximum, values[row])
        }
    }

    /// Counts the title lanes of `states`' `rows` that are known and visible.
    @inline(__always)
    private static func count(
        _ presentations: [TitlePresentation], in states: FrameStateColumns, rows: UInt64, visible: inout [Int], known: inout [Int]
    ) {
        visible.withUnsafeMutableBufferPointer { visible in
            known.withUnsafeMutableBufferPointer { known in
                for (lane, presentation) in presentations.enumerated() {
                    var visit = states.rows(presentation.alphaField) & rows
                    guard visit != 0 else { continue }
                    let alphas = states.column(presentation.alphaField)
                    known[lane] += visit.nonzeroBitCount
                    while visit != 0 {
                        let row = visit.trailingZeroBitCount
                        visit &= visit &- 1
                        if alphas[row] >= BarState.visibleAlpha { visible[lane] += 1 }
                    }
                }
            }
        }
    }

    /// Widens the bucket's signal ranges by the values `states` has in `rows`.
    @inline(__always)
    private static func widen(_ bucket: UnsafeMutablePointer<Accumulator>, with states: FrameStateColumns, rows: UInt64, offset: Int) {
        bucket.pointee.signalMin.withUnsafeMutableBufferPointer { minimums in
            bucket.pointee.signalMax.withUnsafeMutableBufferPointer { maximums in
                for (index, signal) in ContinuousSignal.allCases.enumerated() {
                    Self.range(states, signal.field, rows, &minimums[offset + index], &maximums[offset + index])
                }
            }
        }
    }

    func digest(findings: [Finding]) -> TimelineDigest {
        let start = origin ?? 0
        let end = start + (duration > 0 ? duration : max(0, lastT - start))
        let width = (end - start) / Double(bucketCount)
        // A bucket no sample fell in has no range and no fraction: its four arrays are all `nil`,
        // made once and shared by every empty bucket. Making them per bucket was most of a short
        // session's report: 1,600 arrays allocated and freed for 400 buckets of which a
        // five-sample session fills at most five (Benchmarks/README.md, "Tiny sessions").
        let noSignals = [ClosedRange<Double>?](repeating: nil, count: ContinuousSignal.allCases.count)
        let noFractions = [Double?](repeating: nil, count: presentations.count)
        // Read in place: each Accumulator copied out (as `enumerated().map` did) retained and
        // released its six arrays, 2,400 times per session.
        let buckets = accumulators.withUnsafeBufferPointer { accumulators in
            (0..<accumulators.count).map { index in
                let bucket = accumulators.baseAddress! + index
                func ranges(offset: Int) -> [ClosedRange<Double>?] {
                    let minimums = bucket.pointee.signalMin, maximums = bucket.pointee.signalMax
                    return ContinuousSignal.allCases.indices.map { index in
                        let low = minimums[offset + index], high = maximums[offset + index]
                        return low <= high ? low...high : nil
                    }
                }
                func fractions(_ visible: [Int], _ known: [Int]) -> [Double?] {
                    zip(visible, known).map { $1 > 0 ? Double($0) / Double($1) : nil }
                }
                let samples = bucket.pointee.samples, filled = samples > 0
                let heightMin = bucket.pointee.heightMin, heightMax = bucket.pointee.heightMax
                let shownMin = bucket.pointee.shownMin, shownMax = bucket.pointee.shownMax
                return TimelineDigest.Bucket(
                    start: start + Double(index) * width, end: start + Double(index + 1) * width, samples: samples,
                    y: filled ? bucket.pointee.yMin...bucket.pointee.yMax : 0...0,
                    barHeight: heightMin <= heightMax ? heightMin...heightMax : nil,
                    computedSignals: filled ? ranges(offset: 0) : noSignals,
                    observedSignals: filled ? ranges(offset: ContinuousSignal.allCases.count) : noSignals,
                    barShown: shownMin <= shownMax ? shownMin...shownMax : nil,
                    computedVisible: filled ? fractions(bucket.pointee.computedVisible, bucket.pointee.computedKnown) : noFractions,
                    observedVisible: filled ? fractions(bucket.pointee.observedVisible, bucket.pointee.observedKnown) : noFractions)
            }
        }
        return TimelineDigest(
            presentations: presentations, hasObserved: hasObserved, start: start, end: end, buckets: buckets,
            spans: findings.map {
                TimelineDigest.Span(kind: $0.kind, severity: $0.severity, signal: $0.signal, start: $0.start, end: $0.end)
            },
            hitches: hitches, longestHitch: longestHitch, hangs: hangs)
    }
}
