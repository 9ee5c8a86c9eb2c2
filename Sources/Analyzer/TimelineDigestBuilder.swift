import BarModel

/// Builds a ``TimelineDigest`` sample by sample.
///
/// Only the buckets samples fall in are kept, as ``TimelineDigest/Rows`` (two flat buffers) that
/// grow as time reaches a new bucket and become the digest's as they are: a five-sample session
/// touches at most five rows instead of setting up and tearing down 400 buckets of six arrays each,
/// which would cost more than the rest of its analysis. A sample updates the
/// row it falls in through two buffer pointers.
///
/// - Complexity: O(signals + presentations) per sample; O(filled buckets × (signals +
///   presentations)) memory, at most ``bucketCount`` rows.
struct TimelineDigestBuilder: Sendable {
    private typealias Rows = TimelineDigest.Rows
    /// Rows reserved at the first sample: a short session's, in one allocation per buffer.
    private static let firstRows = 8

    let presentations: [TitlePresentation]
    let bucketCount: Int
    private var origin: Double?
    private let duration: Double
    /// Integers per row.
    private let rowCounts: Int
    private var rows = Rows()
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
        rowCounts = Rows.counts(lanes: presentations.count)
    }

    /// Marks a late frame: shown at `end` seconds after the frame at `start`, `late` seconds late;
    /// `hang` when its interval reached the hang threshold.
    mutating func lateFrame(from start: Double, to end: Double, late: Double, hang: Bool) {
        if hitches.count < Self.maxLateFrames { hitches.append(TimelineDigest.Hitch(start: start, end: end, late: late)) }
        longestHitch = max(longestHitch, late)
        if hang { hangs += 1 }
    }

    /// Takes a block's first `count` rows: times `t`, offsets `y`, the computed states and the
    /// observed ones in `observedRows` (`observed` is `nil` when the block has none).
    ///
    /// The rows that fall in one bucket (consecutive while times do not decrease) are added a
    /// column at a time; each range still takes its values in sample order.
    mutating func observe(
        count: Int, t: FrameColumn<Double>, y: FrameColumn<Double>, computed: FrameStateColumns,
        observed: FrameStateColumns?, observedRows: UInt64
    ) {
        guard count > 0 else { return }
        let origin = origin ?? t[0]
        self.origin = origin
        lastT = t[count - 1]
        let presentations = self.presentations, rowCounts = self.rowCounts
        let duration = self.duration, bucketCount = self.bucketCount
        func bucket(of t: Double) -> Int {
            let position = duration > 0 ? (t - origin) / duration * Double(bucketCount) : 0
            // Compared as doubles first: a time far beyond the duration (or NaN) must not reach Int().
            return position >= 1 ? Int(min(position, Double(bucketCount - 1))) : 0
        }
        var first = 0
        while first < count {
            let index = bucket(of: t[first])
            var end = first + 1
            while end < count, bucket(of: t[end]) == index { end += 1 }
            if index != currentBucket { enter(index) }
            let row = currentRow
            let rows = FrameColumns.rows(end) & ~FrameColumns.rows(first)
            self.rows.ranges.withUnsafeMutableBufferPointer { ranges in
                let range = ranges.baseAddress! + row * Rows.doubles
                var low = range[0], high = range[1]
                for row in first..<end {
                    low = min(low, y[row])
                    high = max(high, y[row])
                }
                (range[0], range[1]) = (low, high)
                Self.range(computed, .barHeight, rows, range + 2)
                Self.range(computed, .barShown, rows, range + 4)
                Self.widen(range + Rows.computedSignals, with: computed, rows: rows)
                if let observed, observedRows & rows != 0 { Self.widen(range + Rows.observedSignals, with: observed, rows: rows) }
            }
            self.rows.counts.withUnsafeMutableBufferPointer { counts in
                let counted = counts.baseAddress! + row * rowCounts
                counted[0] += end - first
                Self.count(presentations, in: computed, rows: rows, lanes: counted + 1)
                if let observed, observedRows & rows != 0 { Self.count(presentations, in: observed, rows: rows, lanes: counted + 3) }
            }
            first = end
        }
        if observed != nil, observedRows != 0 { hasObserved = true }
    }

    /// Makes `bucket` the current one, adding its row when no sample fell in it yet: at the end as
    /// time moves on, or in its place should a reader hand an earlier time after a later one.
    private mutating func enter(_ bucket: Int) {
        currentBucket = bucket
        if let last = rows.buckets.last, bucket <= last {
            var low = 0, high = rows.buckets.count
            while low < high {
                let middle = (low + high) / 2
                if rows.buckets[middle] < bucket { low = middle + 1 } else { high = middle }
            }
            currentRow = low
            guard rows.buckets[low] != bucket else { return }
            rows.buckets.insert(bucket, at: low)
            rows.ranges.insert(contentsOf: Rows.emptyRanges, at: low * Rows.doubles)
            rows.counts.insert(contentsOf: repeatElement(0, count: rowCounts), at: low * rowCounts)
        } else {
            if rows.buckets.isEmpty {
                rows.buckets.reserveCapacity(Self.firstRows)
                rows.ranges.reserveCapacity(Self.firstRows * Rows.doubles)
                rows.counts.reserveCapacity(Self.firstRows * rowCounts)
            }
            currentRow = rows.buckets.count
            rows.buckets.append(bucket)
            rows.ranges.append(contentsOf: Rows.emptyRanges)
            rows.counts.append(contentsOf: repeatElement(0, count: rowCounts))
        }
    }

    /// Widens the (minimum, maximum) pair at `pair` by `field`'s values in `rows`.
    @inline(__always)
    private static func range(_ states: FrameStateColumns, _ field: BarStateField, _ rows: UInt64, _ pair: UnsafeMutablePointer<Double>) {
        var visit = states.rows(field) & rows
        guard visit != 0 else { return }
        let values = states.column(field)
        // In registers: `pair` may alias `values` for all the compiler knows, so it stored both every row.
        var low = pair[0], high = pair[1]
        while visit != 0 {
            let row = visit.trailingZeroBitCount
            visit &= visit &- 1
            low = min(low, values[row])
            high = max(high, values[row])
        }
        (pair[0], pair[1]) = (low, high)
    }

    /// Counts the title lanes of `states`' `rows` that are known and visible: lane `i`'s visible
    /// count at `lanes[4 i]`, its known count after it.
    @inline(__always)
    private static func count(
        _ presentations: [TitlePresentation], in states: FrameStateColumns, rows: UInt64, lanes: UnsafeMutablePointer<Int>
    ) {
        for (lane, presentation) in presentations.enumerated() {
            var visit = states.rows(presentation.alphaField) & rows
            guard visit != 0 else { continue }
            let alphas = states.column(presentation.alphaField)
            lanes[4 * lane + 1] += visit.nonzeroBitCount
            while visit != 0 {
                let row = visit.trailingZeroBitCount
                visit &= visit &- 1
                if alphas[row] >= BarState.visibleAlpha { lanes[4 * lane] += 1 }
            }
        }
    }

    /// Widens the (minimum, maximum) pairs at `ranges`, one per continuous signal, by the values
    /// `states` has in `rows`.
    @inline(__always)
    private static func widen(_ ranges: UnsafeMutablePointer<Double>, with states: FrameStateColumns, rows: UInt64) {
        for (index, signal) in ContinuousSignal.allCases.enumerated() {
            range(states, signal.field, rows, ranges + 2 * index)
        }
    }

    func digest(findings: [Finding]) -> TimelineDigest {
        let start = origin ?? 0
        return TimelineDigest(
            presentations: presentations, hasObserved: hasObserved, start: start,
            end: start + (duration > 0 ? duration : max(0, lastT - start)), bucketCount: bucketCount, filled: rows,
            spans: findings.map {
                TimelineDigest.Span(kind: $0.kind, severity: $0.severity, signal: $0.signal, start: $0.start, end: $0.end)
            },
            hitches: hitches, longestHitch: longestHitch, hangs: hangs)
    }
}
