public import BarModel

/// The first line of a session: format version, metadata and the behaviours to model.
///
/// Read from an NDJSON header line (`{"navrec":1,"session":{…}}`) or, for CSV, built from the
/// command line. ``behaviors`` is always validated (BEHAVIORS.md "Which behaviours go together").
public struct SessionHeader: Sendable, Hashable {
    /// The format versions this build reads.
    public static let supportedVersions = [1]

    /// The `navrec` format version of the line.
    public var formatVersion: Int
    /// The recording's own session id; `nil` means "derive one from the content"
    /// (``SessionSummary/contentID``).
    public var id: String?
    /// App name.
    public var app: String?
    /// Screen name within the app.
    public var screen: String?
    /// Device model identifier, e.g. `iPhone16,1`.
    public var device: String?
    /// Operating system and version, e.g. `iOS 18.1`.
    public var os: String?
    /// Nominal display refresh rate, frames per second.
    public var fps: Double?
    /// When the session started, ISO 8601 as the recording gives it (not parsed).
    public var startedAt: String?
    /// The behaviours the screen uses, with their parameters; validated.
    public var behaviors: BehaviorSet
    /// 1-based line of the file the header is on (1 for CSV and for headers built in code).
    public var line: Int

    /// A header; `behaviors` should have passed ``BehaviorSet/validate()``.
    public init(
        formatVersion: Int = 1, id: String? = nil, app: String? = nil, screen: String? = nil,
        device: String? = nil, os: String? = nil, fps: Double? = nil, startedAt: String? = nil,
        behaviors: BehaviorSet, line: Int = 1
    ) {
        self.formatVersion = formatVersion
        self.id = id
        self.app = app
        self.screen = screen
        self.device = device
        self.os = os
        self.fps = fps
        self.startedAt = startedAt
        self.behaviors = behaviors
        self.line = line
    }
}
