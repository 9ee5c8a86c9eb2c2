@testable import Comparison
import Testing

/// The statistics of `navrec compare` against values SciPy 1.17 computes for the same numbers
/// (`mannwhitneyu(head, base)`, `false_discovery_control`) and against brute force over all
/// pairwise differences. `Integrations/check_compare_scipy.py` repeats the SciPy comparison in CI
/// on the numbers `navrec compare --format json` dumps.
@Suite("Mann–Whitney U, Hodges–Lehmann and Benjamini–Hochberg")
struct StatisticsTests {
    @Test("the exact distribution of U for 3 and 3 values: 20 arrangements, symmetric")
    func exactSmall() {
        let distribution = ExactMannWhitney(m: 3, n: 3)
        #expect(abs(distribution.atMost(0) - 1.0 / 20) < 1e-15)
        #expect(abs(distribution.atMost(1) - 2.0 / 20) < 1e-15)
        #expect(abs(distribution.atMost(4) - 0.5) < 1e-15)
        #expect(abs(distribution.atLeast(9) - 1.0 / 20) < 1e-15)
        #expect(distribution.atMost(9) == 1)
    }

    @Test("exact p-value without ties matches SciPy's method='exact'")
    func exactMatchesSciPy() {
        let test = MannWhitneyTest(base: [1.1, 2.3, 3.2, 4.8, 5.0], head: [2.5, 6.1, 7.3, 8.0, 9.4, 10.2])
        #expect(test.method == .exact)
        #expect(test.u == 27)
        #expect(abs(test.p - 0.030303030303030304) < 1e-12)
    }

    @Test("with ties: the normal approximation with tie and continuity corrections matches SciPy's 'asymptotic'")
    func normalMatchesSciPy() {
        let base = Array(repeating: [0.0, 0, 0, 1, 1, 2, 3, 3, 3, 4], count: 6).flatMap { $0 }.sorted()
        let head = Array(repeating: [0.0, 1, 1, 2, 2, 3, 3, 4, 4, 5], count: 6).flatMap { $0 }.sorted()
        let test = MannWhitneyTest(base: base, head: head)
        #expect(test.method == .normal)
        #expect(test.u == 2322)
        #expect(abs(test.p - 0.005249182743675275) < 1e-9)
    }

    @Test("all values tied: no information, p is 1")
    func allTied() {
        let test = MannWhitneyTest(base: [0, 0, 0, 0, 0], head: [0, 0, 0, 0, 0, 0])
        #expect(test.p == 1)
    }

    @Test("the exact distribution of 50 and 50 values sums to 1 and agrees with the normal tail")
    func exactLarge() {
        let distribution = ExactMannWhitney(m: 50, n: 50)
        #expect(abs(distribution.atMost(2500) - 1) < 1e-12)
        #expect(abs(distribution.atMost(1249) + distribution.atLeast(1251) + (distribution.atMost(1250) - distribution.atMost(1249)) - 1) < 1e-12)
        // Normal approximation of P(U ≤ 1000): z = (1000.5 − 1250) / √(2500 · 101 / 12).
        let z = (1250 - 1000.5) / (2500.0 * 101 / 12).squareRoot()
        #expect(abs(distribution.atMost(1000) - NormalDistribution.upperTail(z)) < 1e-3)
    }

    static func generator(_ seed: UInt64) -> () -> Double {
        var state = seed
        return {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    static func bruteDifferences(_ base: [Double], _ head: [Double]) -> [Double] {
        head.flatMap { y in base.map { y - $0 } }.sorted()
    }

    @Test("the k-th pairwise difference and the Hodges–Lehmann shift equal brute force", arguments: [1, 2, 3, 4, 5])
    func kthMatchesBruteForce(seed: UInt64) {
        let next = Self.generator(seed)
        // Rounded values give ties among the differences, the hard case for the selection.
        let base = (0..<(7 + Int(seed) * 3)).map { _ in (next() * 20).rounded() / 2 }.sorted()
        let head = (0..<(11 + Int(seed))).map { _ in (next() * 20 + 3).rounded() / 2 }.sorted()
        let all = Self.bruteDifferences(base, head)
        let differences = PairwiseDifferences(base: base, head: head)
        for k in [1, 2, all.count / 3, all.count / 2, all.count / 2 + 1, all.count - 1, all.count] {
            #expect(differences.kth(k) == all[k - 1], "k = \(k)")
        }
        let method = MannWhitneyTest(base: base, head: head).method
        let estimate = ShiftEstimate(base: base, head: head, confidence: 0.99, method: method)
        let middle = all.count / 2
        #expect(estimate.shift == (all.count % 2 == 1 ? all[middle] : (all[middle - 1] + all[middle]) / 2))
        let c = MannWhitneyTest.criticalValue(m: base.count, n: head.count, alpha: 0.01, method: method)!
        #expect(estimate.low == all[c] && estimate.high == all[all.count - 1 - c])
    }

    @Test("the interval's critical value: exact for 5 and 5 at 99 % is 0 (P(U = 0) = 1/252), none for 4 and 4")
    func criticalValues() {
        #expect(MannWhitneyTest.criticalValue(m: 5, n: 5, alpha: 0.01, method: .exact) == 0)
        #expect(MannWhitneyTest.criticalValue(m: 4, n: 4, alpha: 0.01, method: .exact) == nil)
        // Normal: 60 and 60 at 95 %: ⌊1800 − 0.5 − 1.959964 · √(3600 · 121 / 12)⌋ = 1426.
        #expect(MannWhitneyTest.criticalValue(m: 60, n: 60, alpha: 0.05, method: .normal) == 1426)
    }

    @Test("Benjamini–Hochberg matches SciPy's false_discovery_control")
    func benjaminiHochberg() {
        let adjusted = BenjaminiHochberg.adjust([0.01, 0.04, 0.03, 0.2, 0.001])
        let expected = [0.025, 0.05, 0.05, 0.2, 0.005]
        for (a, b) in zip(adjusted, expected) { #expect(abs(a - b) < 1e-12) }
        #expect(BenjaminiHochberg.adjust([]).isEmpty)
    }

    @Test("the normal quantile inverts the tail")
    func quantile() {
        #expect(abs(NormalDistribution.upperQuantile(0.025) - 1.959963984540054) < 1e-9)
        #expect(abs(NormalDistribution.upperQuantile(0.005) - 2.5758293035489) < 1e-9)
    }

    @Test("Welch's t, its p-value, degrees of freedom and 99 % interval match SciPy's ttest_ind(equal_var=False)")
    func welch() throws {
        let test = try #require(MeanTest(strata: [(base: [1.1, 2.3, 3.2, 4.8, 5.0], head: [2.5, 6.1, 7.3, 8.0, 9.4, 10.2])], confidence: 0.99))
        #expect(abs(test.t - 2.952046850426091) < 1e-12)
        #expect(abs(test.p - 0.017566229916239337) < 1e-10)
        #expect(abs(test.degreesOfFreedom - 8.33225871361407) < 1e-10)
        #expect(abs(test.low - -0.49062461455995665) < 1e-8 && abs(test.high - 8.430624614559957) < 1e-8)
        #expect(MeanTest(strata: [(base: [1], head: [2, 3])], confidence: 0.99) == nil, "a spread needs two values a side")
    }

    @Test("Fisher's exact test matches SciPy's fisher_exact; Cochran–Mantel–Haenszel matches statsmodels")
    func shares() throws {
        let minority = try #require(ShareTest(strata: [(base: 40, basePositive: 0, head: 40, headPositive: 17)]))
        #expect(minority.method == .fisher)
        #expect(abs(minority.p - 1.7485974319037272e-06) / 1.7485974319037272e-06 < 1e-9)
        #expect(abs(minority.shift - 17.0 / 40) < 1e-15)
        let small = try #require(ShareTest(strata: [(base: 15, basePositive: 1, head: 15, headPositive: 3)]))
        #expect(abs(small.p - 0.5977011494252875) < 1e-12)
        #expect(small.minimumAttainableP > 0.01, "4 of 30 cannot reach 1 %: left out of the correction")
        let strata = try #require(ShareTest(strata: [(15, 1, 15, 5), (10, 2, 10, 4), (20, 3, 20, 7)]))
        #expect(strata.method == .cmh)
        // statsmodels' StratifiedTable(...).test_null_odds(correction=False); with the continuity
        // correction (the design before issue 35) 0.02942285219026841.
        #expect(abs(strata.p - 0.015531219025749943) < 1e-12)
        let corrected = try #require(ShareTest(continuity: true, strata: [(15, 1, 15, 5), (10, 2, 10, 4), (20, 3, 20, 7)]))
        #expect(abs(corrected.p - 0.02942285219026841) < 1e-12)
    }
}

