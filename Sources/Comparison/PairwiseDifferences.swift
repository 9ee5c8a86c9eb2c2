/// The m·n differences `head[j] − base[i]` of two sorted samples, ranked without forming them:
/// counting the differences at or below a value takes one merge-like walk (the set of `i` with
/// `head[j] − base[i] ≤ d` is a suffix whose start only moves right as `j` grows), and the k-th
/// smallest is found by bisection on the value, snapped to an actual difference (Monahan 1984
/// does the same selection with a random pivot; bisection is simpler and as exact).
///
/// - Complexity: O((m + n) × b) for the k-th difference, b ≤ ~70 bisection steps on doubles.
struct PairwiseDifferences: Sendable {
    let base: [Double]
    let head: [Double]

    var count: Int { base.count * head.count }

    /// The number of differences ≤ `d`.
    func countAtMost(_ d: Double) -> Int {
        var total = 0
        var start = 0
        for y in head {
            while start < base.count, y - base[start] > d { start += 1 }
            total += base.count - start
        }
        return total
    }

    /// The smallest difference > `d`, `nil` when none is.
    func smallestAbove(_ d: Double) -> Double? {
        var best: Double?
        var start = 0
        // For each y the smallest difference above d is at the largest i with y - base[i] > d.
        for y in head {
            while start < base.count, y - base[start] > d { start += 1 }
            if start > 0 {
                let candidate = y - base[start - 1]
                if best.map({ candidate < $0 }) ?? true { best = candidate }
            }
        }
        return best
    }

    /// The k-th smallest difference, 1 ≤ k ≤ ``count``.
    func kth(_ k: Int) -> Double {
        precondition(k >= 1 && k <= count, "rank out of range")
        var low = base.count > 0 && head.count > 0 ? head[0] - base[base.count - 1] : 0
        var high = head[head.count - 1] - base[0]
        // count(≤ low − tiny) < k ≤ count(≤ high); start below the minimum.
        low = low.nextDown
        while true {
            guard let next = smallestAbove(low) else { return high }
            // Every difference in (low, next) is absent, so `next` is the k-th when it reaches k.
            if countAtMost(next) >= k { return next }
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high {
                return next
            }
            if countAtMost(middle) >= k { high = middle } else { low = middle }
        }
    }
}
