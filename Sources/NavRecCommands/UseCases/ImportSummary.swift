internal import Analyzer
internal import BarModel

/// What importing one file (or, added up, every file) did, for the summary line.
struct ImportSummary {
    /// The file's name, or what the line is about (`total, 2000 files`).
    var file: String
    var sessionsStored = 0
    var sessionsSkipped = 0
    /// Sessions that failed (their errors went to stderr): nothing of them is stored.
    var sessionsFailed = 0
    /// Files with a failed session, for the total.
    var filesWithFailures = 0
    /// Whether a file could not be read (exit 66 rather than 65).
    var unreadable = false
    var samples = 0
    var events = 0
    var ignoredKeys = 0
    var seconds = 0.0
    /// Ids of sessions that were already in the database.
    var skippedIDs: [String] = []
    /// Ids of stored sessions whose recording's id was taken by a different recording.
    var derivedIDs: [String] = []
    /// The raw-clock origins of stored sessions whose times were rebased (``SessionClock``).
    var rebasedOrigins: [Double] = []

    /// Adds `other`'s counts (a file's) to this total.
    mutating func add(_ other: ImportSummary) {
        sessionsStored += other.sessionsStored
        sessionsSkipped += other.sessionsSkipped
        sessionsFailed += other.sessionsFailed
        if other.sessionsFailed > 0 { filesWithFailures += 1 }
        unreadable = unreadable || other.unreadable
        samples += other.samples
        events += other.events
        ignoredKeys += other.ignoredKeys
        seconds += other.seconds
        skippedIDs += other.skippedIDs
        derivedIDs += other.derivedIDs
        rebasedOrigins += other.rebasedOrigins
    }

    /// `FILE: 2 sessions stored, 1 already imported, 1 failed; 7200 samples, 3 events, 0 ignored keys in 0.05 s (144000 samples/s)`,
    /// with what happened to ids and clocks when anything did.
    var line: String {
        var text = "\(file): \(Self.count(sessionsStored, "session")) stored"
        if !derivedIDs.isEmpty {
            // On stdout, not only as a warning: these ids are how the user finds the sessions.
            text += " (\(derivedIDs.count) under a new id, as \(derivedIDs.count == 1 ? "its id holds" : "their ids hold")"
                + " a different recording: \(Self.list(derivedIDs)))"
        }
        if sessionsSkipped > 0 {
            text += ", \(sessionsSkipped) already imported (\(Self.list(skippedIDs)); --replace re-imports)"
        }
        if sessionsFailed > 0 {
            text += ", \(sessionsFailed) failed"
            if filesWithFailures > 0 { text += " in \(Self.count(filesWithFailures, "file"))" }
            text += " (nothing of \(sessionsFailed == 1 ? "it" : "them") stored)"
        }
        let rate = seconds > 0 ? Double(samples) / seconds : 0
        text += "; \(samples) samples, \(events) events, \(ignoredKeys) ignored keys in \(String(rounded(seconds, 3))) s"
        text += " (\(Int(rate.rounded())) samples/s)"
        if !rebasedOrigins.isEmpty {
            let one = rebasedOrigins.count == 1
            text += "; \(Self.count(rebasedOrigins.count, "session")) on a raw clock, t counted from \(one ? "its" : "their")"
                + " first timestamp (\(Self.list(rebasedOrigins.map { formatNumber($0) + " s" })))"
        }
        return text
    }

    /// "1 session", "2 sessions".
    private static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The first three items, comma-separated, then "…" if there are more.
    private static func list(_ items: [String]) -> String {
        items.prefix(3).joined(separator: ", ") + (items.count > 3 ? ", …" : "")
    }
}
