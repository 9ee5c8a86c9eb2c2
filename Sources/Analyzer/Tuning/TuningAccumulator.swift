/// Sums sessions' ``TuningOutcome``s into a ``TuningRun``, one session at a time, so a run over
/// thousands of sessions keeps only the switch delays in memory.
package struct TuningAccumulator: Sendable {
    package let parameter: TunedParameter
    /// The candidate values, ascending.
    package let values: [Double]
    package let reference: Double
    private var results: [TuningValueResult]
    private var delays: [[Double]]
    private var delayPoints: [[Double]]
    /// Sessions added so far.
    package private(set) var sessionCount = 0
    private var samples = 0

    package init(parameter: TunedParameter, values: [Double], reference: Double) {
        self.parameter = parameter
        self.values = values
        self.reference = reference
        results = values.map { TuningValueResult(value: $0) }
        delays = values.map { _ in [] }
        delayPoints = values.map { _ in [] }
    }

    /// Adds one session: its replay with the reference value and with each candidate (in
    /// `values` order), and the seconds each candidate's replay took.
    package mutating func add(samples count: Int, reference: TuningOutcome, outcomes: [TuningOutcome], seconds: [Double]) {
        sessionCount += 1
        samples += count
        for index in values.indices {
            let outcome = outcomes[index]
            results[index].flappingEpisodes += outcome.flappingEpisodes
            results[index].toggles += outcome.toggles
            if outcome.flappingEpisodes > 0 { results[index].flappingSessions += 1 }
            results[index].mismatchesIntroduced += max(0, outcome.titleMismatches - reference.titleMismatches)
            results[index].mismatchesRemoved += max(0, reference.titleMismatches - outcome.titleMismatches)
            results[index].replaySeconds += seconds[index]
            let measured = switch parameter.response {
            case .switchDelay: SwitchDelay.delays(reference: reference.switches, candidate: outcome.switches)
            case .settleTime: outcome.settles
            }
            for delay in measured {
                delays[index].append(delay.seconds)
                delayPoints[index].append(delay.points)
            }
        }
    }

    /// The run: percentiles, the Pareto front and the recommendation under `rule`.
    package func finish(rule: TuningRule, skippedSessions: Int, wallSeconds: Double, threads: Int) -> TuningRun {
        var results = results
        for index in results.indices {
            let seconds = delays[index].sorted(), points = delayPoints[index].sorted()
            results[index].pairedSwitches = seconds.count
            results[index].delayMedian = Self.median(seconds)
            results[index].delayP95 = Self.percentile95(seconds)
            results[index].delayMedianPoints = Self.median(points)
            results[index].delayP95Points = Self.percentile95(points)
        }
        let front = TuningRun.paretoFront(results)
        for index in results.indices { results[index].isPareto = front.contains(index) }
        return TuningRun(
            parameter: parameter, reference: reference, rule: rule, sessions: sessionCount, skippedSessions: skippedSessions,
            samples: samples, results: results, recommendation: rule.recommend(results, sessions: sessionCount),
            wallSeconds: wallSeconds, threads: threads)
    }

    /// The middle value of `sorted` (the mean of the two middle ones for an even count).
    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The nearest-rank 95th percentile of `sorted`: the smallest value at least 95 % of them do not exceed.
    static func percentile95(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((0.95 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }
}
