extension JSONBytes {
    /// `value` as `String(value)` writes it, without making the string.
    mutating func appendInteger(_ value: Int) {
        write(atMost: 20) { start in
            if value < 0 { start.pointee = UInt8(ascii: "-") }
            let sign = value < 0 ? 1 : 0
            return sign + Self.writeDigits(of: value.magnitude, to: start + sign)
        }
    }

    /// A measured double as ``JSONValue/double(_:)`` writes it: `null` when not finite, `0.0` for
    /// zero of either sign, else the shortest round trip. Most of navrec's numbers are times and
    /// rates rounded to the microsecond: those are written from their whole count of microseconds,
    /// without `description`'s search for the shortest digits and its `String`.
    mutating func appendDouble(_ value: Double) {
        // Zero is most of a quiet session's metrics.
        if value == 0 {
            append("0.0")
        } else if let microseconds = Self.microseconds(value) {
            appendMicroseconds(microseconds)
        } else {
            append(contentsOf: JSONValue.double(value))
        }
    }

    /// `value`'s whole count of microseconds, when `value` is exactly that count divided by 10^6 (the
    /// double nearest it) and lies in [0.0001, 1000): there `description` writes the count's decimal
    /// digits with the point six places from the right and no trailing zero but one, as checked for
    /// every count in the range (Benchmarks/README.md, 2026-12-06). Below it `description` writes an
    /// exponent (`1e-05`); the range's top keeps that check short.
    static func microseconds(_ value: Double) -> Int? {
        // Rounded by adding a half and truncating (`rounded()` is a call to libm's `round` on
        // x86-64's baseline); a count rounded the wrong way fails the division's check.
        let scaled = value * 1e6 + 0.5
        guard scaled >= 100, scaled < 1e9 else { return nil }
        let count = Int(scaled)
        return Double(count) / 1e6 == value ? count : nil
    }

    /// `microseconds` / 10^6 in decimal: the whole seconds, the point, then the fraction's six
    /// digits without trailing zeros (`0` when it has none).
    mutating func appendMicroseconds(_ microseconds: Int) {
        var fraction = microseconds % 1_000_000
        var fractionDigits = 6
        if fraction == 0 {
            fractionDigits = 1
        } else {
            while fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
        }
        write(atMost: 20 + 1 + 6) { start in
            let whole = Self.writeDigits(of: UInt(microseconds / 1_000_000), to: start)
            start[whole] = UInt8(ascii: ".")
            var rest = fraction
            for index in stride(from: whole + fractionDigits, to: whole, by: -1) {
                start[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return whole + 1 + fractionDigits
        }
    }

    /// Writes `value`'s decimal digits at `start` and returns how many.
    private static func writeDigits(of value: UInt, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            start[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return digits
    }
}
