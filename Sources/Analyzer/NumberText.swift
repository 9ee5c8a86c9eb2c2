import BarModel

/// `value` rounded to `digits` decimal places (half away from zero), to keep computed metrics free
/// of binary noise such as `0.05000000000000001` in reports and the database.
package func rounded(_ value: Double, _ digits: Int) -> Double {
    guard value.isFinite else { return value }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return (value * scale).rounded() / scale
}

/// `value` for a sentence: rounded to `digits` decimal places, with at least one digit after the
/// point (`86.0`, `0.05`, `82.5`).
package func decimalText(_ value: Double, digits: Int = 3) -> String {
    let number = rounded(value, digits)
    if number.isFinite, abs(number) < 1e15, number == number.rounded() {
        return String(Int64(number)) + ".0"
    }
    return number.description
}

/// Points for a sentence: always one decimal (`82.5`, `86.0`), as ANALYSIS.md's example message.
/// Details keep full precision; a tenth of a point is below what a user sees on screen.
package func pointsText(_ value: Double) -> String { decimalText(value, digits: 1) }

/// Seconds for a sentence or a report's time column: at most two decimals, at least one (`0.05`,
/// `2.3`, `4.12`), as ANALYSIS.md's example message. Frames are 8–17 ms apart, so a third
/// decimal is noise to a reader; details keep full precision.
///
/// When `limit` is given and the value exceeds it, more decimals are used if two would make the
/// two look equal (`0.104` against a tolerance of `0.1` s must not read "0.1 s (tolerance 0.1 s)").
package func secondsText(_ value: Double, exceeding limit: Double? = nil) -> String {
    if let limit, value > limit, rounded(value, 2) <= rounded(limit, 3) { return decimalText(value, digits: 3) }
    return decimalText(value, digits: 2)
}

/// A fraction as a percentage for a sentence, at most two decimals: `1%`, `0.5%`, `33.33%`.
package func percentText(_ fraction: Double) -> String {
    formatNumber(rounded(fraction * 100, 2)) + "%"
}

/// Seconds as milliseconds for a sentence, at most one decimal: `38`, `4.2`.
package func millisecondsText(_ seconds: Double) -> String {
    formatNumber(rounded(seconds * 1000, 1))
}
