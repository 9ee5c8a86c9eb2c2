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
        // The edges of the linear bins' range, which the batch's range test also takes for the
        // finiteness test; and finite values whose hundredths are infinite (counted, in the top or
        // bottom bin), beside the infinities (not counted).
        let edges = [9.995, -9.995, 9.994999999999999, -9.994999999999999, 1e307, -1e307, .infinity, -.infinity]
        for _ in 0..<200 {
            batches.append((0..<Int.random(in: 0...70, using: &random)).map { _ in
                switch Int.random(in: 0..<12, using: &random) {
                case 0: -Double.random(in: 10...90_000, using: &random)  // log bins below
                case 1: Double.random(in: 10...90_000, using: &random)  // log bins above
                case 2: .nan
                case 3: edges.randomElement(using: &random)!
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
        #expect(Self.batched([[1e307, -.infinity]]).total == 1)
    }

    @Test("runs of values in one bin, broken by other bins, non-finite values and batch ends, count as values one at a time")
    func runsOfOneBin() {
        var random = SeededGenerator(seed: 3838)
        // Frames on time: a few bins, each repeated for a run of random length (0.004 and 0.0049
        // share bin 0; 0.005 is bin 1, rounded half away from zero).
        let values = [0.0, 0.004, 0.0049, 0.005, -0.005, 0.01, 12.5, .nan]
        var batches: [[Double]] = [[0.0], [0.0, 0.0], [0.0, 0.01], [0.01, 0.0, 0.0, 0.01]]
        for _ in 0..<300 {
            var batch: [Double] = []
            while batch.count < 60, Int.random(in: 0..<8, using: &random) != 0 {
                let value = values.randomElement(using: &random)!
                batch += Array(repeating: value, count: Int.random(in: 1...20, using: &random))
            }
            batches.append(Array(batch.prefix(60)))
        }
        let batched = Self.batched(batches)
        #expect(batched == Self.oneByOne(batches))
        #expect(batched.total == batches.joined().filter(\.isFinite).count)
        for q in [1.0, 25, 50, 75, 99, 100] { #expect(batched.percentile(q) == Self.oneByOne(batches).percentile(q)) }
        // Counter-cases: a run's last value in another bin, and one value more at a batch's end,
        // are other histograms.
        #expect(Self.batched([[0.0, 0.0, 0.01]]) != Self.oneByOne([[0.0, 0.0, 0.0]]))
        #expect(Self.batched([[0.0, 0.0, 0.0]]) != Self.oneByOne([[0.0, 0.0]]))
        #expect(Self.batched([[0.0, 0.0, 0.0]]).percentile(100) == 0)
    }

    @Test("values under half a hundredth of a millisecond count in the bin of 0, counted apart; half a hundredth is the next bin")
    func zeroBin() {
        var random = SeededGenerator(seed: 5005)
        let edges = [0.0, -0.0, 0.004999999999999999, -0.004999999999999999, 0.005, -0.005, 1e-300, -1e-300]
        var batches: [[Double]] = [[0.0], [0.004999999999999999, -0.004999999999999999], [0.005], [-0.005], [50.0], [-50.0, 0.0]]
        for _ in 0..<300 {
            batches.append((0..<Int.random(in: 0...60, using: &random)).map { _ in
                switch Int.random(in: 0..<6, using: &random) {
                case 0: edges.randomElement(using: &random)!
                case 1: Double.random(in: -0.02...0.02, using: &random)
                case 2: Double.random(in: -30...30, using: &random)
                default: Double.random(in: -0.005...0.005, using: &random)
                }
            })
        }
        #expect(Self.batched(batches) == Self.oneByOne(batches))
        #expect(Self.batched(batches).total == batches.joined().count)
        // Each edge alone, from an empty histogram: the bin of 0 is held only where a value is in it.
        for edge in edges + [50, -50, 9.995] {
            let one = Self.batched([[edge]])
            #expect(one == Self.oneByOne([[edge]]), "value \(edge)")
            #expect(one.percentile(50) == (abs(edge) < 0.005 ? 0 : OverrunHistogram.value(of: OverrunHistogram.bin(of: edge))), "value \(edge)")
        }
        // Counter-case: half a hundredth is not in the bin of 0.
        #expect(Self.batched([[0.005]]).percentile(50) == 0.01)
        #expect(Self.batched([[-0.005]]).percentile(50) == -0.01)
    }
}
