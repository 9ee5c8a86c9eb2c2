/// The two-sided Mann–Whitney U test of two independent samples (Docs/comparing-builds.md).
///
/// `u` counts the pairs in which the head value is the larger (ties count half), as SciPy's
/// `mannwhitneyu(head, base)` reports it. The p-value is exact when neither sample has more than
/// ``exactLimit`` values and no value occurs twice in the pooled sample; otherwise it is the
/// normal approximation with the tie correction of the variance and a continuity correction of
/// ½ (SciPy's `method="asymptotic"`, `use_continuity=True`). When every value is tied the test
/// has no information and p is 1.
public struct MannWhitneyTest: Sendable, Hashable {
    /// How the p-value was computed.
    public enum Method: String, Sendable, Hashable {
        case exact
        case normal
        /// Several strata: ``StratifiedRankTest`` (normal approximation).
        case vanElteren = "van-elteren"
    }

    /// Samples up to this size (each) without ties get the exact distribution.
    public static let exactLimit = 50

    public let u: Double
    public let p: Double
    public let method: Method
    /// Σ (t³ − t) over the pooled sample's tie groups (for the variance; 0 without ties).
    public let tieTerm: Double

    /// Tests `head` against `base`; both must be sorted ascending and non-empty.
    public init(base: [Double], head: [Double]) {
        let m = base.count
        let n = head.count
        precondition(m > 0 && n > 0, "both samples need values")
        // One merge of the sorted samples gives the head's rank sum and the tie groups.
        var i = 0
        var j = 0
        var rank = 0.0
        var headRanks = 0.0
        var tieTerm = 0.0
        while i < m || j < n {
            let value = i < m && (j >= n || base[i] <= head[j]) ? base[i] : head[j]
            var inBase = 0
            var inHead = 0
            while i < m, base[i] == value { inBase += 1; i += 1 }
            while j < n, head[j] == value { inHead += 1; j += 1 }
            let size = Double(inBase + inHead)
            let average = rank + (size + 1) / 2
            headRanks += Double(inHead) * average
            rank += size
            if size > 1 { tieTerm += size * size * size - size }
        }
        let mn = Double(m) * Double(n)
        let u = headRanks - Double(n) * Double(n + 1) / 2
        self.u = u
        self.tieTerm = tieTerm
        let total = Double(m + n)
        if Self.method(m: m, n: n, ties: tieTerm > 0) == .exact {
            let distribution = ExactMannWhitney(m: m, n: n)
            let larger = Int(max(u, mn - u).rounded())
            p = min(1, 2 * distribution.atLeast(larger))
            method = .exact
            return
        }
        method = .normal
        let variance = mn / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else {
            p = 1
            return
        }
        let z = (max(u, mn - u) - mn / 2 - 0.5) / variance.squareRoot()
        p = min(1, max(0, 2 * NormalDistribution.upperTail(z)))
    }

    /// The switch rule: exact when neither sample has more than ``exactLimit`` values and the
    /// pooled sample has no ties.
    public static func method(m: Int, n: Int, ties: Bool) -> Method {
        !ties && m <= exactLimit && n <= exactLimit ? .exact : .normal
    }

    /// The largest c with P(U ≤ c) ≤ `alpha` / 2 under the null hypothesis without ties, from the
    /// exact distribution or the normal approximation with continuity correction (as `method`
    /// says: the test's own, so interval and p-value agree); `nil` when even U = 0 is more likely
    /// than that (too few values to bound a confidence interval at this confidence).
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
