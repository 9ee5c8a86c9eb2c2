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
