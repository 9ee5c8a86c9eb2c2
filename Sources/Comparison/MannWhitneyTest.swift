/// The two-sided Mann–Whitney U test of two independent samples (Docs/comparing-builds.md).
///
/// `u` counts the pairs in which the head value is the larger (ties count half), as SciPy's
/// `mannwhitneyu(head, base)` reports it. The p-value (``method(m:n:tieGroups:)`` says which):
/// - without ties and neither sample above ``exactLimit`` values: exact (``ExactMannWhitney``,
///   SciPy's `method="exact"`);
/// - with ties, where the exact distribution given the ties is cheap
///   (``ExactTiedMannWhitney/cost(m:n:tieGroups:)`` within its limit): exact given the ties, as a
///   permutation test enumerating every split computes it. Mostly-zero samples are the case: the
///   normal approximation's p for 1 session above 0 in 50 is far too small;
/// - otherwise the normal approximation with the tie correction of the variance and a continuity
///   correction of ½ (SciPy's `method="asymptotic"`, `use_continuity=True`).
/// When every value is tied the test has no information and p is 1.
public struct MannWhitneyTest: Sendable, Hashable {
    /// How the p-value was computed.
    public enum Method: String, Sendable, Hashable {
        case exact
        /// The exact distribution given the ties (``ExactTiedMannWhitney``).
        case exactTies = "exact-ties"
        case normal
        /// Several strata: ``StratifiedRankTest`` (normal approximation).
        case vanElteren = "van-elteren"
    }

    /// Samples up to this size (each) without ties get the exact distribution.
    public static let exactLimit = 50

    public let u: Double
    public let p: Double
    public let method: Method
    /// The smallest p any split of these values could give (Tarone's rule), from the exact
    /// distribution given the ties (`.exactTies`); `nil` otherwise (``BuildComparison`` then tests
    /// the values rearranged).
    public let minimumAttainableP: Double?

    /// Tests `head` against `base`; both must be sorted ascending and non-empty.
    public init(base: [Double], head: [Double]) {
        self.init(RankSum(base: base, head: head))
    }

    init(_ ranks: RankSum) {
        let m = ranks.m
        let n = ranks.n
        let mn = Double(m) * Double(n)
        u = ranks.u
        method = Self.method(m: m, n: n, tieGroups: ranks.tieGroups)
        switch method {
        case .exact:
            let distribution = ExactMannWhitney(m: m, n: n)
            let larger = Int(max(u, mn - u).rounded())
            p = min(1, 2 * distribution.atLeast(larger))
            minimumAttainableP = nil
        case .exactTies:
            (p, minimumAttainableP) = ExactTiedMannWhitney.p(m: m, n: n, u: u, tieGroups: ranks.tieGroups)
        case .normal, .vanElteren:
            minimumAttainableP = nil
            let total = Double(m + n)
            let variance = mn / 12 * ((total + 1) - ranks.tieTerm / (total * (total - 1)))
            guard variance > 0 else {
                p = 1
                return
            }
            let z = (max(u, mn - u) - mn / 2 - 0.5) / variance.squareRoot()
            p = min(1, max(0, 2 * NormalDistribution.upperTail(z)))
        }
    }

    /// The switch rule: exact when the pooled sample has no ties and neither sample has more than
    /// ``exactLimit`` values; exact given the ties when there are ties and the programme's work
    /// bound is within ``ExactTiedMannWhitney/costLimit``; else normal. `tieGroups` counts each
    /// distinct value's occurrences in the pooled sample.
    public static func method(m: Int, n: Int, tieGroups: [Int]) -> Method {
        if tieGroups.count == m + n { return m <= exactLimit && n <= exactLimit ? .exact : .normal }
        return ExactTiedMannWhitney.cost(m: m, n: n, tieGroups: tieGroups) <= ExactTiedMannWhitney.costLimit ? .exactTies : .normal
    }

    /// The largest c with P(U ≤ c) ≤ `alpha` / 2 under the null hypothesis without ties, from the
    /// exact distribution (`method` `.exact`: the test's own, so interval and p-value agree) or the
    /// normal approximation with continuity correction (any other: an interval from the pairwise
    /// differences has no distribution given the ties); `nil` when even U = 0 is more likely than
    /// that (too few values to bound a confidence interval at this confidence).
    public static func criticalValue(m: Int, n: Int, alpha: Double, method: Method) -> Int? {
        let mn = Double(m) * Double(n)
        if method == .exact {
            let distribution = ExactMannWhitney(m: m, n: n)
            var c = -1
            while c + 1 <= m * n, distribution.atMost(c + 1) <= alpha / 2 { c += 1 }
            return c >= 0 ? c : nil
        }
        let sigma = (mn * Double(m + n + 1) / 12).squareRoot()
        let c = Int((mn / 2 - 0.5 - NormalDistribution.upperQuantile(alpha / 2) * sigma).rounded(.down))
        return c >= 0 ? c : nil
    }
}
