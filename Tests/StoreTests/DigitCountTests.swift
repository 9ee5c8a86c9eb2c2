@testable import Store
import Testing

/// `DigitColumn.digits` counts digits from the bit length: checked against the decimal text at
/// every power of ten and its neighbours, every power of two and the extremes.
@Suite("Digit counts")
struct DigitCountTests {
    @Test("the length of the decimal text, at every boundary")
    func digits() {
        var values: [UInt64] = [0, 1, 2, 9, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0..<20 {
            values += [power - 1, power, power + 1]
            if power <= UInt64.max / 10 { power *= 10 } else { break }
        }
        for shift in 0..<64 {
            let two = UInt64(1) << UInt64(shift)
            values += [two - 1, two, two + 1]
        }
        for value in values {
            #expect(DigitColumn.digits(value) == String(value).count, "\(value)")
        }
    }
}
