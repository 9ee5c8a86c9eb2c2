/// Where a session's findings are in its recording, for formats that point into files (SARIF).
package struct RecordingLocation: Sendable, Hashable {
    /// The recording's path relative to the repository root (`Recordings/album.ndjson`), or an
    /// absolute `file://` URI when it lies outside.
    package var uri: String
    /// Per finding of the session, in order: the 1-based line of its first sample, `nil` when the
    /// session was imported before navrec kept line numbers.
    package var findingLines: [Int?]

    package init(uri: String, findingLines: [Int?]) {
        self.uri = uri
        self.findingLines = findingLines
    }
}
