/// What one session of a recording held, reported after its last line.
public struct SessionSummary: Sendable, Hashable {
    /// Sample lines (or CSV rows) read.
    public var samples: Int
    /// Event lines read.
    public var events: Int
    /// Unknown keys that were ignored: every occurrence on NDJSON lines (top level, `bar`,
    /// `session`), once per unknown column for CSV.
    public var ignoredKeys: Int
    /// A stable id derived from the session's content: `auto-` and 32 lowercase hex digits of its
    /// SHA-256 (see ``ContentHasher`` for the algorithm). The same bytes give the same id with `\n`
    /// or `\r\n` line endings, on every run. `nil` only from a reader told to leave it out of
    /// sessions whose header names their id (`NDJSONReader.namedSessionContentIDs`).
    public var contentID: String?
    /// The id navrec versions before SHA-256 gave the same content (`auto-` and 16 hex digits of
    /// a 64-bit hash), to recognize sessions they stored; `nil` when not computed.
    public var legacyContentID: String?
    /// 1-based line of the header (1 for CSV).
    public var firstLine: Int
    /// 1-based line of the session's last non-blank line.
    public var lastLine: Int

    /// A summary; readers build these.
    public init(samples: Int, events: Int, ignoredKeys: Int, contentID: String?, firstLine: Int, lastLine: Int,
                legacyContentID: String? = nil) {
        self.legacyContentID = legacyContentID
        self.samples = samples
        self.events = events
        self.ignoredKeys = ignoredKeys
        self.contentID = contentID
        self.firstLine = firstLine
        self.lastLine = lastLine
    }
}
