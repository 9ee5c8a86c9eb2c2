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
    return "\(number)"
}
