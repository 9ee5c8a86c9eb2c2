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

    @Test("a minority regression: 17 of 40 head sessions flap where none did; the median is 0 on both sides, the share and mean see it")
    func minority() {
        let flapping = ComparedMetric.named("flappingEpisodesPerMinute")!
        let head = Array(repeating: 0.0, count: 23) + (0..<17).map { 4 + Double($0) * 0.5 }
        let result = Self.compare(base: Array(repeating: 0, count: 40), head: head, metric: flapping)
        #expect(result.baseMedian == 0 && result.headMedian == 0 && result.shift == 0)
        #expect(result.verdict == .regressed)
        #expect(result.decidedBy == .share)
        #expect(result.reason.hasPrefix("sessions above 0 0 % → 42.5 %, +42.5 pp (≥10 pp); share test adjusted p "))
    }

    /// Two device models: the old one hitches 6 ms/s, the new one 1 ms/s, in both builds; the head
    /// fleet is 70 % old phones, the base 10 %.
    static func mixShift(strata: Bool) -> [MetricComparison] {
        var samples = ComparisonSamples(metrics: [hitch])
        for (side, old) in [(ComparisonSide.base, 6), (.head, 42)] {
            for index in 0..<60 {
                let isOld = index < old
                let value = (isOld ? 6.0 : 1.0) + Double(index % 7) * 0.1
                samples.add(group: "g", stratum: strata ? (isOld ? "old" : "new") : "", side: side, values: [value])
            }
        }
        return BuildComparison().run(&samples)
    }

    @Test("a pure device-mix shift: pooled it reads regressed (Simpson's paradox); within device strata nothing moved")
    func simpson() {
        let pooled = Self.mixShift(strata: false)
        #expect(pooled.map(\.verdict) == [.regressed])
        let stratified = Self.mixShift(strata: true)
        #expect(stratified.map(\.group) == ["g", "g · new", "g · old"])
        #expect(stratified.allSatisfy { $0.verdict == .unchanged }, "\(stratified.map(\.reason))")
        #expect(stratified[0].strata == 2 && abs(stratified[0].mean!.shift) < 0.2)
    }

    @Test("a regression on one stratum of two: its own row finds it at its own size")
    func oneStratum() {
        var samples = ComparisonSamples(metrics: [Self.hitch])
        for side in [ComparisonSide.base, .head] {
            for index in 0..<40 {
                for stratum in ["a", "b"] {
                    let extra = side == .head && stratum == "b" ? 3.0 : 0
                    samples.add(group: "g", stratum: stratum, side: side, values: [1 + Double(index % 10) * 0.1 + extra])
                }
            }
        }
        let results = BuildComparison().run(&samples)
        #expect(results.first { $0.stratum == "b" }?.verdict == .regressed)
        #expect(results.first { $0.stratum == "a" }?.verdict == .unchanged)
    }
}

