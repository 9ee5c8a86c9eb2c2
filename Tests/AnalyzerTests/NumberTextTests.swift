import Analyzer
import Testing

@Suite("numbers in messages")
struct NumberTextTests {
    @Test("points always have one decimal", arguments: [
        (82.5, "82.5"), (86, "86.0"), (50.533, "50.5"), (54.321, "54.3"), (-0.04, "0.0"), (99.96, "100.0"),
    ])
    func points(_ value: Double, _ text: String) {
        #expect(pointsText(value) == text)
    }

    @Test("seconds have at most two decimals and at least one", arguments: [
        (0.05, "0.05"), (0.05000000000000001, "0.05"), (2.3, "2.3"), (2.383, "2.38"), (4.117, "4.12"), (3, "3.0"), (0.004, "0.0"),
    ])
    func seconds(_ value: Double, _ text: String) {
        #expect(secondsText(value) == text)
    }

    @Test("a duration just past a limit keeps the decimals that show it is past", arguments: [
        (0.104, 0.1, "0.104"), (0.117, 0.1, "0.12"), (0.25, 0.1, "0.25"), (0.451, 0.45, "0.451"), (0.1, 0.1, "0.1"),
    ])
    func exceeding(_ value: Double, _ limit: Double, _ text: String) {
        #expect(secondsText(value, exceeding: limit) == text)
    }
}

@Suite("decimalText: integers, the rest as the stdlib's shortest text")
struct DecimalTextTests {
    @Test("rounded half away from zero; whole numbers get .0, negative zero reads 0.0, large ones the exponent", arguments: [
        (0.125, 2, "0.13"), (-0.125, 2, "-0.13"), (2.5, 0, "3.0"), (-2.5, 0, "-3.0"), (-0.0004, 3, "0.0"), (-0.0, 3, "0.0"),
        (1.5, 3, "1.5"), (1e-7, 3, "0.0"), (123456.789, 1, "123456.8"), (1e15, 3, "1000000000000000.0"), (1e16, 3, "1e+16"), (-1e16, 3, "-1e+16"),
        (999_999_999_999_999, 3, "999999999999999.0"), (.infinity, 3, "inf"), (.nan, 3, "nan"),
    ])
    func pinned(_ value: Double, _ digits: Int, _ text: String) {
        #expect(decimalText(value, digits: digits) == text)
    }

    @Test("a number with a fraction reads as \"\\(value)\" of the rounded value; a whole one does not")
    func fractions() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let value = Double(Int64.random(in: -10_000_000...10_000_000, using: &generator)) / 997
            let number = rounded(value, 3)
            let text = decimalText(value)
            if number == number.rounded() {
                // Counter-case: "\(86.0)" is "86.0" too, but "\(-0.0)" would be "-0.0".
                #expect(text == String(Int64(number)) + ".0")
            } else {
                #expect(text == "\(number)")
            }
        }
    }
}
