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
    /// The buckets samples fell in, ascending, and their places among the ``bucketCount``: only
    /// these are kept, as every other bucket is empty and follows from its place. Keeping all 400
    /// (four arrays each) was most of a five-sample session's report (Benchmarks/README.md,
    /// "Tiny sessions").
    private var filledIndices: [Int]
    private var filledBuckets: [Bucket]
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
        presentations: [TitlePresentation], hasObserved: Bool, start: Double, end: Double, bucketCount: Int,
        filledIndices: [Int], filledBuckets: [Bucket], spans: [Span], hitches: [Hitch], longestHitch: Double, hangs: Int
    ) {
        self.presentations = presentations
        self.hasObserved = hasObserved
        self.start = start
        self.end = end
        self.bucketCount = bucketCount
        self.filledIndices = filledIndices
        self.filledBuckets = filledBuckets
        self.spans = spans
        self.hitches = hitches
        self.longestHitch = longestHitch
        self.hangs = hangs
    }

    /// Every bucket, in time order: ``bucketCount`` of them, `start...end` split evenly. An empty
    /// one has no sample, `y` `0...0` and no range or fraction. Made on each call: read it once.
    package var buckets: [Bucket] {
        let width = (end - start) / Double(bucketCount)
        let noSignals = [ClosedRange<Double>?](repeating: nil, count: ContinuousSignal.allCases.count)
        let noFractions = [Double?](repeating: nil, count: presentations.count)
        var buckets: [Bucket] = []
        buckets.reserveCapacity(bucketCount)
        var next = 0
        for index in 0..<bucketCount {
            if next < filledIndices.count, filledIndices[next] == index {
                buckets.append(filledBuckets[next])
                next += 1
            } else {
                buckets.append(Bucket(
                    start: start + Double(index) * width, end: start + Double(index + 1) * width, samples: 0, y: 0...0,
                    barHeight: nil, computedSignals: noSignals, observedSignals: noSignals, barShown: nil,
                    computedVisible: noFractions, observedVisible: noFractions))
            }
        }
        return buckets
    }

    /// Drops every bucket (``buckets`` becomes empty), for what keeps a session without its chart.
    package mutating func removeBuckets() {
        bucketCount = 0
        filledIndices = []
        filledBuckets = []
    }

    /// When each late frame was shown, seconds, in time order.
    package var lateFrames: [Double] { hitches.map(\.end) }
}
