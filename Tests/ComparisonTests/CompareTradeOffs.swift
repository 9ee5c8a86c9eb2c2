@testable import Comparison
import Foundation
import Testing

/// The design's trade-offs (the table in Docs/comparing-builds.md): each variant of the rules on
/// the same simulated fleets, 60 sessions a side. Opt-in, it takes about 4 minutes on 2 cores:
/// `NAVREC_COMPARE_TRADEOFFS=1 swift test --filter CompareTradeOffs`.
@Suite("compare's trade-offs", .enabled(if: ProcessInfo.processInfo.environment["NAVREC_COMPARE_TRADEOFFS"] != nil))
struct CompareTradeOffs {
    static func rules(confidence: Double, correction: BuildComparison.Correction, continuity: Bool, share: Double = 0.1, stratumRows: Bool = true) -> BuildComparison {
        var rules = BuildComparison(confidence: confidence, minimumShareEffect: share, stratumRows: stratumRows)
        rules.correction = correction
        rules.shareContinuity = continuity
        return rules
    }

    @Test("the trade-off table")
    func table() {
        let variants: [(String, BuildComparison)] = [
            ("99 %, one BH, CMH corrected (the old rules)", Self.rules(confidence: 0.99, correction: .flat, continuity: true)),
            ("99 %, hierarchical, CMH uncorrected", Self.rules(confidence: 0.99, correction: .hierarchical, continuity: false)),
            ("95 %, one BH, CMH corrected", Self.rules(confidence: 0.95, correction: .flat, continuity: true)),
            ("95 %, one BH, CMH uncorrected", Self.rules(confidence: 0.95, correction: .flat, continuity: false)),
            ("95 %, hierarchical, CMH corrected", Self.rules(confidence: 0.95, correction: .hierarchical, continuity: true)),
            ("95 %, hierarchical, CMH uncorrected (default)", Self.rules(confidence: 0.95, correction: .hierarchical, continuity: false)),
            ("95 %, hierarchical, CMH uncorrected, 5 pp", Self.rules(confidence: 0.95, correction: .hierarchical, continuity: false, share: 0.05)),
            ("95 %, per group × metric, CMH uncorrected", Self.rules(confidence: 0.95, correction: .perFamily, continuity: false)),
            ("99 %, per group × metric, CMH uncorrected", Self.rules(confidence: 0.99, correction: .perFamily, continuity: false)),
            ("95 %, hierarchical, CMH uncorrected, no stratum rows", Self.rules(confidence: 0.95, correction: .hierarchical, continuity: false, stratumRows: false)),
        ]
        print("| 60 a side | A/A: worst metric's false rows | A/A: false rows (of 10,000) / runs (of 200) | mix shift: runs (of 200) | flapping 20 % | titles 15 % | +3 ms/s on 16,1 / 15,2 / 14,5 / 12,1 |")
        print("|---|---|---|---|---|---|---|")
        for (name, rules) in variants {
            let aa = FleetSimulationTests.simulate(seed: 11, change: .none, rules: rules)
            let mix = FleetSimulationTests.simulate(seed: 12, baseMix: [1, 3, 3, 3], headMix: [7, 1, 1, 1], change: .none, rules: rules)
            let powers = FleetSimulationTests.regressions.indices.map { index in
                let regression = FleetSimulationTests.regressions[index]
                let runs = FleetSimulationTests.simulate(seed: 13 + UInt64(index), runs: 100, change: regression.change, rules: rules)
                return Int((FleetSimulationTests.power(runs, metric: regression.metric) * 100).rounded())
            }
            let falseRows = aa.flatMap { $0 }.count(where: FleetSimulationTests.isFalse)
            let falseRuns = aa.count { $0.contains(where: FleetSimulationTests.isFalse) }
            let mixRuns = mix.count { $0.contains(where: FleetSimulationTests.isFalse) }
            let worst = ComparedMetric.all.map { metric in
                let rows = aa.flatMap { $0 }.filter { $0.metric == metric }
                return (Double(rows.count(where: FleetSimulationTests.isFalse)) / Double(max(1, rows.count)), metric.name)
            }.max { $0.0 < $1.0 }!
            print("| \(name) | \(worst.1) \(Int((worst.0 * 1000).rounded())) ‰ | \(falseRows) / \(falseRuns) | \(mixRuns) | \(powers[0]) % | \(powers[1]) % | \(powers[2]) / \(powers[3]) / \(powers[4]) / \(powers[5]) % |")
        }
        // The bound on the one-model hitch: that model's own row, Mann–Whitney uncorrected at 5 %.
        let alone = FleetSimulationTests.regressions.indices.dropFirst(2).map { index in
            let regression = FleetSimulationTests.regressions[index]
            guard case .onDevice(let model, _, _) = regression.change else { return 0 }
            let runs = FleetSimulationTests.simulate(seed: 13 + UInt64(index), runs: 100, change: regression.change)
            return runs.count { $0.contains { $0.metric.name == regression.metric && $0.stratum?.hasPrefix(model) == true && ($0.p ?? 1) <= 0.05 && ($0.shift ?? 0) > 0 } }
        }
        print("| that model's row alone, Mann–Whitney uncorrected at 5 % | | | | | | \(alone.map(String.init).joined(separator: " / ")) % |")
    }
}
