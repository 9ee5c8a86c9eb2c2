/// The Hodges–Lehmann estimate of the shift `head − base` (the median of all pairwise
/// differences) and its distribution-free confidence interval [D₍c+1₎, D₍mn−c₎], where D are the
/// ordered differences and c is the Mann–Whitney critical value at the confidence
/// (``MannWhitneyTest/criticalValue(m:n:alpha:)``; Hollander & Wolfe, *Nonparametric Statistical
/// Methods*, 4.3). The interval is `nil` when the samples are too small to bound it.
public struct ShiftEstimate: Sendable, Hashable {
    public let shift: Double
    public let low: Double?
    public let high: Double?

    /// Both samples sorted ascending and non-empty; `confidence` in (0, 1); `method` the one the
    /// samples' Mann–Whitney test uses (``MannWhitneyTest/method``).
    public init(base: [Double], head: [Double], confidence: Double, method: MannWhitneyTest.Method) {
        let differences = PairwiseDifferences(base: base, head: head)
        let count = differences.count
        if count % 2 == 1 {
            shift = differences.kth((count + 1) / 2)
        } else {
            shift = (differences.kth(count / 2) + differences.kth(count / 2 + 1)) / 2
        }
        if let c = MannWhitneyTest.criticalValue(m: base.count, n: head.count, alpha: 1 - confidence, method: method), c + 1 <= count - c {
            low = differences.kth(c + 1)
            high = differences.kth(count - c)
        } else {
            low = nil
            high = nil
        }
    }
}
