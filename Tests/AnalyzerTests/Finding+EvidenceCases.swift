import Analyzer

/// The evidence of the kinds production reads only through reports, for tests to check field by
/// field (flapping's is ``Finding/flapping``).
extension Finding {
    var jitter: JitterEvidence? {
        if case .jitter(let evidence) = evidence { evidence } else { nil }
    }

    var hitch: HitchEvidence? {
        if case .hitch(let evidence) = evidence { evidence } else { nil }
    }

    var titleComparison: TitleComparisonEvidence? {
        if case .titleComparison(let evidence) = evidence { evidence } else { nil }
    }
}
