@testable import Analyzer
import BarModel
import Simulation
import Testing

/// ``OverrunHistogram/bin(of:)`` rounds the hundredths from their whole part and the part dropped;
/// it must give every value the bin that rounding them with `roundedToNearest` gave.
@Suite("overrun bins")
struct OverrunBinTests {
    /// The linear bin as it was computed before, from the hundredths rounded; `nil` past them.
    static func reference(_ value: Double) -> Int? {
        let hundredths = (value * 100).roundedToNearest
        guard abs(hundredths) < Double(OverrunHistogram.linearHalf) else { return nil }
        return OverrunHistogram.logBins + OverrunHistogram.linearHalf + Int(hundredths)
    }

    @Test("ties, the doubles either side of them, the linear bins' bound and random values get the bins rounding gave")
    func sameBins() {
        var values: [Double] = [0, -0.0, 0.005, -0.005, 0.015, -0.015, 0.025, 9.995, -9.995, 9.994999, -9.994999, 0.0049999999999999]
        // Every tie of the linear range (k + 0.5 hundredths) and its neighbouring doubles, both signs.
        for k in 0..<1000 {
            let tie = (Double(k) + 0.5) / 100
            values += [tie, tie.nextUp, tie.nextDown, -tie, -tie.nextUp, -tie.nextDown]
        }
        var random = SeededGenerator(seed: 38)
        for _ in 0..<20_000 { values.append(Double.random(in: -10.5...10.5, using: &random)) }
        for value in values {
            let bin = OverrunHistogram.bin(of: value)
            if let reference = Self.reference(value) {
                #expect(bin == reference, "\(value)")
            } else {
                // Counter-case: past the linear bins (±9.995 ms and beyond) a value takes a log bin.
                #expect(bin < OverrunHistogram.logBins || bin > OverrunHistogram.logBins + 2 * OverrunHistogram.linearHalf, "\(value)")
            }
        }
        // The half-hundredth ties round away from zero, one hundredth apart from the value below.
        #expect(OverrunHistogram.bin(of: 0.005) == OverrunHistogram.bin(of: 0.0049999999999999) + 1)
        #expect(OverrunHistogram.bin(of: -0.005) == OverrunHistogram.bin(of: -0.0049999999999999) - 1)
    }
}
