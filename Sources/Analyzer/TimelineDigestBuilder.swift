import BarModel

/// Builds a ``TimelineDigest`` sample by sample.
///
/// Only the buckets samples fall in are kept, each a row of two flat buffers (its ranges as
/// doubles, its counts as integers) appended as time reaches it: a five-sample session touches at
/// most five rows instead of setting up and tearing down 400 buckets of six arrays each (~300 k
/// instructions a session; Benchmarks/README.md, "Tiny sessions"). A sample updates the row it
/// falls in through two buffer pointers.
///
/// - Complexity: O(signals + presentations) per sample; O(filled buckets × (signals +
///   presentations)) memory, at most ``bucketCount`` rows.
struct TimelineDigestBuilder: Sendable {
    /// The continuous signals, each a (minimum, maximum) pair of a row per stream.
    private static let signalCount = ContinuousSignal.allCases.count
    /// A row's doubles: `y`, bar height and bar shown as (minimum, maximum) pairs, then each
    /// continuous signal's pair in the computed stream, then in the observed one.
    private static let rowDoubles = 6 + 4 * signalCount
    /// Where the observed stream's signal pairs start in a row.
    private static let observedSignals = 6 + 2 * signalCount
    /// A row no sample has widened: every range from +∞ down to −∞, i.e. empty.
    private static let emptyRow = (0..<rowDoubles).map { $0.isMultiple(of: 2) ? Double.infinity : -Double.infinity }

    let presentations: [TitlePresentation]
    let bucketCount: Int
    private var origin: Double?
    private let duration: Double
    /// A row's integers: the samples, then per title lane the computed stream's visible and known
    /// counts and the observed stream's.
    private let rowCounts: Int
    /// The bucket of each row, ascending.
    private var rowBuckets: [Int] = []
    private var doubles: [Double] = []
    private var counts: [Int] = []
    /// The bucket the last sample fell in (−1 before the first) and its row.
    private var currentBucket = -1
    private var currentRow = 0
    private var hasObserved = false
    private var lastT = 0.0
    private var hitches: [TimelineDigest.Hitch] = []
    private var longestHitch = 0.0
    private var hangs = 0
    /// Late frames kept for the chart; beyond this many they would merge into one mark anyway.
    static let maxLateFrames = 2_000

    init(presentations: [TitlePresentation], duration: Double, bucketCount: Int) {
        self.presentations = presentations
        self.bucketCount = max(1, bucketCount)
        self.duration = max(0, duration)
        rowCounts = 1 + 4 * presentations.count
    }

    /// Marks a late frame: shown at `end` seconds after the frame at `start`, `late` seconds late;
    /// `hang` when its interval reached the hang threshold.
    mutating func lateFrame(from start: Double, to end: Double, late: Double, hang: Bool) {
        if hitches.count < Self.maxLateFrames { hitches.append(TimelineDigest.Hitch(start: start, end: end, late: late)) }
        longestHitch = max(longestHitch, late)
        if hang { hangs += 1 }
    }

    /// Takes one sample at `t` with offset `y` and its states, read in place.
    mutating func observe(t: Double, y: Double, computed: UnsafePointer<BarState>, observed: UnsafePointer<BarState>?) {
        let origin = origin ?? t
        self.origin = origin
        lastT = t
        let position = duration > 0 ? (t - origin) / duration * Double(bucketCount) : 0
        // Compared as doubles first: a time far beyond the duration (or NaN) must not reach Int().
        let index = position >= 1 ? Int(min(position, Double(bucketCount - 1))) : 0
        if index != currentBucket { enter(index) }
        let row = currentRow
        doubles.withUnsafeMutableBufferPointer { doubles in
            let range = doubles.baseAddress! + row * Self.rowDoubles
            range[0] = min(range[0], y)
            range[1] = max(range[1], y)
            if let height = computed.pointee.barHeight {
                range[2] = min(range[2], height)
                range[3] = max(range[3], height)
            }
            if let shown = computed.pointee.barShown {
                range[4] = min(range[4], shown)
                range[5] = max(range[5], shown)
            }
            Self.widen(range + 6, with: computed)
            if let observed { Self.widen(range + Self.observedSignals, with: observed) }
        }
        let presentations = self.presentations
        let rowCounts = self.rowCounts
        counts.withUnsafeMutableBufferPointer { counts in
            let count = counts.baseAddress! + row * rowCounts
            count[0] += 1
            Self.count(presentations, in: computed, lanes: count + 1)
            if let observed { Self.count(presentations, in: observed, lanes: count + 3) }
        }
        if observed != nil { hasObserved = true }
    }

    /// Makes `bucket` the current one, adding its row when no sample fell in it yet: at the end as
    /// time moves on, or in its place should a reader hand an earlier time after a later one.
    private mutating func enter(_ bucket: Int) {
        currentBucket = bucket
        if let last = rowBuckets.last, bucket <= last {
            var low = 0, high = rowBuckets.count
            while low < high {
                let middle = (low + high) / 2
                if rowBuckets[middle] < bucket { low = middle + 1 } else { high = middle }
            }
            currentRow = low
            guard rowBuckets[low] != bucket else { return }
            rowBuckets.insert(bucket, at: low)
            doubles.insert(contentsOf: Self.emptyRow, at: low * Self.rowDoubles)
            counts.insert(contentsOf: repeatElement(0, count: rowCounts), at: low * rowCounts)
        } else {
            currentRow = rowBuckets.count
            rowBuckets.append(bucket)
            doubles.append(contentsOf: Self.emptyRow)
            counts.append(contentsOf: repeatElement(0, count: rowCounts))
        }
    }

    /// Counts the title lanes of `state` that are known and visible: lane `i`'s visible count at
    /// `lanes[4 i]`, its known count after it.
    @inline(__always)
    private static func count(_ presentations: [TitlePresentation], in state: UnsafePointer<BarState>, lanes: UnsafeMutablePointer<Int>) {
        for (lane, presentation) in presentations.enumerated() {
            guard let alpha = presentation.alpha(in: state.pointee) else { continue }
            lanes[4 * lane + 1] += 1
            if alpha >= BarState.visibleAlpha { lanes[4 * lane] += 1 }
        }
    }

    /// Widens the (minimum, maximum) pairs at `ranges` by the signal values `state` has.
    @inline(__always)
    private static func widen(_ ranges: UnsafeMutablePointer<Double>, with state: UnsafePointer<BarState>) {
        for (index, signal) in ContinuousSignal.allCases.enumerated() {
            guard let value = signal.value(in: state.pointee) else { continue }
            ranges[2 * index] = min(ranges[2 * index], value)
            ranges[2 * index + 1] = max(ranges[2 * index + 1], value)
        }
    }

    func digest(findings: [Finding]) -> TimelineDigest {
        let start = origin ?? 0
        let end = start + (duration > 0 ? duration : max(0, lastT - start))
        let width = (end - start) / Double(bucketCount)
        let presentations = presentations.count, rowCounts = rowCounts
        var buckets: [TimelineDigest.Bucket] = []
        buckets.reserveCapacity(rowBuckets.count)
        doubles.withUnsafeBufferPointer { doubles in
            counts.withUnsafeBufferPointer { counts in
                for (row, index) in rowBuckets.enumerated() {
                    let range = doubles.baseAddress! + row * Self.rowDoubles
                    let count = counts.baseAddress! + row * rowCounts
                    func pair(at offset: Int) -> ClosedRange<Double>? {
                        let low = range[offset], high = range[offset + 1]
                        return low <= high ? low...high : nil
                    }
                    func ranges(from offset: Int) -> [ClosedRange<Double>?] {
                        (0..<Self.signalCount).map { pair(at: offset + 2 * $0) }
                    }
                    func fractions(from offset: Int) -> [Double?] {
                        (0..<presentations).map { lane in
                            let visible = count[offset + 4 * lane], known = count[offset + 4 * lane + 1]
                            return known > 0 ? Double(visible) / Double(known) : nil
                        }
                    }
                    buckets.append(TimelineDigest.Bucket(
                        start: start + Double(index) * width, end: start + Double(index + 1) * width, samples: count[0],
                        y: range[0]...range[1], barHeight: pair(at: 2),
                        computedSignals: ranges(from: 6), observedSignals: ranges(from: Self.observedSignals),
                        barShown: pair(at: 4),
                        computedVisible: fractions(from: 1), observedVisible: fractions(from: 3)))
                }
            }
        }
        return TimelineDigest(
            presentations: self.presentations, hasObserved: hasObserved, start: start, end: end, bucketCount: bucketCount,
            filledIndices: rowBuckets, filledBuckets: buckets,
            spans: findings.map {
                TimelineDigest.Span(kind: $0.kind, severity: $0.severity, signal: $0.signal, start: $0.start, end: $0.end)
            },
            hitches: hitches, longestHitch: longestHitch, hangs: hangs)
    }
}
