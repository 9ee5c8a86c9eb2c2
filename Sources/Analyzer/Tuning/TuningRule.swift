/// How `navrec tune` picks its recommendation: the smallest value that leaves at most
/// `maxFlappingSessions` of the sessions flapping and adds no title mismatch to the model (against
/// the model at the reference value), with a p95 delay of at most `maxDelay`; and what it says
/// about the pick: a p95 delay over `noticeableDelay`, a value at an end of the range tried.
package struct TuningRule: Sendable, Hashable {
    /// Fraction of the tuned sessions allowed to flap still (0.01 for `1%`).
    package var maxFlappingSessions: Double
    /// Largest allowed p95 delay, seconds; `nil` for no limit.
    package var maxDelay: Double?
    /// A p95 delay above this is one users notice (seconds; 0.1 s, the classic limit for a
    /// response to feel immediate): the recommendation then says so.
    package var noticeableDelay: Double

    package init(maxFlappingSessions: Double = 0.01, maxDelay: Double? = nil, noticeableDelay: Double = 0.1) {
        self.maxFlappingSessions = maxFlappingSessions
        self.maxDelay = maxDelay
        self.noticeableDelay = noticeableDelay
    }

    /// The recommended value and why.
    package struct Recommendation: Sendable, Hashable {
        /// `nil` when no value keeps the delay limit.
        package var value: Double?
        package var reason: String
        /// What to know before using the value: a noticeable delay, an edge of the range tried.
        package var notes: [String] = []
    }

    /// The recommendation among `results` (sorted by value) over `sessions` tuned sessions.
    ///
    /// 1. The smallest value meeting both limits that adds no title mismatch.
    /// 2. Else, among the values within the delay limit, the one leaving the fewest sessions
    ///    flapping (then adding the fewest mismatches, then the fewest toggles, then the smallest).
    /// 3. Else none: no value keeps the delay limit.
    package func recommend(_ results: [TuningValueResult], sessions: Int) -> Recommendation {
        let allowed = maxFlappingSessions * Double(sessions) + 1e-9
        let withinDelay = results.filter { result in maxDelay.map { (result.delayP95 ?? 0) <= $0 + 1e-12 } ?? true }
        let goal = "≤ \(percentText(maxFlappingSessions)) of sessions flapping and adds no title mismatch"
            + (maxDelay.map { " within a p95 delay of \(millisecondsText($0)) ms" } ?? "")
        if let best = withinDelay.first(where: { Double($0.flappingSessions) <= allowed && $0.mismatchesIntroduced == 0 }) {
            return Recommendation(
                value: best.value,
                reason: "the smallest value that leaves \(goal) (\(flappingText(best, sessions))); \(delayText(best))",
                notes: notes(best, among: results))
        }
        guard let best = withinDelay.min(by: { a, b in
            (a.flappingSessions, a.mismatchesIntroduced, a.toggles, a.value)
                < (b.flappingSessions, b.mismatchesIntroduced, b.toggles, b.value)
        }) else {
            return Recommendation(value: nil, reason: "no value keeps the p95 delay within \(millisecondsText(maxDelay ?? 0)) ms")
        }
        return Recommendation(
            value: best.value,
            reason: "no value leaves \(goal); this one leaves the fewest (\(flappingText(best, sessions))); \(delayText(best))",
            notes: notes(best, among: results))
    }

    /// What a user of the pick should know: a p95 delay they would notice, and a value at an end of
    /// the range tried (the best may lie beyond it).
    private func notes(_ pick: TuningValueResult, among results: [TuningValueResult]) -> [String] {
        var notes: [String] = []
        if let p95 = pick.delayP95, p95 > noticeableDelay + 1e-12 {
            notes.append("its p95 delay, \(millisecondsText(p95)) ms, is one users notice (over \(millisecondsText(noticeableDelay)) ms):"
                + " 1 switch in 20 is at least that late; --max-delay \(millisecondsText(noticeableDelay))ms keeps under it")
        }
        if results.count > 1, pick.value == results.last?.value {
            notes.append("it is the largest value tried: a larger one may do better (extend --values)")
        } else if results.count > 1, pick.value == results.first?.value, pick.value > 0 {
            notes.append("it is the smallest value tried: a smaller one may do as well with less delay (extend --values)")
        }
        return notes
    }

    private func flappingText(_ result: TuningValueResult, _ sessions: Int) -> String {
        "\(result.flappingSessions) of \(sessions) flapping"
            + (result.mismatchesIntroduced > 0 ? ", \(result.mismatchesIntroduced) title mismatch\(result.mismatchesIntroduced == 1 ? "" : "es") added" : "")
    }

    private func delayText(_ result: TuningValueResult) -> String {
        guard let p95 = result.delayP95 else { return "no delay measured" }
        return "p95 delay \(millisecondsText(p95)) ms"
    }
}
