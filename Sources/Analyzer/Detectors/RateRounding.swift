import BarModel

/// How ``HitchDetector`` reads the rate a display ran at from neighbouring intervals: their mean
/// rounded to ``step``, never shorter than ``shortestFrame``.
///
/// Nearly every interval of a recording at the display's full rate has the shortest frame's rate:
/// means up to ``shortestFrameMean`` are given it with no division or rounding. The rate never
/// falls as the mean grows (each step of it is monotonic), so every such mean has the rate the
/// largest one has.
struct RateRounding: Sendable {
    /// The shortest frame the display shows, seconds.
    let shortestFrame: Double
    /// The steps a rate is rounded to, seconds.
    let step: Double
    /// The largest mean whose rate is ``shortestFrame`` (NaN without a positive, finite ``step``).
    let shortestFrameMean: Double

    init(shortestFrame: Double, step: Double) {
        self.shortestFrame = shortestFrame
        self.step = step
        shortestFrameMean = Self.largestMean(ofRate: shortestFrame, step: step)
    }

    /// The rate one or two neighbouring intervals show: their mean (the mean of two neighbours
    /// cancels the noise of the stamp between them), rounded.
    @inline(__always)
    func rate(_ first: Double, _ second: Double?) -> Double {
        let mean = second.map { (first + $0) / 2 } ?? first
        if mean <= shortestFrameMean { return shortestFrame }
        return Self.rate(mean: mean, step: step, shortest: shortestFrame)
    }

    /// The rate a mean interval shows: rounded to `step`, never shorter than `shortest`.
    static func rate(mean: Double, step: Double, shortest: Double) -> Double {
        max(shortest, (mean / step).roundedToNearest * step)
    }

    /// The largest mean whose ``rate(mean:step:shortest:)`` is `shortest`, NaN where `step` is not
    /// positive and finite (a rate then need not grow with the mean) or a mean of 0 has another rate.
    /// A bisection over the bit patterns of the non-negative doubles, in the order of their values:
    /// the means with rate `shortest` are those up to one pattern.
    static func largestMean(ofRate shortest: Double, step: Double) -> Double {
        guard step > 0, step.isFinite, rate(mean: 0, step: step, shortest: shortest) == shortest else { return .nan }
        // `low` has the rate, `high` has not (infinity's rate is infinity, never a frame's); both
        // close in on the mean where the rounding turns to the step above the shortest frame's,
        // where they hold there: from 0 and infinity the bisection took 64 rates a session.
        var (low, high) = (UInt64(0), Double.infinity.bitPattern)
        let turn = ((shortest / step).rounded(.down) + 0.5) * step
        let below = turn * (1 - 1e-12), above = turn * (1 + 1e-12)
        if rate(mean: below, step: step, shortest: shortest) == shortest { low = below.bitPattern }
        if rate(mean: above, step: step, shortest: shortest) != shortest { high = above.bitPattern }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if rate(mean: Double(bitPattern: middle), step: step, shortest: shortest) == shortest { low = middle } else { high = middle }
        }
        return Double(bitPattern: low)
    }
}
