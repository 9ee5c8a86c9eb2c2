#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The difference of the means, head − base, within strata and combined (Docs/comparing-builds.md):
/// Δ = Σ w_s (ȳ_s − x̄_s), each stratum weighted by its share of the compared sessions
/// (w_s = N_s / N), with variance V = Σ w_s² (s²_y,s / n_s + s²_x,s / m_s), the Welch–Satterthwaite
/// degrees of freedom and Student's t: with one stratum, Welch's t-test (SciPy's
/// `ttest_ind(head, base, equal_var=False)`), its p-value and its confidence interval.
///
/// The mean sees what a median cannot: a change in a minority of sessions (17 of 40 flapping where
/// none did) moves the mean by its share times its size, while the median session stays at 0.
public struct MeanTest: Sendable, Hashable {
    public let shift: Double
    public let low: Double
    public let high: Double
    public let t: Double
    public let degreesOfFreedom: Double
    public let p: Double

    /// `strata` each with at least two values a side; `confidence` in (0, 1).
    public init?(strata: [(base: [Double], head: [Double])], confidence: Double) {
        let sizes = strata.map { Double($0.base.count + $0.head.count) }
        let total = sizes.reduce(0, +)
        guard !strata.isEmpty, strata.allSatisfy({ $0.base.count >= 2 && $0.head.count >= 2 }) else { return nil }
        var shift = 0.0
        var variance = 0.0
        var dfDenominator = 0.0
        for (stratum, size) in zip(strata, sizes) {
            let w = size / total
            let (meanX, varX) = Self.meanAndVariance(stratum.base)
            let (meanY, varY) = Self.meanAndVariance(stratum.head)
            let m = Double(stratum.base.count), n = Double(stratum.head.count)
            shift += w * (meanY - meanX)
            let termX = w * w * varX / m, termY = w * w * varY / n
            variance += termX + termY
            dfDenominator += termX * termX / (m - 1) + termY * termY / (n - 1)
        }
        self.shift = shift
        guard variance > 0 else {
            // Every stratum constant on both sides: the difference is known exactly.
            t = shift == 0 ? 0 : (shift > 0 ? .infinity : -.infinity)
            degreesOfFreedom = .infinity
            p = shift == 0 ? 1 : 0
            low = shift
            high = shift
            return
        }
        let se = variance.squareRoot()
        let df = variance * variance / dfDenominator
        degreesOfFreedom = df
        t = shift / se
        p = min(1, 2 * StudentT.upperTail(abs(shift / se), df: df))
        let q = StudentT.upperQuantile((1 - confidence) / 2, df: df)
        low = shift - q * se
        high = shift + q * se
    }

    /// The mean and the unbiased variance (two passes: no cancellation).
    static func meanAndVariance(_ values: [Double]) -> (Double, Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (mean, squares / Double(values.count - 1))
    }
}

/// The share of sessions with a value above 0 (a hitch, a flapping episode, a title disagreement),
/// head against base, within strata and combined (Docs/comparing-builds.md): with one stratum
/// Fisher's exact test (two-sided, SciPy's `fisher_exact`: the tables no likelier than the one
/// seen), with several the Cochran–Mantel–Haenszel test (statsmodels'
/// `StratifiedTable.test_null_odds(correction=False)`). The shift is the share difference within
/// strata, Σ w_s (share_head,s − share_base,s), weighted as ``MeanTest``.
///
/// No continuity correction across strata: with it, 6 of 60 head sessions with a title disagreement
/// against none in the base (4 strata) gave p ≈ 0.04, where the exact conditional one-sided
/// probability of so lopsided a split is 0.014; without it p ≈ 0.014, and the A/A and device-mix
/// simulations gave no more false verdicts (Docs/comparing-builds.md, "Measured").
public struct ShareTest: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case fisher
        case cmh
    }

    /// Pooled shares, for display.
    public let baseShare: Double
    public let headShare: Double
    /// Head − base within strata, as a fraction.
    public let shift: Double
    public let p: Double
    public let method: Method
    /// The smallest p-value the margins allow (1 when every session is above 0, or none is): the
    /// most lopsided tables (every session above 0 on one side) give it. Tarone's rule: a test that
    /// cannot reach the α asked stays out of the correction, where it would only cost the others power.
    public let minimumAttainableP: Double

    /// Per stratum: sessions and those above 0, each side; every stratum has sessions on both sides.
    public init?(continuity: Bool = false, strata: [(base: Int, basePositive: Int, head: Int, headPositive: Int)]) {
        guard !strata.isEmpty, strata.allSatisfy({ $0.base > 0 && $0.head > 0 }) else { return nil }
        let positives = strata.reduce(0) { $0 + $1.basePositive + $1.headPositive }
        let informative = positives > 0 && positives < strata.reduce(0) { $0 + $1.base + $1.head }
        let total = Double(strata.reduce(0) { $0 + $1.base + $1.head })
        baseShare = Double(strata.reduce(0) { $0 + $1.basePositive }) / Double(strata.reduce(0) { $0 + $1.base })
        headShare = Double(strata.reduce(0) { $0 + $1.headPositive }) / Double(strata.reduce(0) { $0 + $1.head })
        shift = strata.reduce(0) { sum, s in
            sum + Double(s.base + s.head) / total * (Double(s.headPositive) / Double(s.head) - Double(s.basePositive) / Double(s.base))
        }
        if strata.count == 1 {
            let s = strata[0]
            method = .fisher
            p = Self.fisher(headPositive: s.headPositive, head: s.head, positives: s.headPositive + s.basePositive, total: s.base + s.head)
        } else {
            method = .cmh
            p = Self.cmh(strata, continuity: continuity)
        }
        // The most lopsided tables: as many sessions above 0 on the head as the margins allow, or as few.
        let lopsided = [true, false].map { most in
            strata.map { s -> (base: Int, basePositive: Int, head: Int, headPositive: Int) in
                let k = s.basePositive + s.headPositive
                let x = most ? min(s.head, k) : max(0, k - s.base)
                return (s.base, k - x, s.head, x)
            }
        }
        minimumAttainableP = informative ? lopsided.map { tables in
            strata.count == 1
                ? Self.fisher(headPositive: tables[0].headPositive, head: tables[0].head, positives: tables[0].basePositive + tables[0].headPositive,
                              total: tables[0].base + tables[0].head)
                : Self.cmh(tables, continuity: continuity)
        }.min()! : 1
    }

    /// The Cochran–Mantel–Haenszel p-value; `continuity`: minus ½ from |Σ(a − E)| (at most all
    /// of it, as R's `mantelhaen.test`), the design before issue 35.
    static func cmh(_ strata: [(base: Int, basePositive: Int, head: Int, headPositive: Int)], continuity: Bool) -> Double {
        var observed = 0.0
        var expected = 0.0
        var variance = 0.0
        for s in strata {
            let n = Double(s.base + s.head), k = Double(s.basePositive + s.headPositive)
            guard n > 1 else { continue }
            observed += Double(s.headPositive)
            expected += Double(s.head) * k / n
            variance += Double(s.head) * Double(s.base) * k * (n - k) / (n * n * (n - 1))
        }
        guard variance > 0 else { return 1 }
        let deviation = max(0, abs(observed - expected) - (continuity ? 0.5 : 0))
        return min(1, StudentT.chiSquaredOneUpperTail(deviation * deviation / variance))
    }

    /// Two-sided Fisher exact p: the hypergeometric probability of every count of head positives
    /// no likelier than the one seen (within a relative 1e-7, as SciPy and R).
    static func fisher(headPositive: Int, head: Int, positives: Int, total: Int) -> Double {
        let lowest = max(0, head - (total - positives)), highest = min(head, positives)
        let seen = StudentT.logHypergeometric(headPositive, total: total, positives: positives, draws: head)
        var p = 0.0
        for x in lowest...highest {
            let log = StudentT.logHypergeometric(x, total: total, positives: positives, draws: head)
            if log <= seen + 1e-7 { p += exp(log) }
        }
        return min(1, p)
    }
}
