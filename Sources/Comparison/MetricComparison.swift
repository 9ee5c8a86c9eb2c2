/// One group × metric of a comparison (or one stratum of a group: ``stratum``): sizes, medians, the
/// three tests with their shifts, and the verdict (Docs/comparing-builds.md).
public struct MetricComparison: Sendable, Hashable {
    /// The group, and for a stratum's own row ``stratum`` appended (`Feed · largeTitle · iPhone12,1 · iOS 17.5`).
    public var group: String
    /// The stratum of a stratum's own row (`iPhone12,1 · iOS 17.5`); `nil` for the group's row.
    public var stratum: String?
    /// The group's key in ``ComparisonSamples/groups`` and the keys of the strata compared.
    public var groupKey = ""
    public var comparedStrata: [String] = []
    public var metric: ComparedMetric
    /// Sessions with a value that were compared (in strata both sides have).
    public var baseCount: Int
    public var headCount: Int
    /// Strata compared within and combined; sessions left out because their stratum lacked a side.
    public var strata = 1
    public var baseLeftOut = 0
    public var headLeftOut = 0
    public var baseMedian: Double?
    public var headMedian: Double?
    /// The rank test: Hodges–Lehmann estimate of head − base and its confidence interval (one
    /// stratum), or the strata's shifts weighted (several; no interval).
    public var shift: Double?
    public var shiftLow: Double?
    public var shiftHigh: Double?
    /// Mann–Whitney U (one stratum: `u`, the p-value and how it was computed) or van Elteren
    /// (several: `method` `.vanElteren`, `z`); `nil` when a side has too few sessions to test.
    public var u: Double?
    public var z: Double?
    public var p: Double?
    public var method: MannWhitneyTest.Method?
    /// The rank test's smallest attainable p where its exact distribution gives it (Tarone's rule;
    /// else ``BuildComparison`` tests the values rearranged).
    var minimumAttainableP: Double?
    /// After the run's correction (``BuildComparison/adjust(_:alpha:correction:)``): significant where ≤ α.
    public var adjustedP: Double?
    /// The means and the mean test (``MeanTest``): its shift is a size a verdict may rest on and
    /// its interval part of "unchanged"; its p-value is reported, not corrected nor decisive.
    public var baseMean: Double?
    public var headMean: Double?
    public var mean: MeanTest?
    /// Sessions above 0 and the share test (``ShareTest``), for metrics where 0 means none.
    public var share: ShareTest?
    public var shareAdjustedP: Double?
    /// The test that decided a regressed or improved verdict.
    public var decidedBy: ComparisonStatistic?
    public var verdict: Verdict
    /// Why, in a few words (`too few sessions (3 < 5)`, `mean +1.37 /min …`).
    public var reason: String
}

/// The three questions asked of every group × metric (Docs/comparing-builds.md).
public enum ComparisonStatistic: String, Sendable, Hashable, CaseIterable {
    /// Did the typical session move? Mann–Whitney / van Elteren, Hodges–Lehmann shift.
    case median
    /// Did the mean move? Welch's t within strata (reported: neither evidence nor size for a verdict; its interval is part of "unchanged").
    case mean
    /// Did the share of sessions with any (hitch, flapping, …) change? Fisher / Cochran–Mantel–Haenszel.
    case share
}
