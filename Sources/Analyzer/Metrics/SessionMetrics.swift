/// Per-session figures that compare well between builds (Docs/comparing-builds.md): rates per
/// minute rather than counts, so sessions of different lengths are alike, and each lower-is-better.
///
/// Computed from the main pass and the findings, with no pass of their own. A rate per minute of
/// movement is `nil` when the session never moved; a fraction of the session is `nil` when it
/// lasted no time.
package struct SessionMetrics: Sendable, Hashable {
    /// Seconds of movement (the hitch model's moving time: hitches included, gaps not), rounded
    /// to 0.000001.
    package var movingTime: Double
    /// Nearest-rank percentiles of the moving frames' overrun (interval − frame duration in
    /// effect), milliseconds; `nil` without moving frames.
    package var overrunP50: Double?
    package var overrunP90: Double?
    package var overrunP99: Double?
    /// Hitches of 250 ms or more per minute of movement.
    package var hangsPerMinute: Double?
    /// Flapping findings (computed and observed streams) per minute of movement.
    package var flappingEpisodesPerMinute: Double?
    /// The toggles of those findings per minute of movement.
    package var flappingTogglesPerMinute: Double?
    /// Seconds in which a title disagreement was open, per minute of the session: the union of
    /// every title_mismatch finding's span, on the computed stream, the observed stream and between
    /// the two (`barHidden` comparisons aside), overlaps counted once.
    package var titleDisagreementPerMinute: Double?
    /// Jitter findings (both streams) per minute of movement.
    package var jitterFindingsPerMinute: Double?
    /// Seconds in gaps over the session's duration, 0…1 (more when gaps overlap its ends).
    package var gapFraction: Double?
}

extension SessionMetrics {
    /// The metrics of a session from its hitch detector's totals and its final findings (in an
    /// extension, so the memberwise initializer stays).
    init(hitch: HitchDetector, findings: [Finding], duration: Double) {
        let minutes = hitch.movingSeconds / 60
        func perMinute(_ value: Double) -> Double? { minutes > 0 ? rounded(value / minutes, 3) : nil }
        var episodes = 0
        var toggles = 0
        var jitters = 0
        var titleSpans: [(start: Double, end: Double)] = []
        for finding in findings {
            switch finding.kind {
            case .flapping:
                episodes += 1
                toggles += finding.count ?? 0
            case .jitter:
                jitters += 1
            case .titleMismatch where finding.signal != BinarySignal.barHidden.name:
                titleSpans.append((finding.start, finding.end))
            default:
                break
            }
        }
        titleSpans.sort { $0.start < $1.start }
        var disagreement = 0.0
        var open: (start: Double, end: Double)?
        for span in titleSpans {
            if let current = open, span.start <= current.end {
                open = (current.start, max(current.end, span.end))
            } else {
                if let current = open { disagreement += current.end - current.start }
                open = span
            }
        }
        if let current = open { disagreement += current.end - current.start }
        let overruns = hitch.overruns.percentiles(50, 90, 99)
        self.init(
            movingTime: rounded(hitch.movingSeconds, 6),
            overrunP50: overruns.0.map { rounded($0, 3) },
            overrunP90: overruns.1.map { rounded($0, 3) },
            overrunP99: overruns.2.map { rounded($0, 3) },
            hangsPerMinute: perMinute(Double(hitch.hangCount)),
            flappingEpisodesPerMinute: perMinute(Double(episodes)), flappingTogglesPerMinute: perMinute(Double(toggles)),
            titleDisagreementPerMinute: duration > 0 ? rounded(disagreement / (duration / 60), 3) : nil,
            jitterFindingsPerMinute: perMinute(Double(jitters)),
            gapFraction: duration > 0 ? rounded(hitch.gapSeconds / duration, 6) : nil)
    }
}
