@testable import Analyzer
import Simulation
import Testing

/// ``OverrunHistogram/add(_:)-(UnsafeBufferPointer<Double>)`` grows the bins once and counts a
/// batch behind one check; it must count as adding the values one at a time.
@Suite("overrun histogram, a batch at a time")
struct OverrunHistogramBatchTests {
    static func batched(_ batches: [[Double]]) -> OverrunHistogram {
        var histogram = OverrunHistogram()
        for batch in batches { batch.withUnsafeBufferPointer { histogram.add($0) } }
        return histogram
    }

    static func oneByOne(_ batches: [[Double]]) -> OverrunHistogram {
        var histogram = OverrunHistogram()
        for value in batches.joined() { histogram.add(value) }
        return histogram
    }

    @Test("batches that grow the bins on either side, skip non-finite values or are empty count as values one at a time")
    func sameCounts() {
        var random = SeededGenerator(seed: 38)
        var batches: [[Double]] = [[], [.nan, .infinity]]
        for _ in 0..<200 {
            batches.append((0..<Int.random(in: 0...70, using: &random)).map { _ in
                switch Int.random(in: 0..<10, using: &random) {
                case 0: -Double.random(in: 10...90_000, using: &random)  // log bins below
                case 1: Double.random(in: 10...90_000, using: &random)  // log bins above
                case 2: .nan
                default: Double.random(in: -0.5...0.5, using: &random)
                }
            })
        }
        let batched = Self.batched(batches)
        #expect(batched == Self.oneByOne(batches))
        #expect(batched.total == batches.joined().filter(\.isFinite).count)
        for q in [1.0, 50, 90, 99, 100] { #expect(batched.percentile(q) == Self.oneByOne(batches).percentile(q)) }
        // Counter-case: one value more, in a bin of its own, is another histogram.
        #expect(Self.batched(batches + [[123.4]]) != Self.oneByOne(batches))
        #expect(Self.batched([[], [.nan]]) == OverrunHistogram())
    }
}
