public import BarModel

/// What the analyzer needs to know about a session besides its frames: the header and its events.
public struct SessionDescription: Sendable {
    /// The session's id (as stored).
    public var id: String
    public var app: String?
    public var screen: String?
    public var device: String?
    public var os: String?
    /// Nominal refresh rate from the header, frames per second; `nil` uses the median interval.
    public var fps: Double?
    /// The behaviours and parameters the session was recorded (and computed) with.
    public var behaviors: BehaviorSet
    /// The session's taps and lifecycle events, in time order; replay applies them between
    /// samples, and the hitch model treats an interval spanning a lifecycle event as a gap.
    public var events: [ScrollEvent]
    /// Number of samples.
    public var sampleCount: Int
    /// Seconds from the first to the last sample.
    public var duration: Double

    public init(
        id: String, app: String? = nil, screen: String? = nil, device: String? = nil, os: String? = nil,
        fps: Double? = nil, behaviors: BehaviorSet, events: [ScrollEvent] = [], sampleCount: Int, duration: Double
    ) {
        self.id = id
        self.app = app
        self.screen = screen
        self.device = device
        self.os = os
        self.fps = fps
        self.behaviors = behaviors
        self.events = events
        self.sampleCount = sampleCount
        self.duration = duration
    }
}
