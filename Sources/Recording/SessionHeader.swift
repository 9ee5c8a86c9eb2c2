public import BarModel

/// The first line of a session: format version, metadata and the behaviours to model.
///
/// Read from an NDJSON header line (`{"navrec":1,"session":{…}}`) or, for CSV, built from the
/// command line. ``behaviors`` is always validated (BEHAVIORS.md "Which behaviours go together").
@dynamicMemberLookup
public struct SessionHeader: Sendable, Hashable {
    /// The format versions this build reads.
    public static let supportedVersions = [1]

    /// The `navrec` format version of the line.
    public var formatVersion: Int
    /// The recording's own session id; `nil` means "derive one from the content"
    /// (``SessionSummary/contentID``).
    public var id: String?
    /// App, screen, device, OS, refresh rate and start time.
    public var metadata: SessionMetadata
    /// The behaviours the screen uses, with their parameters; validated.
    public var behaviors: BehaviorSet
    /// 1-based line of the file the header is on (1 for CSV and for headers built in code).
    public var line: Int

    /// A header; `behaviors` should have passed ``BehaviorSet/validate()``.
    public init(
        formatVersion: Int = 1, id: String? = nil, metadata: SessionMetadata = SessionMetadata(),
        behaviors: BehaviorSet, line: Int = 1
    ) {
        self.formatVersion = formatVersion
        self.id = id
        self.metadata = metadata
        self.behaviors = behaviors
        self.line = line
    }

    /// The metadata's fields, read and written as the session's own (`session.app`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SessionMetadata, Value>) -> Value {
        get { metadata[keyPath: keyPath] }
        set { metadata[keyPath: keyPath] = newValue }
    }
}
