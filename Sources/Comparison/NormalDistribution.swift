#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard normal distribution, for the Mann–Whitney normal approximation and its confidence
/// interval's critical value (the C math library behind one file).
enum NormalDistribution {
    /// P(Z > z): the upper tail, accurate far out (`erfc`, not `1 − Φ`).
    static func upperTail(_ z: Double) -> Double { 0.5 * erfc(z / 2.0.squareRoot()) }

    /// The z with P(Z > z) = `p`, 0 < p < 1: bisection on ``upperTail(_:)``, to the last bit
    /// (it runs once per comparison, so simplicity beats a rational approximation).
    static func upperQuantile(_ p: Double) -> Double {
        var low = -40.0
        var high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if upperTail(middle) > p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

