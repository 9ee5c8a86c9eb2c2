/// One group × metric of a comparison: sizes, medians, the shift with its interval, the test and
/// the verdict (Docs/comparing-builds.md).
public struct MetricComparison: Sendable, Hashable {
    public var group: String
    public var metric: ComparedMetric
    /// Sessions with a value.
    public var baseCount: Int
    public var headCount: Int
    public var baseMedian: Double?
    public var headMedian: Double?
    /// Hodges–Lehmann estimate of head − base and its confidence interval.
    public var shift: Double?
    public var shiftLow: Double?
    public var shiftHigh: Double?
    /// Two-sided Mann–Whitney U: `u` of the head sample, the p-value and how it was computed;
    /// `nil` when a side has too few sessions to test.
    public var u: Double?
    public var p: Double?
    public var method: MannWhitneyTest.Method?
    /// After Benjamini–Hochberg across every tested group × metric of the run.
    public var adjustedP: Double?
    public var verdict: Verdict
    /// Why, in a few words (`too few sessions (3 < 5)`, `p 0.0002, shift ≥ 1 ms/s`).
    public var reason: String

    public init(
        group: String, metric: ComparedMetric, baseCount: Int, headCount: Int, baseMedian: Double?, headMedian: Double?,
        shift: Double? = nil, shiftLow: Double? = nil, shiftHigh: Double? = nil, u: Double? = nil, p: Double? = nil,
        method: MannWhitneyTest.Method? = nil, adjustedP: Double? = nil, verdict: Verdict, reason: String
    ) {
        self.group = group
        self.metric = metric
        self.baseCount = baseCount
        self.headCount = headCount
        self.baseMedian = baseMedian
        self.headMedian = headMedian
        self.shift = shift
        self.shiftLow = shiftLow
        self.shiftHigh = shiftHigh
        self.u = u
        self.p = p
        self.method = method
        self.adjustedP = adjustedP
        self.verdict = verdict
        self.reason = reason
    }
}
