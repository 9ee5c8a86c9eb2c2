/// The exact two-sided p-value of van Elteren's statistic Σ_s (U_s − m_s·n_s/2) / (N_s + 1) given
/// each stratum's ties: the strata's sessions are split independently, each stratum's U has the
/// distribution ``ExactTiedMannWhitney`` gives, and the statistic's distribution is their weighted
/// convolution. The weights 1 / (N_s + 1) differ between strata, so the sum has no common step:
/// it is kept exact as an integer, 2U_s · L / (N_s + 1) with L the least common multiple of the
/// N_s + 1, and its support is up to the product of the strata's. That is small where the normal
/// approximation fails — mostly-zero strata, each with a few distinct values of U — and huge where
/// the values are spread, which the approximation handles.
enum ExactVanElteren {
    /// The most pairs the convolution may merge: Σ over the strata of the product of the numbers
    /// of values of U so far (an upper bound: equal sums merge), about 20 ms of a debug build.
    static let convolutionLimit = 20_000.0

    /// The p-value (twice the smaller tail, at most 1), or `nil` where it is not cheap: the strata's
    /// programmes together past ``ExactTiedMannWhitney/costLimit``, the convolution past
    /// ``convolutionLimit``, or the integer scale past 64 bits. Decided before any convolution.
    static func p(_ strata: [RankSum]) -> Double? {
        var programmes = 0.0
        var scale = 1
        var largest = 0
        for stratum in strata {
            programmes += ExactTiedMannWhitney.cost(m: stratum.m, n: stratum.n, tieGroups: stratum.tieGroups)
            if programmes > ExactTiedMannWhitney.costLimit { return nil }
            guard let multiple = leastCommonMultiple(scale, stratum.m + stratum.n + 1) else { return nil }
            scale = multiple
        }
        for stratum in strata {
            let (step, overflow) = (2 * stratum.m * stratum.n).multipliedReportingOverflow(by: scale / (stratum.m + stratum.n + 1))
            guard !overflow, largest <= Int.max - step else { return nil }
            largest += step
        }
        let distributions = strata.map { ExactTiedMannWhitney.distribution(m: $0.m, n: $0.n, tieGroups: $0.tieGroups) }
        var work = 0.0
        var product = 1.0
        for distribution in distributions {
            product *= Double(distribution.values.count)
            work += product
            if work > convolutionLimit { return nil }
        }
        var values = [0]
        var weights = [1.0]
        var observed = 0
        for (stratum, distribution) in zip(strata, distributions) {
            let factor = scale / (stratum.m + stratum.n + 1)
            observed += Int((2 * stratum.u).rounded()) * factor
            var pairs: [(value: Int, weight: Double)] = []
            pairs.reserveCapacity(values.count * distribution.values.count)
            for (value, weight) in zip(values, weights) {
                for (twiceU, probability) in zip(distribution.values, distribution.weights) {
                    pairs.append((value + twiceU * factor, weight * probability))
                }
            }
            // Sorted, then equal values merged (the sort has no randomness, so the sums' order and
            // the p-value are the same on every run).
            pairs.sort { $0.value < $1.value }
            values = []
            weights = []
            var total = 0.0
            for pair in pairs {
                if pair.value == values.last {
                    weights[weights.count - 1] += pair.weight
                } else {
                    values.append(pair.value)
                    weights.append(pair.weight)
                }
                total += pair.weight
            }
            for index in weights.indices { weights[index] /= total }
        }
        return ExactTiedMannWhitney.twoSided((values, weights), observed: observed)
    }

    /// lcm(a, b), `nil` past 64 bits.
    private static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int? {
        var x = a
        var y = b
        while y != 0 { (x, y) = (y, x % y) }
        let (product, overflow) = (a / x).multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }
}
