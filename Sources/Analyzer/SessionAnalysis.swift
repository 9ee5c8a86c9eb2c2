package import BarModel

/// Everything the analyzer found in one session: the session's description, its metrics, its
/// findings and a digest of its timeline for charts.
@dynamicMemberLookup
package struct SessionAnalysis: Sendable, Hashable {
    package var id: String
    /// The recording's id from its header (``SessionDescription/recordingID``), `nil` without one.
    package var recordingID: String? = nil
    /// App, screen, device, OS, refresh rate and start time, as the session's description gave them.
    package var metadata: SessionMetadata
    /// The behaviours analysed (with any replayed parameter applied).
    package var behaviors: BehaviorSet
    package var sampleCount: Int
    /// Seconds.
    package var duration: Double
    /// Behaviour parameters the computed stream was replayed with (`blurHeader.hysteresis=1.5`);
    /// empty when the stored computed states were analysed.
    package var replayed: [String]
    /// The nominal frame interval, seconds (`1/fps`, else the median moving interval): the frame
    /// duration in effect where neither `frameDuration` nor a steady lower rate says otherwise
    /// (Docs/findings.md "Hitch model"); `nil` when the session never moved.
    package var expectedInterval: Double?
    /// Hitch milliseconds per second of movement, rounded to 0.001.
    package var hitchTimeRatio: Double
    /// RFC 3550 frame-interval jitter, milliseconds, rounded to 0.001.
    package var frameJitter: Double
    /// Late intervals that were not frames (pauses, backgrounding; Docs/findings.md "Hitch model"):
    /// neither hitch time nor moving time.
    package var gaps: Int
    /// Seconds those gaps cover, rounded to 0.000001.
    package var gapTime: Double
    /// Figures that compare well between builds (``SessionMetrics``).
    package var metrics: SessionMetrics
    /// Sorted by start time, then kind, signal and source.
    package var findings: [Finding]
    package var timeline: TimelineDigest

    /// The most severe finding's severity, `nil` without findings (for `--fail-on`).
    package var worstSeverity: Finding.Severity? { findings.map(\.severity).max() }

    /// The metadata's fields, read and written as the analysis's own (`analysis.app`).
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<SessionMetadata, Value>) -> Value {
        get { metadata[keyPath: keyPath] }
        set { metadata[keyPath: keyPath] = newValue }
    }
}
