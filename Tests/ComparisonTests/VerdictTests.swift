@testable import Comparison
import Testing

/// The verdict rules of `navrec compare` (Docs/comparing-builds.md) on hand-made groups.
@Suite("Comparison verdicts")
struct VerdictTests {
    static let hitch = ComparedMetric.named("hitchTimeRatio")!

    /// One metric's values per side, in one group.
    static func compare(base: [Double], head: [Double], metric: ComparedMetric = hitch, minimumSessions: Int = 5) -> MetricComparison {
        var samples = ComparisonSamples(metrics: [metric])
        for value in base { samples.add(group: "g", side: .base, values: [value]) }
        for value in head { samples.add(group: "g", side: .head, values: [value]) }
        return BuildComparison(minimumSessions: minimumSessions).run(&samples)[0]
    }

    static func spread(_ center: Double, _ count: Int, width: Double = 1) -> [Double] {
        (0..<count).map { center + width * (Double($0) / Double(count - 1) - 0.5) }
    }

    @Test("a shift of 3 ms/s over 40 sessions a side is regressed; the reverse improved")
    func regressedAndImproved() {
        let regressed = Self.compare(base: Self.spread(2, 40), head: Self.spread(5, 40))
        #expect(regressed.verdict == .regressed)
        #expect(abs(regressed.shift! - 3) < 1e-9)
        #expect(regressed.p! < 0.01)
        let improved = Self.compare(base: Self.spread(5, 40), head: Self.spread(2, 40))
        #expect(improved.verdict == .improved)
    }

    @Test("the same spread on both sides with a tight interval is unchanged")
    func unchanged() {
        let result = Self.compare(base: Self.spread(2, 60, width: 0.5), head: Self.spread(2.05, 60, width: 0.5))
        #expect(result.verdict == .unchanged)
        #expect(result.shiftLow! >= -1 && result.shiftHigh! <= 1)
    }

    @Test("a significant shift smaller than the minimum effect is not a regression")
    func belowMinimumEffect() {
        let result = Self.compare(base: Self.spread(2, 60, width: 0.2), head: Self.spread(2.3, 60, width: 0.2))
        #expect(result.p! < 0.01)
        #expect(result.verdict == .unchanged)
    }

    @Test("too few sessions is inconclusive, never unchanged, even when the values agree")
    func tooFew() {
        let result = Self.compare(base: [1, 1, 1, 1], head: [1, 1, 1, 1, 1, 1])
        #expect(result.verdict == .inconclusive)
        #expect(result.reason.contains("too few sessions"))
        #expect(result.p == nil)
    }

    @Test("a wide interval across the minimum effect is inconclusive")
    func wide() {
        let result = Self.compare(base: Self.spread(2, 8, width: 10), head: Self.spread(3, 8, width: 10))
        #expect(result.verdict == .inconclusive)
    }

    @Test("regressions sort first, then improvements, inconclusive and unchanged results")
    func order() {
        var samples = ComparisonSamples(metrics: [Self.hitch])
        for (group, base, head) in [("a", 2.0, 2.0), ("b", 5.0, 2.0), ("c", 2.0, 5.0)] {
            for value in Self.spread(base, 40, width: 0.5) { samples.add(group: group, side: .base, values: [value]) }
            for value in Self.spread(head, 40, width: 0.5) { samples.add(group: group, side: .head, values: [value]) }
        }
        samples.add(group: "d", side: .base, values: [1])
        let results = BuildComparison().run(&samples)
        #expect(results.map(\.group) == ["c", "b", "d", "a"])
        #expect(results.map(\.verdict) == [.regressed, .improved, .inconclusive, .unchanged])
    }
}
