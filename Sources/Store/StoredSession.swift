/// One row of the `sessions` table.
package struct StoredSession: Sendable, Hashable {
    /// Internal key; frames are keyed `(key << 32) | seq`.
    package var key: Int64
    /// The session's id: the recording's, a derived one when that was taken (``recordingID``), or
    /// `auto-…` from the content.
    package var id: String
    /// The id the recording's header gave, `nil` when it gave none.
    package var recordingID: String?
    package var app: String?
    package var screen: String?
    package var device: String?
    package var os: String?
    package var fps: Double?
    package var startedAt: String?
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
        key: Int64, id: String, recordingID: String? = nil, app: String? = nil, screen: String? = nil, device: String? = nil, os: String? = nil,
        fps: Double? = nil, startedAt: String? = nil, behaviorNames: [String], parametersJSON: String,
        contentID: String, source: String, samples: Int, observedSamples: Int, events: Int, ignoredKeys: Int,
        duration: Double, importedAt: String, tOrigin: Double = 0
    ) {
        self.key = key
        self.id = id
        self.recordingID = recordingID
        self.app = app
        self.screen = screen
        self.device = device
        self.os = os
        self.fps = fps
        self.startedAt = startedAt
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
}
