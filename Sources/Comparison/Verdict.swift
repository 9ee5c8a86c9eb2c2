/// What a comparison concludes about one metric of one group (Docs/comparing-builds.md).
public enum Verdict: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Head is worse: significant after the correction, and the shift is at least the minimum effect.
    case regressed
    /// Head is better, by the same rule.
    case improved
    /// The whole confidence interval of the shift lies within ± the minimum effect.
    case unchanged
    /// Neither: too few sessions, or not enough evidence either way.
    case inconclusive

    /// Reports list regressions first, then improvements, inconclusive and unchanged results.
    var rank: Int {
        switch self {
        case .regressed: 0
        case .improved: 1
        case .inconclusive: 2
        case .unchanged: 3
        }
    }

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
}
