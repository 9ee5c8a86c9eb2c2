/// What importing one file did, for the summary line.
struct ImportSummary {
    var file: String
    var sessionsStored = 0
    var sessionsSkipped = 0
    var samples = 0
    var events = 0
    var ignoredKeys = 0
    var seconds = 0.0
    /// Ids of sessions that were already in the database.
    var skippedIDs: [String] = []

    /// `FILE: 2 sessions stored, 1 already imported; 7200 samples, 3 events, 0 ignored keys in 0.05 s (144000 samples/s)`.
    var line: String {
        var text = "\(file): \(sessionsStored) session\(sessionsStored == 1 ? "" : "s") stored"
        if sessionsSkipped > 0 {
            text += ", \(sessionsSkipped) already imported (\(skippedIDs.prefix(3).joined(separator: ", "))\(skippedIDs.count > 3 ? ", …" : ""); --replace re-imports)"
        }
        let rate = seconds > 0 ? Double(samples) / seconds : 0
        text += "; \(samples) samples, \(events) events, \(ignoredKeys) ignored keys in \(formatSeconds(seconds)) s"
        text += " (\(Int(rate.rounded())) samples/s)"
        return text
    }
}

/// Seconds with three significant decimals for short spans.
func formatSeconds(_ seconds: Double) -> String {
    let rounded = (seconds * 1000).rounded() / 1000
    return String(rounded)
}
