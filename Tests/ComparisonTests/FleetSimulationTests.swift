@testable import Comparison
import Testing

/// The statistics suite of `navrec compare` (Docs/comparing-builds.md, "Measured"): error rates
/// and power by simulation, at the metric level. Each simulated comparison draws 60 sessions a side
/// from `CalibratedFleet`, the metrics of sessions simulated with `navrec simulate --recorder
/// library` (the ScrollRecorder's defaults) on four device models whose hitch levels differ
/// (Benchmarks/compare_fleet_calibrate.py), and runs ``BuildComparison`` as `navrec compare` does:
/// one group, stratified by device model and OS, default confidence and minimum effects.
@Suite("compare's error rates and power on simulated fleets")
struct FleetSimulationTests {
    static let runs = 200

    /// One pool's sessions: the metric values, `nil` where a session has none.
    typealias Pool = [[Double?]]

    static let pools: [String: Pool] = CalibratedFleet.pools.mapValues { text in
        text.split(separator: "\n").map { line in
            line.split(separator: " ").map { Double(String($0)).flatMap { $0.isNaN ? nil : $0 } }
        }
    }

    static func metricIndex(_ name: String) -> Int { ComparedMetric.all.firstIndex { $0.name == name }! }

    /// A seeded generator (the same runs on every machine).
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func index(_ count: Int) -> Int { min(count - 1, Int(next() * Double(count))) }
    }

    /// How a head session differs from the base app.
    enum Change {
        case none
        /// With probability `share`, a session of `pool` where `metric` is above 0.
        case minority(pool: String, metric: String, share: Double)
        /// `amount` added to `metric` on one device model.
        case onDevice(model: String, metric: String, amount: Double)
    }

    /// Draws one side: the device by `mix` (weights per device, in `CalibratedFleet.devices` order).
    static func side(_ side: ComparisonSide, into samples: inout ComparisonSamples, sessions: Int, mix: [Double], change: Change, generator: inout Generator) {
        let total = mix.reduce(0, +)
        for _ in 0..<sessions {
            var pick = generator.next() * total
            var device = 0
            while device < mix.count - 1, pick >= mix[device] { pick -= mix[device]; device += 1 }
            let (model, os) = CalibratedFleet.devices[device]
            let clean = pools["\(model) clean"]!
            var values = clean[generator.index(clean.count)]
            switch change {
            case .none: break
            case .minority(let pool, let metric, let share):
                if generator.next() < share {
                    let index = metricIndex(metric)
                    let affected = pools["\(model) \(pool)"]!.filter { ($0[index] ?? 0) > 0 }
                    values = affected[generator.index(affected.count)]
                }
            case .onDevice(let target, let metric, let amount):
                if model == target { values[metricIndex(metric)] = values[metricIndex(metric)].map { $0 + amount } }
            }
            samples.add(group: "Feed · largeTitle", stratum: "\(model) · \(os)", side: side, values: values)
        }
    }

    /// Runs `runs` comparisons; per run its results.
    static func simulate(
        seed: UInt64, runs: Int = runs, sessions: Int = 60, baseMix: [Double] = [1, 1, 1, 1], headMix: [Double] = [1, 1, 1, 1],
        change: Change, rules: BuildComparison = BuildComparison()
    ) -> [[MetricComparison]] {
        var generator = Generator(state: seed)
        return (0..<runs).map { _ in
            var samples = ComparisonSamples(metrics: ComparedMetric.all)
            side(.base, into: &samples, sessions: sessions, mix: baseMix, change: .none, generator: &generator)
            side(.head, into: &samples, sessions: sessions, mix: headMix, change: change, generator: &generator)
            return rules.run(&samples)
        }
    }

    static func isFalse(_ result: MetricComparison) -> Bool { result.verdict == .regressed || result.verdict == .improved }

    /// Per metric, the share of its group × metric rows (the group's and each stratum's) with a
    /// false verdict; and the share of runs with any.
    static func falseRates(_ runs: [[MetricComparison]]) -> (rows: [String: Double], runs: Double) {
        let rows = runs.flatMap { $0 }
        let perMetric = Dictionary(grouping: rows, by: \.metric.name).mapValues { Double($0.count(where: isFalse)) / Double($0.count) }
        return (perMetric, Double(runs.count { $0.contains(where: isFalse) }) / Double(runs.count))
    }

    /// The issue's bound is per group × metric: ≤ 1 % of each metric's rows. A run holds 50 rows
    /// (5 × 10 metrics), so the share of runs with any false verdict is larger; the hierarchical
    /// correction bounds it by α (5 %), and that is checked too.
    @Test("A/A: 200 comparisons of the same app, 60 sessions a side; false verdicts ≤ 1 % of each metric's group × metric rows, ≤ α of runs")
    func aa() {
        let runs = Self.simulate(seed: 11, change: .none)
        let rates = Self.falseRates(runs)
        let worst = rates.rows.max { $0.value < $1.value }!
        print("A/A: \(runs.flatMap { $0 }.count(where: Self.isFalse)) false verdicts of \(runs.flatMap { $0 }.count) rows, worst \(worst.key) \(worst.value * 100) % of its rows; \(rates.runs * 100) % of runs")
        for (metric, rate) in rates.rows { #expect(rate <= 0.01, "\(metric)") }
        #expect(rates.runs <= 1 - BuildComparison().confidence)
    }

    @Test("a pure device-mix shift (old phones 10 % → 70 % of sessions, every device as before): no regressed or improved verdict")
    func mixShift() {
        let runs = Self.simulate(seed: 12, baseMix: [1, 3, 3, 3], headMix: [7, 1, 1, 1], change: .none)
        let falseRuns = runs.count { $0.contains(where: Self.isFalse) }
        print("mix shift: \(falseRuns) of \(runs.count) runs with a regressed or improved verdict")
        #expect(falseRuns == 0)
    }

    /// The share of runs in which `metric` regressed (the group's row or a stratum's).
    static func power(_ runs: [[MetricComparison]], metric: String) -> Double {
        Double(runs.count { $0.contains { $0.metric.name == metric && $0.verdict == .regressed } }) / Double(runs.count)
    }

    /// The Done-when regressions: (name, change, the metric it is about).
    static let regressions: [(name: String, change: Change, metric: String)] = [
        ("flapping in 20 % of head sessions", .minority(pool: "flapping", metric: "flappingEpisodesPerMinute", share: 0.2), "flappingEpisodesPerMinute"),
        ("title disagreements in 15 % of head sessions", .minority(pool: "title", metric: "titleDisagreementPerMinute", share: 0.15), "titleDisagreementPerMinute"),
        ("+3 ms/s hitch on iPhone16,1 (1 of 4)", .onDevice(model: "iPhone16,1", metric: "hitchTimeRatio", amount: 3), "hitchTimeRatio"),
        ("+3 ms/s hitch on iPhone15,2 (1 of 4)", .onDevice(model: "iPhone15,2", metric: "hitchTimeRatio", amount: 3), "hitchTimeRatio"),
        ("+3 ms/s hitch on iPhone14,5 (1 of 4)", .onDevice(model: "iPhone14,5", metric: "hitchTimeRatio", amount: 3), "hitchTimeRatio"),
        ("+3 ms/s hitch on iPhone12,1 (1 of 4)", .onDevice(model: "iPhone12,1", metric: "hitchTimeRatio", amount: 3), "hitchTimeRatio"),
    ]

    /// Power at 60 sessions a side, 100 runs each: the issue's 90 % where this design reaches it,
    /// else the floor it measured (the table in Docs/comparing-builds.md) and a known issue. Titles
    /// in 15 % of sessions: 6 of 60 against none is p ≈ 0.014 on its own, which Binomial(60, 0.15)
    /// reaches in 90 % of runs — before any correction for the other metrics. The older phones'
    /// +3 ms/s: 15 sessions a side whose hitch time varies by 2.7 and 5 ms/s between sessions; a
    /// Mann–Whitney test of that model alone, uncorrected, at 5 %, finds it in 84 % and 49 % of
    /// runs (`CompareTradeOffs`), so no correction can reach 90 %. iPhone15,2: 99 % alone, 86 %
    /// after the correction for the other metrics and strata.
    @Test("power at 60 sessions a side (Done when: ≥ 90 %)", arguments: zip(0..<6, [0.9, 0.8, 0.9, 0.8, 0.5, 0.1]))
    func powerAt60(index: Int, floor: Double) {
        let regression = Self.regressions[index]
        let runs = Self.simulate(seed: 13 + UInt64(index), runs: 100, change: regression.change)
        let power = Self.power(runs, metric: regression.metric)
        print("60 a side, \(regression.name): \(regression.metric) regressed in \(Int((power * 100).rounded())) % of 100 runs")
        #expect(power >= floor)
        if floor < 0.9 {
            withKnownIssue("issue 35's 90 % at 60 sessions a side: \(Int((power * 100).rounded())) % measured") { #expect(power >= 0.9) }
        }
    }

    @Test("power at 150 sessions a side: ≥ 90 % for every regression but the old phone's hitch")
    func powerAt150() {
        for (index, regression) in Self.regressions.enumerated() where index < 5 {
            let runs = Self.simulate(seed: 23 + UInt64(index), runs: 50, sessions: 150, change: regression.change)
            let power = Self.power(runs, metric: regression.metric)
            print("150 a side, \(regression.name): \(regression.metric) regressed in \(Int((power * 100).rounded())) % of 50 runs")
            #expect(power >= (index == 4 ? 0.8 : 0.9), "\(regression.name)")
        }
    }

    /// Issue 34's gate: fleets recorded with `ScrollRecorder`'s defaults (the calibrated pools),
    /// 4 device models × 60 sessions a side, +3.5 ms/s of hitch time on one model: found in at
    /// least 9 of 10 seeds, on that model's own row, and never a verdict on another model's row.
    @Test("a +3.5 ms/s hitch regression on one model of four, 60 sessions a model a side: found in ≥ 9 of 10 seeds, no false verdicts",
          arguments: CalibratedFleet.devices.map(\.model))
    func oneModelRegression(model: String) {
        let runs = Self.simulate(
            seed: 41, runs: 10, sessions: 240, change: .onDevice(model: model, metric: "hitchTimeRatio", amount: 3.5))
        let found = runs.count { $0.contains { $0.metric.name == "hitchTimeRatio" && $0.verdict == .regressed } }
        let onOthers = runs.flatMap { $0 }.filter {
            guard let stratum = $0.stratum else { return false }
            return !stratum.hasPrefix(model) && Self.isFalse($0)
        }
        print("240 a side, +3.5 ms/s on \(model): found in \(found) of 10 seeds; \(onOthers.count) verdicts on other models' rows")
        #expect(found >= 9)
        #expect(onOthers.isEmpty, "\(onOthers.map { "\($0.stratum ?? "") \($0.metric.name) \($0.verdict)" })")
    }

    /// Issue 34's A/A at 4 models × 60 sessions a side (the per-metric bound is checked above, on
    /// the issue's 200 runs: 50 runs hold only 250 rows of a metric).
    @Test("A/A at 4 models × 60 sessions a side, 50 comparisons: false verdicts ≤ 1 % of rows, ≤ α of runs")
    func aaAtSixtyAModel() {
        let runs = Self.simulate(seed: 43, runs: 50, sessions: 240, change: .none)
        let rows = runs.flatMap { $0 }
        let rates = Self.falseRates(runs)
        print("A/A at 240 a side: \(rows.count(where: Self.isFalse)) false verdicts of \(rows.count) rows, \(rates.runs * 100) % of runs")
        #expect(Double(rows.count(where: Self.isFalse)) <= 0.01 * Double(rows.count))
        #expect(rates.runs <= 1 - BuildComparison().confidence)
    }
}
