@testable import Analyzer
import BarModel
import Testing

/// The digest keeps only the buckets samples fell in (``TimelineDigest/Rows``) and makes the rest
/// when ``TimelineDigest/buckets`` is read.
@Suite("timeline digest rows")
struct TimelineDigestRowsTests {
    /// A builder over 10 s in 10 buckets fed `samples` (t, y, bar height, large title alpha) in
    /// blocks of `block` rows, each state also observed when `observed`.
    static func digest(_ samples: [(Double, Double, Double?, Double?)], observed: Bool = false, block: Int = 2) -> TimelineDigest {
        var builder = TimelineDigestBuilder(presentations: [.large, .inline], duration: 10, bucketCount: 10)
        let columns = FrameColumns()
        func feed() {
            builder.observe(
                count: columns.count, t: columns.t, y: columns.y, computed: columns.computed,
                observed: columns.observedRows != 0 ? columns.observed : nil, observedRows: columns.observedRows)
            columns.reset()
        }
        for (seq, (t, y, height, alpha)) in samples.enumerated() {
            var state = BarState()
            state.barHeight = height
            state.largeTitleAlpha = alpha
            columns.append(SessionFrame(seq: seq, sample: ScrollSample(t: t, y: y), computed: state, observed: observed ? state : nil))
            if columns.count == block { feed() }
        }
        feed()
        return builder.digest(findings: [])
    }

    @Test("a bucket's ranges carry across blocks: values inside them leave them, values outside widen them, in any block size")
    func rangesAcrossBlocks() {
        // All in bucket 0. Counter-case: the later rows lie inside the range of the earlier ones,
        // so a range restarted at a block (or not stored back) shows as 3.5...4.5 or 4...4.
        let samples: [(Double, Double, Double?, Double?)] = [
            (0, 5, 96, 1), (0.1, 3, 90, 0.2), (0.2, 4, 93, 0.5), (0.3, 3.5, 91, 0.4), (0.4, 4.5, 95, 0.9),
        ]
        for block in 1...5 {
            let bucket = Self.digest(samples, block: block).buckets[0]
            #expect(bucket.y == 3...5, "block \(block)")
            #expect(bucket.barHeight == 90...96, "block \(block)")
            #expect(bucket.range(of: .largeTitleAlpha, observed: false) == 0.2...1, "block \(block)")
        }
        // Outside: a later row below the minimum and above the maximum.
        let wider = Self.digest(samples + [(0.5, 2, 97, nil), (0.6, 6, 89, nil)], block: 3).buckets[0]
        #expect(wider.y == 2...6)
        #expect(wider.barHeight == 89...97)
    }

    @Test("empty buckets are made from their place; filled ones carry their exact ranges and fractions")
    func filledAndEmpty() throws {
        let samples: [(Double, Double, Double?, Double?)] = [(0, 5, 96, 1), (0.5, 3, 90, 0.2), (4.2, 40, nil, 0.6)]
        let digest = Self.digest(samples)
        // One block over several buckets, or a block a sample: the same digest.
        #expect(Self.digest(samples, block: 64) == digest)
        #expect(Self.digest(samples, block: 1) == digest)
        let buckets = digest.buckets
        #expect(buckets.count == 10)
        #expect(digest.bucketCount == 10)
        #expect(buckets.map(\.samples) == [2, 0, 0, 0, 1, 0, 0, 0, 0, 0])
        #expect(buckets.map(\.start) == (0..<10).map(Double.init))
        #expect(buckets.map(\.end) == (1...10).map(Double.init))
        #expect(buckets[0].y == 3...5)
        #expect(buckets[0].barHeight == 90...96)
        #expect(buckets[0].range(of: .barHeight, observed: false) == 90...96)
        #expect(buckets[0].range(of: .largeTitleAlpha, observed: false) == 0.2...1)
        #expect(buckets[0].range(of: .blurAlpha, observed: false) == nil)
        #expect(buckets[0].computedVisible == [0.5, nil])
        #expect(buckets[0].observedVisible == [nil, nil])
        #expect(buckets[4].y == 40...40)
        #expect(buckets[4].barHeight == nil)
        #expect(buckets[4].computedVisible == [1, nil])
        let empty = buckets[1]
        #expect(empty.y == 0...0)
        #expect(empty.barHeight == nil && empty.barShown == nil)
        #expect(empty.computedSignals == Array(repeating: nil, count: ContinuousSignal.allCases.count))
        #expect(empty.observedSignals == empty.computedSignals)
        #expect(empty.computedVisible == [nil, nil] && empty.observedVisible == [nil, nil])
        #expect(digest.hasObserved == false)
    }

    @Test("an earlier time after a later one lands in its own bucket: the same digest as in time order")
    func outOfOrder() {
        let samples: [(Double, Double, Double?, Double?)] = [(0, 1, 96, 1), (7.5, 70, 60, 0), (2.1, 20, 80, 0.4), (7.9, 75, 58, 0), (0.3, 2, 95, nil)]
        // The first sample sets the origin, so it stays first in both orders.
        let sorted = [samples[0]] + samples.dropFirst().sorted { $0.0 < $1.0 }
        let shuffled = Self.digest(samples, observed: true)
        let inOrder = Self.digest(sorted, observed: true, block: 64)
        #expect(shuffled.buckets.map(\.samples) == [2, 0, 1, 0, 0, 0, 0, 2, 0, 0])
        #expect(shuffled.buckets == inOrder.buckets)
        #expect(shuffled.buckets[7].range(of: .barHeight, observed: true) == 58...60)
        #expect(shuffled.hasObserved)
    }

    @Test("removing the buckets leaves none")
    func removed() {
        var digest = Self.digest([(0, 5, 96, 1)])
        digest.removeBuckets()
        #expect(digest.buckets.isEmpty)
        #expect(digest.bucketCount == 0)
        #expect(digest == { var other = Self.digest([(0, 9, 90, 0)]); other.removeBuckets(); return other }())
    }

    @Test("the overrun histogram grows the bins it holds either way; equal counts are equal histograms")
    func histogramGrowth() {
        let values = [0.0, 0.2, -0.3, 9.99, -9.99, 15.0, 500.0, -42.0, 0.01, 0.01]
        var forward = OverrunHistogram(), backward = OverrunHistogram()
        for value in values { forward.add(value) }
        for value in values.reversed() { backward.add(value) }
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward.total == 10)
        #expect(forward.percentile(10) == backward.percentile(10))
        #expect(forward.percentile(40) == 0)
        #expect(forward.percentile(50) == 0.01)
        #expect(forward.percentile(60) == 0.01)
        #expect(forward.percentile(70) == 0.2)
        #expect(forward.percentile(80) == 9.99)
        #expect(abs(forward.percentile(100)! - 500) / 500 < 0.005)
        var other = forward
        other.add(0.2)
        #expect(other != forward)
        #expect(OverrunHistogram() == OverrunHistogram())
    }
}
