/// One row of the `findings` table: a finding as the JSON report shows it.
package struct StoredFinding: Sendable, Hashable {
    package var kind: String
    package var subkind: String?
    package var signal: String
    package var source: String
    package var severity: String
    /// Seconds from the session start.
    package var start: Double
    package var end: Double
    package var count: Int?
    /// Flapping: the scroll offsets over the episode, points.
    package var yMin: Double?
    package var yMax: Double?
    /// Flapping: the hysteresis that removes it.
    package var suggestedHysteresis: Double?
    /// Flapping of `barHidden`: the hide-on-swipe distance that removes it.
    package var suggestedSwipeDistance: Double?
    package var message: String
    /// The finding's `details` as a JSON object.
    package var detailsJSON: String

    package init(
        kind: String, subkind: String?, signal: String, source: String, severity: String, start: Double, end: Double,
        count: Int?, yMin: Double? = nil, yMax: Double? = nil, suggestedHysteresis: Double? = nil, suggestedSwipeDistance: Double? = nil,
        message: String,
        detailsJSON: String
    ) {
        self.kind = kind
        self.subkind = subkind
        self.signal = signal
        self.source = source
        self.severity = severity
        self.start = start
        self.end = end
        self.count = count
        self.yMin = yMin
        self.yMax = yMax
        self.suggestedHysteresis = suggestedHysteresis
        self.suggestedSwipeDistance = suggestedSwipeDistance
        self.message = message
        self.detailsJSON = detailsJSON
    }
}
