/// Van Elteren's stratified Wilcoxon–Mann–Whitney test (van Elteren 1960; Lehmann,
/// *Nonparametrics*, 3.3): in each stratum the head's U and its null mean and tie-corrected
/// variance, summed with weights 1 / (N_s + 1), so every stratum counts about as much as its
/// information and a mix of strata that differs between the sides cannot fake a shift. Two-sided:
/// exact given each stratum's ties where that is cheap (``ExactVanElteren``: mostly-zero strata,
/// where the normal approximation's p is far too small), else the normal approximation without
/// continuity correction. With one stratum ``MannWhitneyTest`` is used instead.
///
/// The shift reported with it is the Hodges–Lehmann shift of each stratum, weighted by the
/// stratum's share of the sessions; it has no distribution-free interval.
public struct StratifiedRankTest: Sendable, Hashable {
    /// The statistic over its null standard deviation (0 when every stratum's values are all alike).
    public let z: Double
    public let p: Double
    /// `.vanElterenExact` or `.vanElteren` (the normal approximation).
    public let method: MannWhitneyTest.Method
    public let shift: Double

    /// `strata`: each side sorted ascending and non-empty.
    public init(strata: [(base: [Double], head: [Double])]) {
        var statistic = 0.0
        var variance = 0.0
        var shift = 0.0
        let total = Double(strata.reduce(0) { $0 + $1.base.count + $1.head.count })
        var ranks: [RankSum] = []
        for stratum in strata {
            let stratumRanks = RankSum(base: stratum.base, head: stratum.head)
            ranks.append(stratumRanks)
            let m = Double(stratum.base.count), n = Double(stratum.head.count), size = m + n
            let weight = 1 / (size + 1)
            statistic += weight * (stratumRanks.u - m * n / 2)
            variance += weight * weight * m * n / 12 * ((size + 1) - stratumRanks.tieTerm / (size * (size - 1)))
            // The shift alone (its interval is not reported across strata): any method gives it.
            let estimate = ShiftEstimate(base: stratum.base, head: stratum.head, confidence: 0.5, method: .normal)
            shift += size / total * estimate.shift
        }
        self.shift = shift
        z = variance > 0 ? statistic / variance.squareRoot() : 0
        if let exact = ExactVanElteren.p(ranks) {
            p = exact
            method = .vanElterenExact
        } else {
            p = variance > 0 ? min(1, 2 * NormalDistribution.upperTail(abs(z))) : 1
            method = .vanElteren
        }
    }
}
