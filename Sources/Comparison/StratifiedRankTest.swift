/// Van Elteren's stratified Wilcoxon–Mann–Whitney test (van Elteren 1960; Lehmann,
/// *Nonparametrics*, 3.3): in each stratum the head's U and its null mean and tie-corrected
/// variance, summed with weights 1 / (N_s + 1), so every stratum counts about as much as its
/// information and a mix of strata that differs between the sides cannot fake a shift. Two-sided,
/// normal approximation without continuity correction. With one stratum ``MannWhitneyTest`` is
/// used instead (exact where it can be). The exact distribution given each stratum's ties is a
/// convolution of the strata's (``ExactTiedMannWhitney``), cheap for mostly-zero strata; it is not
/// used because it moves the statistics suite's targets (Docs/comparing-builds.md says which).
///
/// The shift reported with it is the Hodges–Lehmann shift of each stratum, weighted by the
/// stratum's share of the sessions; it has no distribution-free interval.
public struct StratifiedRankTest: Sendable, Hashable {
    public let z: Double
    public let p: Double
    public let shift: Double

    /// `strata`: each side sorted ascending and non-empty.
    public init(strata: [(base: [Double], head: [Double])]) {
        var statistic = 0.0
        var variance = 0.0
        var shift = 0.0
        let total = Double(strata.reduce(0) { $0 + $1.base.count + $1.head.count })
        for stratum in strata {
            let ranks = RankSum(base: stratum.base, head: stratum.head)
            let m = Double(stratum.base.count), n = Double(stratum.head.count), size = m + n
            let weight = 1 / (size + 1)
            statistic += weight * (ranks.u - m * n / 2)
            variance += weight * weight * m * n / 12 * ((size + 1) - ranks.tieTerm / (size * (size - 1)))
            // The shift alone (its interval is not reported across strata): any method gives it.
            let estimate = ShiftEstimate(base: stratum.base, head: stratum.head, confidence: 0.5, method: .normal)
            shift += size / total * estimate.shift
        }
        self.shift = shift
        guard variance > 0 else {
            z = 0
            p = 1
            return
        }
        z = statistic / variance.squareRoot()
        p = min(1, 2 * NormalDistribution.upperTail(abs(z)))
    }
}
