/// One merge of two sorted samples: the head's Mann–Whitney U against the base (a tie counts
/// half) and the pooled sample's tie groups, from which the tests take the variance's tie
/// correction and the exact distribution given the ties.
struct RankSum: Sendable, Hashable {
    let m: Int
    let n: Int
    /// The pairs in which the head value is the larger (ties count half): SciPy's `mannwhitneyu(head, base)`.
    let u: Double
    /// How many pooled values equal each distinct value, in ascending order of the values.
    let tieGroups: [Int]
    /// Σ (t³ − t) over the tie groups (0 without ties).
    let tieTerm: Double

    /// `base` and `head` sorted ascending and non-empty.
    init(base: [Double], head: [Double]) {
        m = base.count
        n = head.count
        precondition(m > 0 && n > 0, "both samples need values")
        var i = 0
        var j = 0
        var rank = 0.0
        var headRanks = 0.0
        var tieTerm = 0.0
        var groups: [Int] = []
        while i < m || j < n {
            let value = i < m && (j >= n || base[i] <= head[j]) ? base[i] : head[j]
            var inBase = 0
            var inHead = 0
            while i < m, base[i] == value { inBase += 1; i += 1 }
            while j < n, head[j] == value { inHead += 1; j += 1 }
            groups.append(inBase + inHead)
            let size = Double(inBase + inHead)
            let average = rank + (size + 1) / 2
            headRanks += Double(inHead) * average
            rank += size
            if size > 1 { tieTerm += size * size * size - size }
        }
        u = headRanks - Double(n) * Double(n + 1) / 2
        tieGroups = groups
        self.tieTerm = tieTerm
    }
}
