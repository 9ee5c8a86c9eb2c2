/// The exact two-sided p-value of the Mann–Whitney U statistic given the pooled sample's ties:
/// the permutation (conditional) distribution, in which every split of the pooled values into a
/// sample of m and one of n is equally likely (Lehmann, *Nonparametrics*, 1.4). SciPy's
/// `permutation_test(…, permutation_type="independent", n_resamples=np.inf)` of U enumerates the
/// same splits one by one.
///
/// A dynamic programme over the tie groups in ascending order of value: choosing c of a group of
/// t values for the smaller sample (size k, the other o) can happen in C(t, c) ways, and each of
/// the c adds the other sample's values below the group plus half of its t − c tied ones to U.
/// The state after some groups is (j values chosen so far, 2U so far: an integer). Mostly-zero
/// samples have few groups and few states, whatever their size; samples without ties have the
/// most, and use ``ExactMannWhitney`` instead.
enum ExactTiedMannWhitney {
    /// The most work ``cost(m:n:tieGroups:)`` allows: at most about 30 M instructions of a release
    /// build (near it, samples with one tied pair; mostly-zero samples cost far less than their bound).
    static let costLimit = 500_000.0

    /// An upper bound on the programme's work: its accumulator (2·k·o + 1 values of 2U) plus, per
    /// tie group, the states it starts from times its choices (min(t, k) + 1). The states before a
    /// group are at most the product of the earlier groups' choices and at most the reachable
    /// (j, 2U) pairs: Σ_j (2·j·(T − j) + 1) over the feasible j, T the values before the group.
    static func cost(m: Int, n: Int, tieGroups: [Int]) -> Double {
        let k = Double(min(m, n))
        let o = Double(max(m, n))
        var cost = 2 * k * o + 1
        var states = 1.0
        var before = 0.0
        for size in tieGroups {
            if cost > costLimit { return cost }
            let t = Double(size)
            let choices = min(t, k) + 1
            cost += min(states, reachable(before: before, k: k, o: o)) * choices
            states = min(states * choices, costLimit + 1)
            before += t
        }
        return cost
    }

    /// Σ (2·j·(T − j) + 1) for j from max(0, T − o) to min(k, T): the (j, 2U) pairs there can be
    /// after T values, in closed form.
    private static func reachable(before t: Double, k: Double, o: Double) -> Double {
        let low = max(0, t - o)
        let high = min(k, t)
        guard high >= low else { return 0 }
        func sum(_ x: Double) -> Double { x * (x + 1) / 2 }
        func squares(_ x: Double) -> Double { x * (x + 1) * (2 * x + 1) / 6 }
        let linear = sum(high) - sum(low - 1)
        let quadratic = squares(high) - squares(low - 1)
        return 2 * t * linear - 2 * quadratic + (high - low + 1)
    }

    /// The two-sided p-value of the head's `u` (SciPy's definition for exact tests: twice the
    /// smaller of P(U ≤ u) and P(U ≥ u), at most 1) and the smallest these ties allow (at U's
    /// extremes: the head holding the largest or the smallest values). `tieGroups` as ``RankSum`` gives them.
    static func p(m: Int, n: Int, u: Double, tieGroups: [Int]) -> (p: Double, smallest: Double) {
        let distribution = distribution(m: m, n: n, tieGroups: tieGroups)
        return (twoSided(distribution, observed: Int((2 * u).rounded())), smallest(distribution))
    }

    /// The two-sided p-value at the distribution's smallest or largest value, whichever is smaller.
    static func smallest(_ distribution: (values: [Int], weights: [Double])) -> Double {
        guard let low = distribution.values.min(), let high = distribution.values.max() else { return 1 }
        return min(twoSided(distribution, observed: low), twoSided(distribution, observed: high))
    }

    /// min(1, 2 · min(P(X ≤ observed), P(X ≥ observed))) of a distribution given as values and
    /// their weights (in any order, summing to anything positive).
    static func twoSided(_ distribution: (values: [Int], weights: [Double]), observed: Int) -> Double {
        var atMost = 0.0
        var atLeast = 0.0
        var total = 0.0
        for (value, weight) in zip(distribution.values, distribution.weights) {
            total += weight
            if value <= observed { atMost += weight }
            if value >= observed { atLeast += weight }
        }
        return min(1, 2 * min(atMost, atLeast) / total)
    }

    /// The null distribution of the head's 2U given the ties: each value 2U can take (in no
    /// particular order) with a weight proportional to its number of splits.
    static func distribution(m: Int, n: Int, tieGroups: [Int]) -> (values: [Int], weights: [Double]) {
        // The smaller sample is chosen; the head's 2U is 2·m·n minus the base's.
        let k = min(m, n)
        let o = max(m, n)
        // The reached values of 2U and their weights, those with j chosen at first[j]..<first[j + 1].
        var values = [0]
        var weights = [1.0]
        var first = [0] + Array(repeating: 1, count: k + 1)
        var accumulator = [Double](repeating: 0, count: 2 * k * o + 1)
        var touched: [Int] = []
        var before = 0
        for t in tieGroups {
            let ways = binomialRow(t, upTo: min(t, k))
            // At most the states times the choices, and at most the reachable pairs.
            let bound = Int(min(Double(values.count * (min(t, k) + 1)), reachable(before: Double(before + t), k: Double(k), o: Double(o))))
            var nextValues: [Int] = []
            var nextWeights: [Double] = []
            nextValues.reserveCapacity(bound)
            nextWeights.reserveCapacity(bound)
            var nextFirst = [Int](repeating: 0, count: k + 2)
            var total = 0.0
            let after = before + t
            // j' chosen after the group: feasible when the other sample can hold the rest (after − j' ≤ o).
            let feasible = max(0, after - o)...min(k, after)
            for chosen in 0...k {
                nextFirst[chosen] = nextValues.count
                guard feasible.contains(chosen) else { continue }
                for c in 0...min(t, chosen) {
                    let j = chosen - c
                    let step = c * (2 * (before - j) + t - c)
                    let factor = ways[c]
                    for index in first[j]..<first[j + 1] {
                        let target = values[index] + step
                        if accumulator[target] == 0 { touched.append(target) }
                        accumulator[target] += weights[index] * factor
                    }
                }
                for target in touched where accumulator[target] > 0 {
                    nextValues.append(target)
                    nextWeights.append(accumulator[target])
                    total += accumulator[target]
                    accumulator[target] = 0
                }
                touched.removeAll(keepingCapacity: true)
            }
            nextFirst[k + 1] = nextValues.count
            // Rescaled so the weights neither overflow nor underflow over many groups.
            if total > 0 { for index in nextWeights.indices { nextWeights[index] /= total } }
            values = nextValues
            weights = nextWeights
            first = nextFirst
            before = after
        }
        let finals = first[k]..<first[k + 1]
        let twiceMN = 2 * m * n
        let chosen = Array(values[finals])
        return (n <= m ? chosen : chosen.map { twiceMN - $0 }, Array(weights[finals]))
    }

    /// C(t, c) for c = 0…`last`, divided by C(t, ⌊t/2⌋) so that none overflows: from the middle
    /// outwards by the ratios of neighbours.
    private static func binomialRow(_ t: Int, upTo last: Int) -> [Double] {
        let middle = t / 2
        var row = [Double](repeating: 0, count: max(last, middle) + 1)
        row[middle] = 1
        if middle > 0 {
            for c in stride(from: middle, to: 0, by: -1) { row[c - 1] = row[c] * Double(c) / Double(t - c + 1) }
        }
        if middle < last {
            for c in middle..<last { row[c + 1] = row[c] * Double(t - c) / Double(c + 1) }
        }
        return Array(row[0...last])
    }
}
