package import BarModel

/// One row of the `sessions` table.
@dynamicMemberLookup
package struct StoredSession: Sendable, Hashable {
    /// Internal key; frames are keyed `(key << 32) | seq`.
    package var key: Int64
    /// The session's id: the recording's, a derived one when that was taken (``recordingID``), or
    /// `auto-…` from the content.
    package var id: String
    /// The id the recording's header gave, `nil` when it gave none.
    package var recordingID: String?
    /// App, screen, device, OS, refresh rate and start time, as the recording's header gave them.
    package var metadata: SessionMetadata
    /// Behaviour names, canonical order.
    package var behaviorNames: [String]
    /// Every behaviour with every parameter, as canonical JSON (``BehaviorSet/json``).
    package var parametersJSON: String
    package var contentID: String
    package var source: String
    package var samples: Int
    package var observedSamples: Int
    package var events: Int
    package var ignoredKeys: Int
    /// Seconds from the first sample to the last.
    package var duration: Double
    package var importedAt: String
    /// The recording's t that stored times count from (0, or a raw clock's first timestamp), seconds.
    package var tOrigin: Double

    package init(
        key: Int64, id: String, recordingID: String? = nil, metadata: SessionMetadata = SessionMetadata(),
        behaviorNames: [String], parametersJSON: String,
        contentID: String, source: String, samples: Int, observedSamples: Int, events: Int, ignoredKeys: Int,
        duration: Double, importedAt: String, tOrigin: Double = 0
    ) {
        self.key = key
        self.id = id
        self.recordingID = recordingID
        self.metadata = metadata
        self.behaviorNames = behaviorNames
        self.parametersJSON = parametersJSON
        self.contentID = contentID
        self.source = source
        self.samples = samples
        self.observedSamples = observedSamples
        self.events = events
        self.ignoredKeys = ignoredKeys
        self.duration = duration
        self.importedAt = importedAt
        self.tOrigin = tOrigin
    }

    /// The metadata's fields, read and written as the session's own (`session.app`).
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<SessionMetadata, Value>) -> Value {
        get { metadata[keyPath: keyPath] }
        set { metadata[keyPath: keyPath] = newValue }
    }
}
