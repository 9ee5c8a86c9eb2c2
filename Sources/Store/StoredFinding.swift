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
    package var message: String
    /// The finding's `details` as a JSON object.
    package var detailsJSON: String

    package init(
        kind: String, subkind: String?, signal: String, source: String, severity: String, start: Double, end: Double,
        count: Int?, message: String, detailsJSON: String
    ) {
        self.kind = kind
        self.subkind = subkind
        self.signal = signal
        self.source = source
        self.severity = severity
        self.start = start
        self.end = end
        self.count = count
        self.message = message
        self.detailsJSON = detailsJSON
    }
}
