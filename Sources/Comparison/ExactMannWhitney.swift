/// The exact null distribution of the Mann–Whitney U statistic for sample sizes `m` and `n`
/// without ties: the number of arrangements with U = u is the coefficient of qᵘ in the Gaussian
/// binomial [m+n choose m]_q = ∏ᵢ₌₁…ₘ (1 − qⁿ⁺ⁱ) / (1 − qⁱ) (Andrews, *The Theory of Partitions*,
/// 3.3), built one factor at a time; every partial product is itself a Gaussian binomial, so the
/// coefficients stay non-negative.
///
/// - Complexity: O(m × m·n) time, O(m·n) memory; used only up to ``MannWhitneyTest/exactLimit``.
struct ExactMannWhitney: Sendable {
    let m: Int
    let n: Int
    /// P(U ≤ u) for u = 0…m·n.
    private let cumulative: [Double]

    init(m: Int, n: Int) {
        self.m = m
        self.n = n
        let size = m * n + 1
        var counts = [Double](repeating: 0, count: size)
        counts[0] = 1
        let small = min(m, n)
        let large = max(m, n)
        for i in stride(from: 1, through: small, by: 1) {
            // Multiply by (1 − q^(large+i)), then divide by (1 − q^i).
            let up = large + i
            if up < size {
                for k in stride(from: size - 1, through: up, by: -1) { counts[k] -= counts[k - up] }
            }
            for k in i..<size { counts[k] += counts[k - i] }
        }
        let total = counts.reduce(0, +)
        var running = 0.0
        cumulative = counts.map { count in
            running += max(0, count) / total
            return min(1, running)
        }
    }

    /// P(U ≤ u) under the null hypothesis.
    func atMost(_ u: Int) -> Double {
        if u < 0 { return 0 }
        return u >= cumulative.count ? 1 : cumulative[u]
    }

    /// P(U ≥ u): the distribution is symmetric about m·n / 2.
    func atLeast(_ u: Int) -> Double { atMost(m * n - u) }
}
