@testable import Comparison
import Testing

/// Van Elteren's p exact given each stratum's ties (``ExactVanElteren``) against closed forms,
/// brute-force enumeration of every split of every stratum and the classic exact distribution, and
/// the rule that picks it. `Integrations/check_compare_scipy.py` recomputes the same p-values with
/// exact fractions.
@Suite("van Elteren exact given the ties")
struct ExactVanElterenTests {
    static func zeros(_ count: Int) -> [Double] { Array(repeating: 0, count: count) }

    @Test("one head session above 0 in one stratum of four, 15 a side: p is 1 (the normal approximation said 0.317)")
    func oneAboveZero() {
        let test = StratifiedRankTest(strata: [(Self.zeros(15), Self.zeros(14) + [1])] + Array(repeating: (Self.zeros(15), Self.zeros(15)), count: 3))
        #expect(test.method == .vanElterenExact)
        #expect(abs(test.p - 1) < 1e-12)
        #expect(abs(test.z - 1) < 1e-12, "z is still reported: the approximation's p for it is 0.31731050786291415")
    }

    @Test("four head sessions above 0 in three strata of four: 2 · (15·14 / 30·29) · ½ · ½ = 7/58 (the normal approximation said 0.0437)")
    func fourAboveZero() {
        let test = StratifiedRankTest(strata: [
            (Self.zeros(15), Self.zeros(13) + [1, 2]), (Self.zeros(15), Self.zeros(14) + [1]),
            (Self.zeros(15), Self.zeros(15)), (Self.zeros(15), Self.zeros(14) + [3]),
        ])
        #expect(test.method == .vanElterenExact)
        // check_compare_scipy.py's van_elteren_exact_p: 0.1206896551724138; van_elteren (normal): 0.04370825309927345.
        #expect(abs(test.p - 7.0 / 58) < 1e-12)
    }

    /// Every split of every stratum: the statistic Σ (U_s − m_s·n_s/2) / (N_s + 1) of each
    /// combination, its tails at the observed value (within 1e-9), doubled.
    static func bruteForce(_ strata: [(base: [Double], head: [Double])]) -> Double {
        var statistics: [(value: Double, count: Int)] = [(0, 1)]
        var observed = 0.0
        for (base, head) in strata {
            let pooled = base + head
            let weight = 1 / Double(pooled.count + 1)
            func u(_ chosen: [Int]) -> Double {
                let inHead = Set(chosen)
                let x = pooled.indices.filter { !inHead.contains($0) }.map { pooled[$0] }
                return chosen.reduce(0.0) { sum, index in sum + x.reduce(0.0) { $0 + (pooled[index] > $1 ? 1 : pooled[index] == $1 ? 0.5 : 0) } }
            }
            var values: [Double] = []
            func visit(_ start: Int, _ chosen: [Int]) {
                if chosen.count == head.count { values.append(u(chosen)); return }
                guard start < pooled.count else { return }
                for index in start..<pooled.count { visit(index + 1, chosen + [index]) }
            }
            visit(0, [])
            let center = Double(base.count * head.count) / 2
            statistics = statistics.flatMap { s in values.map { (s.value + weight * ($0 - center), s.count) } }
            observed += weight * (RankSum(base: base.sorted(), head: head.sorted()).u - center)
        }
        let total = statistics.reduce(0) { $0 + $1.count }
        let atMost = statistics.filter { $0.value <= observed + 1e-9 }.reduce(0) { $0 + $1.count }
        let atLeast = statistics.filter { $0.value >= observed - 1e-9 }.reduce(0) { $0 + $1.count }
        return min(1, 2 * Double(min(atMost, atLeast)) / Double(total))
    }

    @Test("random tied strata (2 or 3 of up to 4 a side): brute-force enumeration of every split of every stratum", arguments: 1...4)
    func bruteForceAgrees(seed: UInt64) {
        let next = StatisticsTests.generator(seed + 100)
        for _ in 0..<10 {
            let strata = (0..<(2 + Int(next() * 2))).map { _ in
                let m = 1 + Int(next() * 4), n = 1 + Int(next() * 4)
                return (base: (0..<m).map { _ in (next() * 3).rounded(.down) }.sorted(), head: (0..<n).map { _ in (next() * 4).rounded(.down) }.sorted())
            }
            let test = StratifiedRankTest(strata: strata)
            #expect(test.method == .vanElterenExact)
            #expect(abs(test.p - Self.bruteForce(strata)) < 1e-12, "\(strata)")
        }
    }

    /// Stratum `index` of 4 distinct values a side, the head's shifted by 0.35.
    static func spread(_ index: Int) -> (base: [Double], head: [Double]) {
        let base = (0..<4).map { Double($0 * 2 + index) / 10 }
        return (base, base.map { $0 + 0.35 })
    }

    @Test("the rule's boundary: three strata of 4 distinct values a side are exact (the classic distributions convolved), four are the normal approximation")
    func boundaryOfTheRule() {
        let strata = (0..<4).map(Self.spread)
        let three = StratifiedRankTest(strata: Array(strata[0..<3]))
        #expect(three.method == .vanElterenExact)
        // Every stratum has N = 8, so the statistic is U₁ + U₂ + U₃ up to a factor: its
        // distribution is the classic one of 4 and 4 convolved with itself twice.
        let classic = ExactMannWhitney(m: 4, n: 4)
        let mass = (0...16).map { classic.atMost($0) - classic.atMost($0 - 1) }
        var sum = [1.0]
        for _ in 0..<3 {
            var next = [Double](repeating: 0, count: sum.count + 16)
            for (a, p) in sum.enumerated() { for (b, q) in mass.enumerated() { next[a + b] += p * q } }
            sum = next
        }
        let observed = Int(strata[0..<3].reduce(0.0) { $0 + RankSum(base: $1.base, head: $1.head).u }.rounded())
        let atMost = sum[...observed].reduce(0, +), atLeast = sum[observed...].reduce(0, +)
        #expect(abs(three.p - min(1, 2 * min(atMost, atLeast))) < 1e-12)
        // 17 values of U a stratum: 17 + 17² + 17³ = 5,219 pairs for three, 17⁴ more for a fourth,
        // past the convolution's limit.
        let four = StratifiedRankTest(strata: strata)
        #expect(four.method == .vanElteren)
        #expect(abs(four.p - 2 * NormalDistribution.upperTail(abs(four.z))) < 1e-15)
    }
}
