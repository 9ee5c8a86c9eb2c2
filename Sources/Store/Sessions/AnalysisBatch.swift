internal import Foundation

/// Analyses saved together: `navrec report` writes its sessions' analyses and findings in one
/// transaction per ``maxSessions`` sessions or per ``interval``, whichever comes first, and at
/// ``finish()``.
///
/// Why: a transaction of its own per session (its locks and WAL pages) is a large share of a
/// short session's report. What a crash or an error
/// takes back is what a crash before took back, and no more than the last ``interval``: analyses
/// are derived data that the next report recomputes, and each batch replaces its sessions' rows
/// whole. End the batch with ``finish()`` on success and on the error path alike (Ctrl-C keeps the
/// analyses of the sessions before it); a batch dropped without it writes nothing more.
package final class AnalysisBatch {
    /// Sessions a batch holds at most before it is written.
    package static let maxSessions = 256
    /// How long an analysis waits at most before it is written (checked as the next one comes).
    package static let interval = Duration.milliseconds(100)

    private let store: SessionStore
    private var pending: [StoredAnalysis] = []
    /// When the oldest pending analysis came.
    private var firstPending: ContinuousClock.Instant?
    private var isFinished = false
    /// Sessions deleted or replaced after they were analysed: their analyses were not stored.
    package private(set) var vanishedSessions: [String] = []
    /// `analyzed_at` of the last second an analysis came in (``isoNow()`` has whole seconds):
    /// formatting the date for each of thousands of sessions a second showed in the profile.
    private var analyzedAt: (second: Int64, text: String)?

    init(store: SessionStore) {
        self.store = store
        pending.reserveCapacity(Self.maxSessions)
    }

    /// Replaces the session's analysis and findings for `settings` (the non-default `--set`
    /// assignments, `""` for the defaults) when the batch is next written: now, if it is due.
    package func save(
        of session: StoredSession, settings: String, hitchTimeRatio: Double, frameJitter: Double, gaps: Int, gapTime: Double,
        metrics: StoredMetrics = .none, findings: [StoredFinding]
    ) throws {
        precondition(!isFinished, "AnalysisBatch used after finish()")
        let now = ContinuousClock.now
        pending.append(StoredAnalysis(
            session: session, settings: settings, hitchTimeRatio: hitchTimeRatio, frameJitter: frameJitter, gaps: gaps,
            gapTime: gapTime, metrics: metrics, findings: findings, analyzedAt: analyzedAtText()))
        let first = firstPending ?? now
        firstPending = first
        if pending.count >= Self.maxSessions || now - first >= Self.interval { try write() }
    }

    /// Writes the pending analyses and ends the batch.
    package func finish() throws {
        precondition(!isFinished, "AnalysisBatch finished twice")
        isFinished = true
        try write()
    }

    /// ``isoNow()``, formatted once per second.
    private func analyzedAtText() -> String {
        let date = Date()
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        if let analyzedAt, analyzedAt.second == second { return analyzedAt.text }
        let text = isoText(date)
        analyzedAt = (second, text)
        return text
    }

    private func write() throws {
        // Taken out first: analyses a failed write could not store are not tried again.
        let analyses = pending
        pending.removeAll(keepingCapacity: true)
        firstPending = nil
        vanishedSessions += try store.write(analyses)
    }
}
