/// How long a disagreement between the app and the model lasted, when the app's state is known only
/// at the samples that carry it (Docs/findings.md "Sparse observed states"): a sample without it
/// neither starts nor breaks the span. The span starts at the first observed sample that disagrees
/// and ends at the sample after the last one that does — each observed sample vouches for its own
/// frame only — so in a stream observed on every sample it ends, as before, at the first sample
/// that agrees.
///
/// Call ``pass(_:)`` at every sample before deciding, ``disagree(at:)`` at each observed sample
/// that disagrees, and close it with ``end(at:)``.
struct ObservedSpan: Sendable {
    let start: Double
    /// The sample after the last disagreeing one, once it came.
    private var after: Double?
    private var awaitingNext = true

    /// A span that starts at the disagreeing observed sample at `start`.
    init(start: Double) { self.start = start }

    /// Takes the time of the next sample (observed or not).
    mutating func pass(_ t: Double) {
        guard awaitingNext else { return }
        after = t
        awaitingNext = false
    }

    /// The observed sample at `t` still disagrees.
    mutating func disagree(at t: Double) {
        after = nil
        awaitingNext = true
    }

    /// Where the span ends when an observed sample at `t` agrees again, or the stream ends at `t`.
    func end(at t: Double) -> Double { after ?? t }
}
