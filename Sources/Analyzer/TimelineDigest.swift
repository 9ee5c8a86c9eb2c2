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
    /// How many buckets split `start...end` (``buckets`` has this many; 0 once removed).
    package private(set) var bucketCount: Int
    /// The buckets samples fell in, as ``Rows``: only these are kept, and as flat buffers, as every
    /// other bucket is empty and follows from its place: making and freeing every ``Bucket`` (four
    /// arrays each) for every session would cost a short session more than its analysis;
    /// ``buckets`` makes them when a chart asks.
    private var filled: Rows
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

    init(
        presentations: [TitlePresentation], hasObserved: Bool, start: Double, end: Double, bucketCount: Int, filled: Rows,
        spans: [Span], hitches: [Hitch], longestHitch: Double, hangs: Int
    ) {
        self.presentations = presentations
        self.hasObserved = hasObserved
        self.start = start
        self.end = end
        self.bucketCount = bucketCount
        self.filled = filled
        self.spans = spans
        self.hitches = hitches
        self.longestHitch = longestHitch
        self.hangs = hangs
    }

    /// Every bucket, in time order: ``bucketCount`` of them, `start...end` split evenly. An empty
    /// one has no sample, `y` `0...0` and no range or fraction. Made on each call: read it once.
    package var buckets: [Bucket] {
        let width = (end - start) / Double(bucketCount)
        let signals = ContinuousSignal.allCases.count, lanes = presentations.count
        let noSignals = [ClosedRange<Double>?](repeating: nil, count: signals)
        let noFractions = [Double?](repeating: nil, count: lanes)
        var buckets: [Bucket] = []
        buckets.reserveCapacity(bucketCount)
        var row = 0
        for index in 0..<bucketCount {
            let bucketStart = start + Double(index) * width, bucketEnd = start + Double(index + 1) * width
            guard row < filled.buckets.count, filled.buckets[row] == index else {
                buckets.append(Bucket(
                    start: bucketStart, end: bucketEnd, samples: 0, y: 0...0, barHeight: nil, computedSignals: noSignals,
                    observedSignals: noSignals, barShown: nil, computedVisible: noFractions, observedVisible: noFractions))
                continue
            }
            let ranges = row * Rows.doubles, counts = row * Rows.counts(lanes: lanes)
            func pair(_ offset: Int) -> ClosedRange<Double>? {
                let low = filled.ranges[ranges + offset], high = filled.ranges[ranges + offset + 1]
                return low <= high ? low...high : nil
            }
            func fractions(_ offset: Int) -> [Double?] {
                (0..<lanes).map { lane in
                    let visible = filled.counts[counts + offset + 4 * lane], known = filled.counts[counts + offset + 4 * lane + 1]
                    return known > 0 ? Double(visible) / Double(known) : nil
                }
            }
            buckets.append(Bucket(
                start: bucketStart, end: bucketEnd, samples: filled.counts[counts],
                y: filled.ranges[ranges]...filled.ranges[ranges + 1], barHeight: pair(2),
                computedSignals: (0..<signals).map { pair(Rows.computedSignals + 2 * $0) },
                observedSignals: (0..<signals).map { pair(Rows.observedSignals + 2 * $0) },
                barShown: pair(4), computedVisible: fractions(1), observedVisible: fractions(3)))
            row += 1
        }
        return buckets
    }

    /// Drops every bucket (``buckets`` becomes empty), for what keeps a session without its chart.
    package mutating func removeBuckets() {
        bucketCount = 0
        filled = Rows()
    }

    /// When each late frame was shown, seconds, in time order.
    package var lateFrames: [Double] { hitches.map(\.end) }
}
