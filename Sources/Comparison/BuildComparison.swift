/// Compares a base and a head build group by group and metric by metric (Docs/comparing-builds.md):
/// Mann–Whitney U for the p-value, Hodges–Lehmann for the shift and its interval,
/// Benjamini–Hochberg across all tests, and a verdict at ``confidence`` with each metric's minimum
/// effect.
///
/// Rules, α = 1 − confidence:
/// - a group × metric with fewer than ``minimumSessions`` values on a side, or too few to bound
///   the interval at the confidence, is **inconclusive** and not tested (not part of the family);
/// - **regressed**: adjusted p ≤ α and shift ≥ the minimum effect;
/// - **improved**: adjusted p ≤ α and shift ≤ −the minimum effect;
/// - **unchanged**: the interval lies within ± the minimum effect;
/// - **inconclusive** otherwise.
public struct BuildComparison: Sendable {
    public var confidence: Double
    public var minimumSessions: Int

    /// The defaults: 99 % confidence, 5 sessions a side.
    public init(confidence: Double = 0.99, minimumSessions: Int = 5) {
        self.confidence = confidence
        self.minimumSessions = minimumSessions
    }

    /// The results, regressions first (then improvements, inconclusive, unchanged), each verdict
    /// by group then metric order. Sorts the samples' arrays in place.
    public func run(_ samples: inout ComparisonSamples) -> [MetricComparison] {
        let alpha = 1 - confidence
        var results: [MetricComparison] = []
        var tested: [Int] = []
        var pValues: [Double] = []
        let groupKeys = samples.groups.keys.sorted()
        for key in groupKeys {
            var group = samples.take(key)
            for (index, metric) in samples.metrics.enumerated() {
                group.base[index].sort()
                group.head[index].sort()
                let base = group.base[index]
                let head = group.head[index]
                var result = MetricComparison(
                    group: key, metric: metric, baseCount: base.count, headCount: head.count,
                    baseMedian: Self.median(base), headMedian: Self.median(head), verdict: .inconclusive, reason: "")
                var test: MannWhitneyTest?
                if !base.isEmpty, !head.isEmpty {
                    let mannWhitney = MannWhitneyTest(base: base, head: head)
                    let estimate = ShiftEstimate(base: base, head: head, confidence: confidence, method: mannWhitney.method)
                    result.shift = estimate.shift
                    result.shiftLow = estimate.low
                    result.shiftHigh = estimate.high
                    test = mannWhitney
                }
                let fewest = min(base.count, head.count)
                if fewest < minimumSessions {
                    result.reason = "too few sessions (\(fewest) < \(minimumSessions))"
                } else if let test, result.shiftLow != nil {
                    result.u = test.u
                    result.p = test.p
                    result.method = test.method
                    tested.append(results.count)
                    pValues.append(test.p)
                } else {
                    result.reason = "too few sessions for a \(Self.percent(confidence)) interval"
                }
                results.append(result)
            }
            samples.replace(key, with: group)
        }
        for (position, q) in BenjaminiHochberg.adjust(pValues).enumerated() {
            let index = tested[position]
            results[index].adjustedP = q
            decide(&results[index], q: q, alpha: alpha)
        }
        return results.enumerated().sorted { a, b in
            a.element.verdict != b.element.verdict ? a.element.verdict < b.element.verdict : a.offset < b.offset
        }.map(\.element)
    }

    private func decide(_ result: inout MetricComparison, q: Double, alpha: Double) {
        let effect = result.metric.minimumEffect
        let shift = result.shift ?? 0
        let significant = q <= alpha
        if significant, shift >= effect, shift > 0 {
            result.verdict = .regressed
            result.reason = "adjusted p \(Self.pText(q)) ≤ \(Self.pText(alpha)), shift ≥ \(Self.effectText(result.metric))"
        } else if significant, shift <= -effect, shift < 0 {
            result.verdict = .improved
            result.reason = "adjusted p \(Self.pText(q)) ≤ \(Self.pText(alpha)), shift ≤ −\(Self.effectText(result.metric))"
        } else if let low = result.shiftLow, let high = result.shiftHigh, low >= -effect, high <= effect {
            result.verdict = .unchanged
            result.reason = "interval within ±\(Self.effectText(result.metric))"
        } else if significant {
            result.reason = "adjusted p \(Self.pText(q)) but the shift is under \(Self.effectText(result.metric)) and the interval reaches beyond it"
        } else {
            result.reason = "adjusted p \(Self.pText(q)) > \(Self.pText(alpha)) and the interval reaches beyond ±\(Self.effectText(result.metric))"
        }
    }

    /// The median of a sorted sample, `nil` when empty.
    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func percent(_ confidence: Double) -> String {
        let value = confidence * 100
        return (value == value.rounded() ? String(Int(value)) : String(value)) + " %"
    }

    static func pText(_ p: Double) -> String {
        if p < 0.0001 { return "< 0.0001" }
        return String((p * 10000).rounded() / 10000)
    }

    static func effectText(_ metric: ComparedMetric) -> String {
        let number = metric.minimumEffect == metric.minimumEffect.rounded() ? String(Int(metric.minimumEffect)) : String(metric.minimumEffect)
        return metric.unit.isEmpty ? number : number + " " + metric.unit
    }
}
