@testable import Analyzer
import Simulation
import Testing

@Suite("Interval index")
struct IntervalIndexTests {
    @Test("meets: touching ends count, gaps do not, nested and overlapping intervals too")
    func edges() {
        let index = IntervalIndex([(5, 6), (1, 2), (10, 20), (12, 13)])
        #expect(index.meets(start: 2, end: 3))  // touches (1, 2)
        #expect(!index.meets(start: 2.5, end: 4.5))  // between (1, 2) and (5, 6)
        #expect(index.meets(start: 14, end: 15))  // inside (10, 20), after the nested (12, 13)
        #expect(!index.meets(start: 21, end: 30))
        #expect(!index.meets(start: -3, end: 0.5))
        #expect(index.meets(start: 0, end: 100))
        #expect(!IntervalIndex([]).meets(start: 0, end: 1))
    }

    @Test("agrees with a scan of every interval, overlapping ones included")
    func agreesWithScan() {
        var random = SeededGenerator(seed: 9)
        for _ in 0..<200 {
            let intervals = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                let start = Double(Int.random(in: 0...100, using: &random))
                return (start: start, end: start + Double(Int.random(in: 0...20, using: &random)))
            }
            let index = IntervalIndex(intervals)
            for _ in 0..<50 {
                let start = Double(Int.random(in: -10...130, using: &random))
                let end = start + Double(Int.random(in: 0...10, using: &random))
                #expect(index.meets(start: start, end: end) == intervals.contains { $0.start <= end && start <= $0.end })
            }
        }
    }
}
