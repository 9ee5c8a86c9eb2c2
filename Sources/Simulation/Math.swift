#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The C math library behind one file, so the rest of the simulator needs no platform import.
///
/// The simulator rounds what it emits (t to microseconds, y to millipoints), so a last-bit
/// difference between platforms' `libm` does not change the bytes `navrec simulate` writes.
enum Math {
    /// `x` raised to `y`.
    static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
    /// The natural logarithm.
    static func ln(_ x: Double) -> Double { log(x) }
    /// `e` raised to `x`.
    static func exponential(_ x: Double) -> Double { exp(x) }
    /// The sine of `x` radians.
    static func sine(_ x: Double) -> Double { sin(x) }

    /// `value` rounded to a multiple of `1 / scale` (e.g. `scale` 1e6 for microseconds).
    static func round(_ value: Double, scale: Double) -> Double {
        (value * scale).rounded() / scale
    }
}
