package import BarModel

/// What the analyzer needs to know about a session besides its frames: the header and its events.
@dynamicMemberLookup
package struct SessionDescription: Sendable {
    /// The session's id (as stored).
    package var id: String
    /// The recording's own id from its header, shared by every launch of a screen that reuses it
    /// (the stored id then is `ID~HASH`); `nil` when the header had none. Reports build a
    /// finding's identity from it (``SessionAnalysis/recordingID``).
    package var recordingID: String?
    /// App, screen, device, OS, refresh rate (`nil` uses the median interval) and start time.
    package var metadata: SessionMetadata
    /// The behaviours and parameters the session was recorded (and computed) with.
    package var behaviors: BehaviorSet
    /// The session's taps and lifecycle events, in time order; replay applies them between
    /// samples, and the hitch model treats an interval spanning a lifecycle event as a gap.
    package var events: [ScrollEvent]
    /// Number of samples.
    package var sampleCount: Int
    /// Seconds from the first to the last sample.
    package var duration: Double

    package init(
        id: String, recordingID: String? = nil, metadata: SessionMetadata = SessionMetadata(), behaviors: BehaviorSet,
        events: [ScrollEvent] = [], sampleCount: Int, duration: Double
    ) {
        self.id = id
        self.recordingID = recordingID
        self.metadata = metadata
        self.behaviors = behaviors
        self.events = events
        self.sampleCount = sampleCount
        self.duration = duration
    }

    /// The metadata's fields, read and written as the session's own (`session.app`).
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<SessionMetadata, Value>) -> Value {
        get { metadata[keyPath: keyPath] }
        set { metadata[keyPath: keyPath] = newValue }
    }
}
