/// The result of `navrec tune`: every candidate value's trade-off figures and the recommendation.
package struct TuningRun: Sendable {
    package var parameter: TunedParameter
    /// The value delays are measured against.
    package var reference: Double
    package var rule: TuningRule
    /// Sessions replayed (those using the tuned behaviour).
    package var sessions: Int
    /// Selected sessions without the tuned behaviour, left out.
    package var skippedSessions: Int
    /// Samples of the replayed sessions.
    package var samples: Int
    /// One per candidate value, ascending.
    package var results: [TuningValueResult]
    package var recommendation: TuningRule.Recommendation
    /// Wall-clock seconds of the whole run (reading and replaying).
    package var wallSeconds: Double
    /// Threads the replays ran on.
    package var threads: Int

    /// Samples × candidate values replayed per wall-clock second.
    package var samplesTimesValuesPerSecond: Double {
        wallSeconds > 0 ? Double(samples * results.count) / wallSeconds : 0
    }

    /// Indices of the values no other value beats: none has at most as many flapping sessions,
    /// toggles, added title mismatches and p95 delay (none measured counting as none) and fewer of
    /// one of them.
    ///
    /// - Complexity: O(v²) for v values.
    package static func paretoFront(_ results: [TuningValueResult]) -> Set<Int> {
        func key(_ result: TuningValueResult) -> [Double] {
            [Double(result.flappingSessions), Double(result.toggles), Double(result.mismatchesIntroduced), result.delayP95 ?? 0]
        }
        var front = Set<Int>()
        for index in results.indices {
            let mine = key(results[index])
            let dominated = results.indices.contains { other in
                let theirs = key(results[other])
                return zip(theirs, mine).allSatisfy { $0 <= $1 } && zip(theirs, mine).contains { $0 < $1 }
            }
            if !dominated { front.insert(index) }
        }
        return front
    }
}
