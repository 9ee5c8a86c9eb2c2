/// The m·n differences `head[j] − base[i]` of two sorted samples, ranked without forming them:
/// counting the differences at or below a value takes one merge-like walk (the set of `i` with
/// `head[j] − base[i] ≤ d` is a suffix whose start only moves right as `j` grows), and the k-th
/// smallest is found by bisection on the value, snapped to an actual difference (Monahan 1984
/// does the same selection with a random pivot; bisection is simpler and as exact).
///
/// - Complexity: O((m + n) × b) for the k-th difference, b ≤ ~130 walks (two per bisection step
///   on doubles).
struct PairwiseDifferences: Sendable {
    let base: [Double]
    let head: [Double]

    var count: Int { base.count * head.count }

    /// The number of differences ≤ `d`, and the smallest difference > `d` (`nil` when none is),
    /// in one walk.
    func walk(_ d: Double) -> (atMost: Int, smallestAbove: Double?) {
        base.withUnsafeBufferPointer { base in
            head.withUnsafeBufferPointer { head in
                var total = 0
                var start = 0
                var best = Double.infinity
                let m = base.count
                for y in head {
                    while start < m, y - base[start] > d { start += 1 }
                    total += m - start
                    // For this y the smallest difference above d is at the last i with y − base[i] > d.
                    if start > 0 { best = min(best, y - base[start - 1]) }
                }
                return (total, best.isFinite ? best : nil)
            }
        }
    }

    /// The k-th smallest difference, 1 ≤ k ≤ ``count``.
    func kth(_ k: Int) -> Double {
        precondition(k >= 1 && k <= count, "rank out of range")
        var low = base.count > 0 && head.count > 0 ? head[0] - base[base.count - 1] : 0
        var high = head[head.count - 1] - base[0]
        // count(≤ low − tiny) < k ≤ count(≤ high); start below the minimum.
        low = low.nextDown
        var next = walk(low).smallestAbove
        while let candidate = next {
            // No difference lies in (low, candidate), so it is the k-th once it reaches k.
            let atCandidate = walk(candidate)
            if atCandidate.atMost >= k { return candidate }
            // Everything up to the candidate is below the k-th: move past it, then halve the rest.
            low = candidate
            next = atCandidate.smallestAbove
            guard next.map({ $0 < high }) ?? false else { continue }
            let middle = low + (high - low) / 2
            guard middle > low, middle < high else { continue }
            let atMiddle = walk(middle)
            if atMiddle.atMost >= k {
                high = middle
            } else {
                low = middle
                next = atMiddle.smallestAbove
            }
        }
        return high
    }
}
