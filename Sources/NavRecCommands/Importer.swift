internal import BarModel
internal import Foundation
internal import Recording
internal import Store

/// Imports recordings: reads items, runs the bar models, stores each session in one transaction.
///
/// A bad line rolls back only the session it is in (earlier sessions of the file stay stored).
/// A session already in the database (same id; for recordings without an id, the same content)
/// is skipped unless `replace` is set.
struct Importer {
    let store: SessionStore
    let replace: Bool
    /// Called with samples read so far, every few thousand samples (progress; SIGINT checks).
    var onProgress: (Int) throws -> Void = { _ in }
    /// Where skipped-with-different-content warnings go.
    var warn: (String) -> Void = { _ in }

    /// Imports everything `source` yields; `displayName` names the file in the summary.
    func importAll(from source: some RecordingSource, displayName: String, sourcePath: String) throws -> ImportSummary {
        let clock = ContinuousClock.now
        var summary = ImportSummary(file: displayName)
        var stepper = RecordingStepper(source, onProgress: onProgress)

        // Readers end every session before the next header (RecordingItem), so each header is
        // followed by its session's end.
        while let item = try stepper.nextBoundary(storingTo: nil) {
            guard case .header(let header) = item else { continue }
            stepper.start(header.behaviors)
            let existing = try header.id.flatMap { try store.session(id: $0) }
            if existing == nil || replace {
                var end: SessionSummary?
                var skippedID: String?
                let stored = try store.importSession { current in
                    guard case .endOfSession(let last)? = try stepper.nextBoundary(storingTo: current) else { return nil }
                    end = last
                    let id = header.id ?? last.contentID
                    // Asked again inside the write transaction: another process may have stored the
                    // same session since the header was read (concurrent imports of one file).
                    if let existing = try store.session(id: id) {
                        guard replace else {
                            skippedID = existing.id
                            return nil
                        }
                        try store.deleteSession(key: existing.key)
                    }
                    return StoredSession(
                        key: current.sessionKey, id: id, app: header.app, screen: header.screen,
                        device: header.device, os: header.os, fps: header.fps, startedAt: header.startedAt,
                        behaviorNames: header.behaviors.enabledNames, parametersJSON: header.behaviors.json,
                        contentID: last.contentID, source: sourcePath, samples: last.samples,
                        observedSamples: current.observedSamples, events: last.events, ignoredKeys: last.ignoredKeys,
                        duration: current.duration, importedAt: isoNow())
                }
                if stored, let end {
                    summary.sessionsStored += 1
                    summary.samples += end.samples
                    summary.events += end.events
                    summary.ignoredKeys += end.ignoredKeys
                } else if let skippedID {
                    summary.sessionsSkipped += 1
                    summary.skippedIDs.append(skippedID)
                }
            } else if let existing {
                guard case .endOfSession(let end)? = try stepper.nextBoundary(storingTo: nil) else { break }
                summary.sessionsSkipped += 1
                summary.skippedIDs.append(existing.id)
                if existing.contentID != end.contentID {
                    warn("warning: \(displayName): session '\(existing.id)' is already stored with different content; skipped (--replace overwrites it)")
                }
            }
        }
        summary.seconds = (ContinuousClock.now - clock).seconds
        return summary
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
