/// Compares a base and a head build group by group and metric by metric (Docs/comparing-builds.md).
///
/// Within a group, sessions are compared stratum by stratum (device model and OS by default: what
/// changes the metrics and may differ between the fleets) and the strata combined, so a head
/// fleet with more old phones is not a regression (Simpson's paradox). Each group × metric asks
/// three questions:
/// - **median**: did the typical session move? Mann–Whitney U (van Elteren across strata) with the
///   Hodges–Lehmann shift;
/// - **mean**: did the mean move? Welch's t within strata (``MeanTest``): sees a change in a
///   minority of sessions that leaves the median session at 0;
/// - **share** (metrics where 0 means none): did the share of sessions with any change? Fisher's
///   exact test (Cochran–Mantel–Haenszel across strata, ``ShareTest``).
/// A group with several strata also gets a row per stratum with enough sessions, so a regression on
/// one device model of four is judged at its own size. The median and share tests of a group ×
/// metric (its row's and its strata rows') are one family of a hierarchical correction
/// (``adjust(_:alpha:correction:)``); the mean test is reported, not corrected.
///
/// Rules, α = 1 − confidence:
/// - a row with fewer than ``minimumSessions`` values on a side is **inconclusive** and not tested;
/// - **regressed**: the median or share test's adjusted p ≤ α with that test's shift up at least
///   its minimum effect (the metric's; ``minimumShareEffect`` for the share), and no test says improved;
/// - **improved**: the same downwards;
/// - **unchanged**: every interval (median, mean) lies within ± the minimum effect;
/// - **inconclusive** otherwise.
public struct BuildComparison: Sendable {
    public var confidence: Double
    public var minimumSessions: Int
    /// The smallest change in the share of sessions above 0 that matters, as a fraction.
    public var minimumShareEffect: Double
    /// Whether a group with several strata gets a row per stratum as well.
    public var stratumRows: Bool
    /// How the tests' p-values are adjusted, and whether the Cochran–Mantel–Haenszel share test
    /// subtracts ½ from |O − E|: the defaults are the design; the others are kept so that
    /// `CompareTradeOffs` measures the alternatives it was chosen over.
    var correction = Correction.hierarchical
    var shareContinuity = false

    /// The defaults: 95 % confidence, 5 sessions a side, 10 percentage points, rows per stratum
    /// (Docs/comparing-builds.md, "Measured": the rates these give on simulated fleets).
    public init(confidence: Double = 0.95, minimumSessions: Int = 5, minimumShareEffect: Double = 0.1, stratumRows: Bool = true) {
        self.confidence = confidence
        self.minimumSessions = minimumSessions
        self.minimumShareEffect = minimumShareEffect
        self.stratumRows = stratumRows
    }

    /// The results, regressions first (then improvements, inconclusive, unchanged), each verdict
    /// by group (its own row, then its strata's) then metric order. Sorts the samples' arrays in place.
    public func run(_ samples: inout ComparisonSamples) -> [MetricComparison] {
        let alpha = 1 - confidence
        var results: [MetricComparison] = []
        var tests: [CorrectedTest] = []
        for key in samples.groups.keys.sorted() {
            var group = samples.take(key)
            for stratum in group.strata.keys {
                for index in samples.metrics.indices {
                    group.strata[stratum]!.base[index].sort()
                    group.strata[stratum]!.head[index].sort()
                }
            }
            let strata = group.strata.keys.sorted()
            var scopes: [(label: String, stratum: String?, keys: [String])] = [(key, nil, strata)]
            if stratumRows, strata.count > 1 {
                scopes += strata.map { (key + " · " + $0, $0, [$0]) }
            }
            for scope in scopes {
                for (index, metric) in samples.metrics.enumerated() {
                    let values = scope.keys.map { (key: $0, base: group.strata[$0]!.base[index], head: group.strata[$0]!.head[index]) }
                    // A stratum's own row only where it has the sessions to be judged.
                    if scope.stratum != nil, min(values[0].base.count, values[0].head.count) < minimumSessions { continue }
                    var result = compare(values, group: scope.label, metric: metric)
                    result.stratum = scope.stratum
                    result.groupKey = key
                    let position = results.count
                    let family = key + "\u{0}" + metric.name
                    // A test whose pooled values are all alike (every session at 0 on both sides)
                    // has p = 1 whatever the sides: it cannot be significant, so it stays out of the
                    // correction (as Tarone's rule leaves out tests that cannot reach α).
                    if let p = result.p, !Self.allAlike(values, in: result.comparedStrata),
                       result.minimumAttainableP ?? Self.minimumAttainableP(values.filter { result.comparedStrata.contains($0.key) }) <= alpha {
                        tests.append(CorrectedTest(result: position, statistic: .median, family: family, p: p))
                    }
                    if let share = result.share, result.reason.isEmpty, share.minimumAttainableP <= alpha {
                        tests.append(CorrectedTest(result: position, statistic: .share, family: family, p: share.p))
                    }
                    results.append(result)
                }
            }
            samples.replace(key, with: group)
        }
        for (test, q) in zip(tests, Self.adjust(tests, alpha: alpha, correction: correction)) {
            switch test.statistic {
            case .median: results[test.result].adjustedP = q
            case .mean: break
            case .share: results[test.result].shareAdjustedP = q
            }
        }
        for index in results.indices where results[index].reason.isEmpty {
            decide(&results[index], alpha: alpha)
        }
        return results.enumerated().sorted { a, b in
            a.element.verdict != b.element.verdict ? a.element.verdict < b.element.verdict : a.offset < b.offset
        }.map(\.element)
    }

    /// One row's figures and tests, before the correction; `reason` is set when it is not tested.
    private func compare(_ strata: [(key: String, base: [Double], head: [Double])], group: String, metric: ComparedMetric) -> MetricComparison {
        // Across strata only those with two sessions a side compare (a mean needs a spread).
        let keyed = strata.count == 1 ? strata : strata.filter { $0.base.count >= 2 && $0.head.count >= 2 }
        let compared = keyed.map { (base: $0.base, head: $0.head) }
        let base = compared.flatMap(\.base).sorted(), head = compared.flatMap(\.head).sorted()
        var result = MetricComparison(
            group: group, metric: metric, baseCount: base.count, headCount: head.count,
            baseMedian: Self.median(base), headMedian: Self.median(head), verdict: .inconclusive, reason: "")
        result.strata = compared.count
        result.comparedStrata = keyed.map(\.key)
        result.baseLeftOut = strata.reduce(0) { $0 + $1.base.count } - base.count
        result.headLeftOut = strata.reduce(0) { $0 + $1.head.count } - head.count
        result.baseMean = base.isEmpty ? nil : base.reduce(0, +) / Double(base.count)
        result.headMean = head.isEmpty ? nil : head.reduce(0, +) / Double(head.count)
        guard !compared.isEmpty else {
            result.strata = 0
            result.reason = "no stratum has 2 sessions on both sides"
            return result
        }
        var bounded = false
        if compared.count == 1, !base.isEmpty, !head.isEmpty {
            let mannWhitney = MannWhitneyTest(base: base, head: head)
            let estimate = ShiftEstimate(base: base, head: head, confidence: confidence, method: mannWhitney.method)
            result.shift = estimate.shift
            result.shiftLow = estimate.low
            result.shiftHigh = estimate.high
            result.u = mannWhitney.u
            result.p = mannWhitney.p
            result.method = mannWhitney.method
            result.minimumAttainableP = mannWhitney.minimumAttainableP
            bounded = estimate.low != nil
        } else if compared.count > 1 {
            let test = StratifiedRankTest(strata: compared)
            result.shift = test.shift
            result.z = test.z
            result.p = test.p
            result.method = .vanElteren
            bounded = true
        }
        result.mean = MeanTest(strata: compared, confidence: confidence)
        if metric.countsSessions {
            result.share = ShareTest(continuity: shareContinuity, strata: compared.map { stratum in
                (stratum.base.count, stratum.base.count { $0 > 0 }, stratum.head.count, stratum.head.count { $0 > 0 })
            })
        }
        let fewest = min(base.count, head.count)
        if fewest < minimumSessions {
            result.reason = "too few sessions (\(fewest) < \(minimumSessions))"
        } else if !bounded {
            result.reason = "too few sessions for a \(Self.percent(confidence)) interval"
        }
        if !result.reason.isEmpty { result.p = nil; result.u = nil; result.z = nil; result.method = nil }
        return result
    }

    /// The verdict: evidence (a significant test, and which way it points) and size (a shift at
    /// least its minimum effect, the same way).
    private func decide(_ result: inout MetricComparison, alpha: Double) {
        let effect = result.metric.minimumEffect
        // Evidence: the median test (its direction: the head's U above or below m·n/2, or z) and the share test.
        var evidence: [(statistic: ComparisonStatistic, q: Double, direction: Double)] = []
        if let q = result.adjustedP, q <= alpha {
            let direction = result.z ?? result.u.map { $0 - Double(result.baseCount) * Double(result.headCount) / 2 } ?? 0
            evidence.append((.median, q, direction))
        }
        if let q = result.shareAdjustedP, q <= alpha, let share = result.share { evidence.append((.share, q, share.shift)) }
        // Size: the shift of the test that gives the evidence, at its minimum effect. (The mean's
        // shift is no size of its own: with the evidence from another test, noise in a few
        // sessions' means made verdicts of a device-mix shift.)
        let unit = result.metric.unit.isEmpty ? "" : " " + result.metric.unit
        var sizes: [(statistic: ComparisonStatistic, text: String, direction: Double)] = []
        let effectText = Self.effectText(result.metric)
        if let shift = result.shift, abs(shift) >= effect, shift != 0 {
            sizes.append((.median, "median shift \(Self.signed(shift))\(unit) (\(shift > 0 ? "≥" : "≤ −")\(effectText))", shift))
        }
        if let share = result.share, abs(share.shift) >= minimumShareEffect, share.shift != 0 {
            sizes.append((.share, "sessions above 0 \(Self.number(share.baseShare * 100)) % → \(Self.number(share.headShare * 100)) %, \(Self.signed(share.shift * 100)) pp (\(share.shift > 0 ? "≥" : "≤ −")\(Self.number(minimumShareEffect * 100)) pp)", share.shift))
        }
        func says(_ sign: Double) -> (evidence: (statistic: ComparisonStatistic, q: Double, direction: Double), size: String)? {
            let decided = evidence.filter { $0.direction * sign > 0 }.sorted { $0.q < $1.q }.compactMap { test in
                sizes.first { $0.statistic == test.statistic && $0.direction * sign > 0 }.map { (test, $0.text) }
            }
            return decided.first.map { (evidence: $0.0, size: $0.1) }
        }
        let up = says(1), down = says(-1)
        if up != nil, down != nil {
            result.verdict = .inconclusive
            result.reason = "the tests disagree: \(up!.size), but \(down!.size)"
            return
        }
        if let decided = up ?? down {
            result.verdict = up != nil ? .regressed : .improved
            result.decidedBy = decided.evidence.statistic
            result.reason = "\(decided.size); \(decided.evidence.statistic.rawValue) test adjusted p \(Self.pText(decided.evidence.q)) ≤ \(Self.pText(alpha))"
            return
        }
        var intervals: [(Double, Double)] = []
        if let low = result.shiftLow, let high = result.shiftHigh { intervals.append((low, high)) }
        if let mean = result.mean { intervals.append((mean.low, mean.high)) }
        if !intervals.isEmpty, intervals.allSatisfy({ $0.0 >= -effect && $0.1 <= effect }) {
            result.verdict = .unchanged
            result.reason = "\(intervals.count == 2 ? "median and mean intervals" : "interval") within ±\(Self.effectText(result.metric))"
            return
        }
        let smallest = [result.adjustedP, result.shareAdjustedP].compactMap { $0 }.min() ?? 1
        result.verdict = .inconclusive
        result.reason = smallest <= alpha
            ? "adjusted p \(Self.pText(smallest)) but no shift reaches its minimum effect and an interval reaches beyond ±\(Self.effectText(result.metric))"
            : "smallest adjusted p \(Self.pText(smallest)) > \(Self.pText(alpha)) and an interval reaches beyond ±\(Self.effectText(result.metric))"
    }

    /// A test that enters the correction: its row, which test, its family (group × metric) and p.
    struct CorrectedTest {
        var result: Int
        var statistic: ComparisonStatistic
        var family: String
        var p: Double
    }

    /// How the p-values of a run are adjusted.
    enum Correction {
        /// One Benjamini–Hochberg across every test of the run (the design before issue 35).
        case flat
        /// Benjamini–Bogomolov (``adjust(_:alpha:correction:)``).
        case hierarchical
        /// Benjamini–Hochberg within each family only: α per group × metric, more per run.
        case perFamily
    }

    /// The adjusted p-values, in the order of `tests`; a test is significant where its adjusted p ≤ α.
    ///
    /// Hierarchical (Benjamini & Bogomolov 2014, "Selective inference on multiple families of
    /// hypotheses"): the tests of one group × metric — its row's and its strata rows', median and
    /// share — are a family. Stage 1: each family's Simes p (its smallest Benjamini–Hochberg
    /// adjusted p) and Benjamini–Hochberg across the M families; R of them at or below α are
    /// selected. Stage 2: Benjamini–Hochberg within each family, at α·R/M. A test's adjusted p is
    /// max(its family's stage-1 q, its stage-2 q · M / R): at or below α exactly when both stages
    /// reject. When nothing changed, a test is significant only if some family is selected, which
    /// Benjamini–Hochberg on Simes p-values keeps at α or below for the whole run.
    static func adjust(_ tests: [CorrectedTest], alpha: Double, correction: Correction) -> [Double] {
        guard correction != .flat else { return BenjaminiHochberg.adjust(tests.map(\.p)) }
        var members: [String: [Int]] = [:]
        for (index, test) in tests.enumerated() { members[test.family, default: []].append(index) }
        let families = members.keys.sorted()
        var within = [Double](repeating: 1, count: tests.count)
        var simes: [Double] = []
        for family in families {
            let indices = members[family]!
            let q = BenjaminiHochberg.adjust(indices.map { tests[$0].p })
            for (index, value) in zip(indices, q) { within[index] = value }
            simes.append(q.min()!)
        }
        if correction == .perFamily { return within }
        let stage1 = BenjaminiHochberg.adjust(simes)
        let selected = max(1, stage1.count { $0 <= alpha })
        var familyQ: [String: Double] = [:]
        for (family, q) in zip(families, stage1) { familyQ[family] = q }
        let scale = Double(families.count) / Double(selected)
        return tests.indices.map { max(familyQ[tests[$0].family]!, min(1, within[$0] * scale)) }
    }

    /// Whether every value of the compared strata is the same (sorted arrays: first and last).
    static func allAlike(_ strata: [(key: String, base: [Double], head: [Double])], in keys: [String]) -> Bool {
        let values = strata.filter { keys.contains($0.key) }.flatMap { [$0.base.first, $0.base.last, $0.head.first, $0.head.last] }
        let present = values.compactMap { $0 }
        return present.allSatisfy { $0 == present.first }
    }

    /// The smallest p-value the median test can give these values whatever the sides (Tarone's
    /// rule), where the test's exact distribution does not give it
    /// (``MannWhitneyTest/minimumAttainableP``): the pooled values of each stratum rearranged so
    /// that the head holds its largest (or its smallest), the sides' sizes kept.
    static func minimumAttainableP(_ strata: [(key: String, base: [Double], head: [Double])]) -> Double {
        [true, false].map { headHighest in
            let arranged = strata.map { stratum -> (base: [Double], head: [Double]) in
                let pooled = (stratum.base + stratum.head).sorted()
                let split = headHighest ? stratum.base.count : stratum.head.count
                let low = Array(pooled[..<split]), high = Array(pooled[split...])
                return headHighest ? (low, high) : (high, low)
            }
            if arranged.count == 1 { return MannWhitneyTest(base: arranged[0].base, head: arranged[0].head).p }
            return StratifiedRankTest(strata: arranged).p
        }.min()!
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

    /// Up to three significant decimals, as the renderers print figures.
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        let scale = magnitude >= 100 ? 1.0 : magnitude >= 10 ? 10 : magnitude >= 1 ? 100 : 1000
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func signed(_ value: Double) -> String { value > 0 ? "+" + number(value) : number(value) }

    static func effectText(_ metric: ComparedMetric) -> String {
        let number = metric.minimumEffect == metric.minimumEffect.rounded() ? String(Int(metric.minimumEffect)) : String(metric.minimumEffect)
        return metric.unit.isEmpty ? number : number + " " + metric.unit
    }
}
