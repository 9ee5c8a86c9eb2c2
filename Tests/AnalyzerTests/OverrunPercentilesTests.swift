@testable import Analyzer
import Simulation
import Testing

/// ``OverrunHistogram/percentiles(_:_:_:)`` walks the bins once for three percentiles; each must
/// be what ``OverrunHistogram/percentile(_:)`` gives alone.
@Suite("overrun percentiles, three from one walk")
struct OverrunPercentilesTests {
    @Test("random histograms and ascending triples (equal ones, the extremes, past 100) as three walks")
    func asSeparateWalks() {
        var random = SeededGenerator(seed: 99)
        let quantiles: [Double] = [0.001, 1, 25, 50, 50, 90, 99, 99.9, 100, 150]
        for _ in 0..<400 {
            var histogram = OverrunHistogram()
            let spread = [0.01, 0.5, 30, 5000].randomElement(using: &random)!
            for _ in 0..<Int.random(in: 0...300, using: &random) {
                histogram.add(Double.random(in: -spread...spread, using: &random).rounded(toPlaces: Int.random(in: 1...3, using: &random)))
            }
            for _ in 0..<10 {
                let triple = (0..<3).map { _ in quantiles.randomElement(using: &random)! }.sorted()
                let together = histogram.percentiles(triple[0], triple[1], triple[2])
                #expect(together.0 == histogram.percentile(triple[0]))
                #expect(together.1 == histogram.percentile(triple[1]))
                #expect(together.2 == histogram.percentile(triple[2]))
            }
            let metrics = histogram.percentiles(50, 90, 99)
            #expect(metrics.0 == histogram.percentile(50) && metrics.1 == histogram.percentile(90) && metrics.2 == histogram.percentile(99))
        }
    }

    @Test("counter-case: all three ranks in one bin (frames on time), which a walk taking one rank a bin would miss")
    func ranksInOneBin() {
        var histogram = OverrunHistogram()
        for _ in 0..<100 { histogram.add(0) }
        histogram.add(3)
        let together = histogram.percentiles(50, 90, 99)
        #expect(together.0 == 0 && together.1 == 0 && together.2 == 0)
        #expect(histogram.percentiles(50, 90, 100).2 == 3)
        #expect(OverrunHistogram().percentiles(50, 90, 99) == (nil, nil, nil))
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
