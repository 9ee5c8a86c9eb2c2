import BarModel

/// Builds a ``TimelineDigest`` sample by sample.
///
/// Only the buckets samples fall in are kept, as ``TimelineDigest/Rows`` (two flat buffers) that
/// grow as time reaches a new bucket and become the digest's as they are: a five-sample session
/// touches at most five rows instead of setting up and tearing down 400 buckets of six arrays each
/// (~300 k instructions a session; Benchmarks/README.md, "Tiny sessions"). A sample updates the
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
        rows.ranges.withUnsafeMutableBufferPointer { ranges in
            let range = ranges.baseAddress! + row * Rows.doubles
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
            Self.widen(range + Rows.computedSignals, with: computed)
            if let observed { Self.widen(range + Rows.observedSignals, with: observed) }
        }
        let presentations = self.presentations
        let rowCounts = self.rowCounts
        rows.counts.withUnsafeMutableBufferPointer { counts in
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
        return TimelineDigest(
            presentations: presentations, hasObserved: hasObserved, start: start,
            end: start + (duration > 0 ? duration : max(0, lastT - start)), bucketCount: bucketCount, filled: rows,
            spans: findings.map {
                TimelineDigest.Span(kind: $0.kind, severity: $0.severity, signal: $0.signal, start: $0.start, end: $0.end)
            },
            hitches: hitches, longestHitch: longestHitch, hangs: hangs)
    }
}
