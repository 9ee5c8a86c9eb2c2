@testable import Comparison
import Testing

/// Mann–Whitney's p-value exact given the ties (``ExactTiedMannWhitney``) against SciPy 1.17's
/// exact permutation test, closed forms and brute-force enumeration, and the rule that picks it.
/// SciPy values from Python 3 with scipy 1.17.1:
/// `permutation_test((head, base), lambda a, b, axis: mannwhitneyu(a, b, axis=axis).statistic,
/// permutation_type="independent", n_resamples=np.inf, vectorized=True).pvalue` and
/// `mannwhitneyu(head, base, method="asymptotic").pvalue`.
@Suite("Mann–Whitney exact given the ties")
struct ExactTiedMannWhitneyTests {
    static func zeros(_ count: Int) -> [Double] { Array(repeating: 0, count: count) }

    @Test("without ties the programme gives the classic exact distribution, for every U of 1…6 against 1…6 values")
    func noTiesIsClassic() {
        for m in 1...6 {
            for n in 1...6 {
                let classic = ExactMannWhitney(m: m, n: n)
                for u in 0...(m * n) {
                    let expected = min(1, 2 * classic.atLeast(max(u, m * n - u)))
                    let p = ExactTiedMannWhitney.p(m: m, n: n, u: Double(u), tieGroups: Array(repeating: 1, count: m + n)).p
                    #expect(abs(p - expected) < 1e-12, "m \(m) n \(n) u \(u)")
                }
            }
        }
        // SciPy: mannwhitneyu([2.5, 6.1, 7.3, 8.0, 9.4, 10.2], [1.1, 2.3, 3.2, 4.8, 5.0], method="exact") and permutation_test.
        let p = ExactTiedMannWhitney.p(m: 5, n: 6, u: 27, tieGroups: Array(repeating: 1, count: 11)).p
        #expect(abs(p - 0.030303030303030304) < 1e-12)
    }

    @Test("small tied samples: SciPy's exact permutation test")
    func smallTied() {
        let test = MannWhitneyTest(base: [0, 0, 0, 1, 1, 2, 3, 3], head: [0, 1, 1, 2, 3, 3, 4, 5, 5])
        #expect(test.method == .exactTies)
        #expect(test.u == 53)
        // The permutation test 0.11016042780748662; the normal approximation said 0.10527707371359568.
        #expect(abs(test.p - 0.11016042780748662) < 1e-12)
        let zeros = MannWhitneyTest(base: Self.zeros(8), head: Self.zeros(6) + [2.5, 4])
        #expect(zeros.method == .exactTies)
        // 2 · C(8, 2) / C(16, 2) = 7/15; permutation test 0.4666666666666667, the normal approximation 0.17090352023079747.
        #expect(abs(zeros.p - 7.0 / 15) < 1e-12)
    }

    @Test("heavy ties, 50 a side: the exact p where the normal approximation's is too small", arguments: [
        // (sessions above 0 in the head, 2 · C(50, k) / C(100, k) at most 1, SciPy's asymptotic p)
        (1, 1.0, 0.3270861186553847), (3, 8.0 / 33, 0.0822263940453022), (5, 0.05628449442882433, 0.023052079302832915),
    ])
    func heavyTies(above: Int, exact: Double, normal: Double) {
        let head = Self.zeros(50 - above) + (1...above).map(Double.init)
        let test = MannWhitneyTest(base: Self.zeros(50), head: head)
        #expect(test.method == .exactTies)
        #expect(abs(test.p - exact) < 1e-12, "normal approximation: \(normal)")
        // The same arrangement the other way round (the base holds the values above 0): the same p.
        let mirrored = MannWhitneyTest(base: head, head: Self.zeros(50))
        #expect(abs(mirrored.p - exact) < 1e-12)
        #expect(test.p > normal)
    }

    @Test("unequal sizes: 3 of 60 head sessions above 0 against 40 at 0 is 2 · C(97, 57) / C(100, 60)")
    func unequalSizes() {
        let test = MannWhitneyTest(base: Self.zeros(40), head: Self.zeros(57) + [1, 2, 3])
        #expect(test.method == .exactTies)
        // SciPy's asymptotic p: 0.15659464398699527.
        #expect(abs(test.p - 0.42325293753865184) < 1e-12)
    }

    @Test("all values equal: one tie group, p is 1, exactly")
    func allEqual() {
        let test = MannWhitneyTest(base: Self.zeros(7), head: Self.zeros(4))
        #expect(test.method == .exactTies)
        #expect(test.p == 1)
        #expect(RankSum(base: Self.zeros(7), head: Self.zeros(4)).tieGroups == [11])
    }

    /// Every split of the pooled values into m and n enumerated: the share with U at least as far
    /// out as the observed one, each side, doubled.
    static func bruteForce(base: [Double], head: [Double]) -> Double {
        let pooled = base + head
        let observed = RankSum(base: base, head: head).u
        var atMost = 0
        var atLeast = 0
        var total = 0
        func u(_ chosen: [Int]) -> Double {
            let inHead = Set(chosen)
            let y = chosen.map { pooled[$0] }
            let x = pooled.indices.filter { !inHead.contains($0) }.map { pooled[$0] }
            return y.reduce(0.0) { sum, value in sum + x.reduce(0.0) { $0 + (value > $1 ? 1 : value == $1 ? 0.5 : 0) } }
        }
        func visit(_ start: Int, _ chosen: [Int]) {
            if chosen.count == head.count {
                let value = u(chosen)
                total += 1
                if value <= observed { atMost += 1 }
                if value >= observed { atLeast += 1 }
                return
            }
            guard start < pooled.count else { return }
            for index in start..<pooled.count { visit(index + 1, chosen + [index]) }
        }
        visit(0, [])
        return min(1, 2 * Double(min(atMost, atLeast)) / Double(total))
    }

    @Test("random tied samples of up to 7 a side: brute-force enumeration of every split", arguments: 1...4)
    func bruteForceAgrees(seed: UInt64) {
        let next = StatisticsTests.generator(seed)
        for _ in 0..<25 {
            let m = 1 + Int(next() * 7), n = 1 + Int(next() * 7)
            let base = (0..<m).map { _ in (next() * 4).rounded(.down) }.sorted()
            let head = (0..<n).map { _ in (next() * 5).rounded(.down) / 2 }.sorted()
            let ranks = RankSum(base: base, head: head)
            let p = ExactTiedMannWhitney.p(m: m, n: n, u: ranks.u, tieGroups: ranks.tieGroups).p
            #expect(abs(p - Self.bruteForce(base: base, head: head)) < 1e-12, "\(base) \(head)")
        }
    }

    /// 60 a side, the base at 0 and the head d sessions above 0 (distinct values): 16 is the
    /// largest d within the cost limit.
    static func boundary(_ above: Int) -> (base: [Double], head: [Double]) {
        (zeros(60), zeros(60 - above) + (1...above).map(Double.init))
    }

    @Test("the rule's boundary: 16 distinct values above 0 at 60 a side is exact, 17 is the normal approximation")
    func boundaryOfTheRule() {
        let inside = Self.boundary(16), outside = Self.boundary(17)
        let insideCost = ExactTiedMannWhitney.cost(m: 60, n: 60, tieGroups: RankSum(base: inside.base, head: inside.head).tieGroups)
        let outsideCost = ExactTiedMannWhitney.cost(m: 60, n: 60, tieGroups: RankSum(base: outside.base, head: outside.head).tieGroups)
        #expect(insideCost <= ExactTiedMannWhitney.costLimit && outsideCost > ExactTiedMannWhitney.costLimit)
        let exact = MannWhitneyTest(base: inside.base, head: inside.head)
        #expect(exact.method == .exactTies)
        // Every value above 0 in the head: 2 · C(60, 16) / C(120, 16) (SciPy's asymptotic p: 2.0460080506182203e-05).
        #expect(abs(exact.p / 9.63845479327842e-06 - 1) < 1e-9)
        let normal = MannWhitneyTest(base: outside.base, head: outside.head)
        #expect(normal.method == .normal)
        #expect(abs(normal.p / 1.032026053393974e-05 - 1) < 1e-9)
    }

    @Test("Tarone's smallest p of an exact-ties test is its distribution's end, as testing the values rearranged gives; other methods leave it to the rearrangement")
    func smallestAttainable() throws {
        let base: [Double] = [0, 0, 0, 1, 1, 2, 3, 3], head: [Double] = [0, 1, 1, 2, 3, 3, 4, 5, 5]
        let smallest = try #require(MannWhitneyTest(base: base, head: head).minimumAttainableP)
        #expect(abs(smallest - BuildComparison.minimumAttainableP([(key: "", base: base, head: head)])) < 1e-15)
        // The head holding the 9 largest of 17 values (5, 5, 4, the four 3s and both 2s): one split
        // of C(17, 9) = 24,310, doubled (check_compare_scipy.py's exact_ties_min_p: 8.227067050596462e-05).
        #expect(abs(smallest - 2.0 / 24310) < 1e-15)
        // One value above 0 in 100: whichever side holds it, p is 1, so the test stays out of the correction.
        #expect(MannWhitneyTest(base: Self.zeros(50), head: Self.zeros(49) + [1]).minimumAttainableP == 1)
        #expect(MannWhitneyTest(base: [1.1, 2.3, 3.2], head: [2.5, 6.1]).minimumAttainableP == nil)
    }

    @Test("without ties the rule keeps the classic limit: exact up to 50 a side, normal above")
    func untiedRule() {
        #expect(MannWhitneyTest.method(m: 50, n: 50, tieGroups: Array(repeating: 1, count: 100)) == .exact)
        #expect(MannWhitneyTest.method(m: 51, n: 50, tieGroups: Array(repeating: 1, count: 101)) == .normal)
        // One tied pair: exact given the ties where that is cheap (10 a side), normal where not (51 and 50).
        #expect(MannWhitneyTest.method(m: 10, n: 10, tieGroups: [2] + Array(repeating: 1, count: 18)) == .exactTies)
        #expect(MannWhitneyTest.method(m: 51, n: 50, tieGroups: [2] + Array(repeating: 1, count: 99)) == .normal)
    }
}
