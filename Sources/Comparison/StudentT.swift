#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's t and the χ² distribution with one degree of freedom, for the mean and share tests
/// (Docs/comparing-builds.md); the C math library behind one file, as ``NormalDistribution``.
enum StudentT {
    /// P(T > t) for `df` degrees of freedom (t ≥ 0 is accurate far out: no `1 − F`).
    static func upperTail(_ t: Double, df: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 0 : 1 }
        let x = df / (df + t * t)
        let tail = 0.5 * regularizedBeta(x, a: df / 2, b: 0.5)
        return t >= 0 ? tail : 1 - tail
    }

    /// The t with P(T > t) = `p`, 0 < p < 1: bisection on ``upperTail(_:df:)`` to the last bit.
    static func upperQuantile(_ p: Double, df: Double) -> Double {
        var low = -1e6
        var high = 1e6
        for _ in 0..<300 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if upperTail(middle, df: df) > p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The regularized incomplete beta function I_x(a, b), by its continued fraction (modified
    /// Lentz; Numerical Recipes 6.4), using the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the
    /// fraction converges slowly.
    static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x))
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return h
    }

    /// P(χ²₁ > x).
    static func chiSquaredOneUpperTail(_ x: Double) -> Double {
        x <= 0 ? 1 : erfc((x / 2).squareRoot())
    }

    /// log of the hypergeometric probability of `x` positives among `draws` drawn from `total`
    /// of which `positives` are positive.
    static func logHypergeometric(_ x: Int, total: Int, positives: Int, draws: Int) -> Double {
        logChoose(positives, x) + logChoose(total - positives, draws - x) - logChoose(total, draws)
    }

    static func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n) + 1) - lgamma(Double(k) + 1) - lgamma(Double(n - k) + 1)
    }
}
