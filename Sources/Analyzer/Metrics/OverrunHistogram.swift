import BarModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Frame overruns (interval − frame duration in effect, milliseconds) of a session's moving
/// frames, counted in fixed bins so that percentiles need neither a second pass nor memory that
/// grows with the session (Docs/comparing-builds.md).
///
/// Bins: multiples of 0.01 ms (each value rounded to the nearest) for |overrun| < 10 ms, where a
/// healthy session's frames are; beyond, bins 1 % wide on a log scale up to about 25 minutes, each
/// represented by its geometric centre (a relative error under 0.5 %).
///
/// Only the bins from the lowest to the highest value so far (and a margin) are held, grown as a
/// value falls outside them: allocating and zeroing all 4,401 bins (~18 KB) at every session's
/// first frame would cost a short session more than its samples. Equal histograms hold the same
/// counts, whatever bins each had room for.
///
/// - Complexity: O(1) amortized per value; at most ~18 KB.
struct OverrunHistogram: Sendable, Hashable {
    /// Log-scale bins on each side.
    static let logBins = 1200
    /// Linear bins of 0.01 ms from −10 to +10 ms.
    static let linearHalf = 1000
    static let logBase = 10.0
    static let logStep = 1.01
    /// Every bin.
    static let binCount = 2 * logBins + 2 * linearHalf + 1
    /// Bins held beyond a new value, at least: a session's overruns mostly stay within ±0.3 ms.
    static let margin = 32

    /// The counts of the bins `firstBin..<firstBin + counts.count`.
    private var counts: [UInt32] = []
    private var firstBin = 0
    private(set) var total = 0
    /// The lowest and highest bins holding a value: a percentile walks only these. Walking all
    /// 4,401 bins, three times, would be a noticeable share of a short session's analysis.
    private var lowestBin = Int.max
    private var highestBin = Int.min

    /// Adds one moving frame's overrun, milliseconds. Inlined into the hitch detector, which adds
    /// one a moving frame: a call costs as much as the add.
    @inline(__always)
    mutating func add(_ overrun: Double) {
        guard overrun.isFinite else { return }
        let bin = Self.bin(of: overrun)
        if bin < firstBin || bin >= firstBin + counts.count { hold(bin) }
        counts[bin - firstBin] &+= 1
        lowestBin = min(lowestBin, bin)
        highestBin = max(highestBin, bin)
        total += 1
    }

    /// Adds `overruns` (milliseconds), as ``add(_:)`` one at a time: the bins held grow at most
    /// once a side, and the counts are written behind one uniqueness check of the array, not one
    /// a value.
    mutating func add(_ overruns: UnsafeBufferPointer<Double>) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: overruns.count) { bins in
            var added = 0, zeros = 0, lowest = lowestBin, highest = highestBin
            for overrun in overruns {
                // The linear bins' range test admits finite values only: the finiteness test is
                // left to the rest, a frame in a hundred.
                let hundredths = overrun * 100
                // Nearly every frame on time rounds to the bin of 0: counted apart, it needs no bin
                // worked out or stored.
                if abs(hundredths) < 0.5 {
                    zeros &+= 1
                    continue
                }
                let bin: Int
                if abs(hundredths) < Self.linearLimit {
                    bin = Self.linearBin(ofHundredths: hundredths)
                } else if overrun.isFinite {
                    bin = Self.logBin(of: overrun)
                } else {
                    continue
                }
                bins[added] = bin
                lowest = min(lowest, bin)
                highest = max(highest, bin)
                added &+= 1
            }
            if zeros > 0 { (lowest, highest) = (min(lowest, Self.zeroBin), max(highest, Self.zeroBin)) }
            guard added + zeros > 0 else { return }
            (lowestBin, highestBin) = (lowest, highest)
            if lowestBin < firstBin || counts.isEmpty { hold(lowestBin) }
            if highestBin >= firstBin + counts.count { hold(highestBin) }
            let firstBin = firstBin
            counts.withUnsafeMutableBufferPointer { counts in
                if zeros > 0 { counts[Self.zeroBin - firstBin] &+= UInt32(truncatingIfNeeded: zeros) }
                guard added > 0 else { return }
                // A run of values in one bin is counted with one add: an add a value waited on the
                // store of the one before.
                var (runBin, runLength): (Int, UInt32) = (bins[0], 0)
                for bin in bins.prefix(added) {
                    if bin == runBin {
                        runLength &+= 1
                    } else {
                        counts[runBin - firstBin] &+= runLength
                        (runBin, runLength) = (bin, 1)
                    }
                }
                counts[runBin - firstBin] &+= runLength
            }
            total += added + zeros
        }
    }

    /// Grows the bins held to reach `bin`, by at least as many again as are held (so growing
    /// costs O(1) per value) on the side it lies.
    private mutating func hold(_ bin: Int) {
        let end = firstBin + counts.count
        let room = max(Self.margin, counts.count)
        let low = counts.isEmpty || bin < firstBin ? max(0, bin - room) : firstBin
        let high = counts.isEmpty || bin >= end ? min(Self.binCount, bin + room + 1) : end
        var grown = [UInt32](repeating: 0, count: high - low)
        if !counts.isEmpty { grown.replaceSubrange((firstBin - low)..<(end - low), with: counts) }
        counts = grown
        firstBin = low
    }

    static func == (a: Self, b: Self) -> Bool {
        guard a.total == b.total, a.lowestBin == b.lowestBin, a.highestBin == b.highestBin else { return false }
        return a.total == 0 || (a.lowestBin...a.highestBin).allSatisfy { a.counts[$0 - a.firstBin] == b.counts[$0 - b.firstBin] }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(total)
        guard total > 0 else { return }
        for bin in lowestBin...highestBin { hasher.combine(counts[bin - firstBin]) }
    }

    /// Inlined into ``add(_:)`` for the linear bins, where nearly every frame's overrun falls.
    /// The hundredths rounded half away from zero (`roundedToNearest`'s rounding), from the whole
    /// part and the exact part it drops: no range checks on the conversion, no rounding constants.
    @inline(__always)
    static func bin(of value: Double) -> Int {
        let hundredths = value * 100
        guard abs(hundredths) < linearLimit else { return logBin(of: value) }
        return linearBin(ofHundredths: hundredths)
    }

    /// The bin of 0 ms: every value under half a hundredth in magnitude.
    static let zeroBin = logBins + linearHalf

    /// The hundredths below which (in magnitude) a value's bin is a linear one.
    static let linearLimit = Double(linearHalf) - 0.5

    /// The linear bin of a value of `hundredths` hundredths of a millisecond, less than
    /// ``linearLimit`` in magnitude: the sums stay far inside `Int`, so they need no overflow checks.
    @inline(__always)
    static func linearBin(ofHundredths hundredths: Double) -> Int {
        let whole = Int(hundredths)
        let dropped = hundredths - Double(whole)
        return logBins &+ linearHalf &+ whole &+ (dropped >= 0.5 ? 1 : dropped <= -0.5 ? -1 : 0)
    }

    private static func logBin(of value: Double) -> Int {
        let step = min(logBins - 1, max(0, Int((log(abs(value) / logBase) / log(logStep)).rounded(.down))))
        return value < 0 ? logBins - 1 - step : logBins + 2 * linearHalf + 1 + step
    }

    /// The value a bin stands for, milliseconds.
    static func value(of bin: Int) -> Double {
        let linearStart = logBins
        let linearEnd = logBins + 2 * linearHalf
        if bin >= linearStart, bin <= linearEnd { return Double(bin - logBins - linearHalf) / 100 }
        let step = bin < linearStart ? logBins - 1 - bin : bin - linearEnd - 1
        let magnitude = logBase * pow(logStep, Double(step) + 0.5)
        return bin < linearStart ? -magnitude : magnitude
    }

    /// ``percentile(_:)`` of `low`, `middle` and `high` (ascending) from one walk over the bins,
    /// not three: the bins held can span thousands, and a session's metrics ask for three.
    func percentiles(_ low: Double, _ middle: Double, _ high: Double) -> (Double?, Double?, Double?) {
        guard total > 0 else { return (nil, nil, nil) }
        func rank(_ q: Double) -> Int { max(1, Int((q / 100 * Double(total)).rounded(.up))) }
        let ranks = (rank(low), rank(middle), rank(high))
        precondition(ranks.0 <= ranks.1 && ranks.1 <= ranks.2, "percentiles must be asked in ascending order")
        var found: (Double?, Double?, Double?) = (nil, nil, nil)
        var seen = 0
        for bin in lowestBin...highestBin where counts[bin - firstBin] > 0 {
            seen += Int(counts[bin - firstBin])
            // One bin can hold more than one of the ranks.
            if found.0 == nil, seen >= ranks.0 { found.0 = Self.value(of: bin) }
            if found.1 == nil, seen >= ranks.1 { found.1 = Self.value(of: bin) }
            if seen >= ranks.2 {
                found.2 = Self.value(of: bin)
                break
            }
        }
        return found
    }

    /// The nearest-rank percentile `q` (0 < q ≤ 100): the smallest binned value at or below which
    /// at least `q` % of the frames fall; `nil` without frames.
    func percentile(_ q: Double) -> Double? {
        guard total > 0 else { return nil }
        let rank = max(1, Int((q / 100 * Double(total)).rounded(.up)))
        var seen = 0
        for bin in lowestBin...highestBin where counts[bin - firstBin] > 0 {
            seen += Int(counts[bin - firstBin])
            if seen >= rank { return Self.value(of: bin) }
        }
        return nil
    }
}
