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
        var database: Database { store.database }

        var header: SessionHeader?
        var engine = BarEngine(behaviors: BehaviorSet())
        var writer: SessionWriter?
        var existing: StoredSession?
        var samplesRead = 0

        func rollback() {
            if database.isInTransaction { try? database.execute("ROLLBACK") }
            writer = nil
        }

        /// Runs the models on a sample and stores it with its states; `observed` points at the
        /// state the app reported, if any (the NDJSON reader's own storage, read in place).
        @inline(__always)
        func add(_ sample: ScrollSample, observedAt observed: UnsafePointer<BarState>?) throws {
            samplesRead += 1
            if let writer {
                writer.noteLine(source.itemLine)
                try writer.append(sample, computed: engine.step(sample), observedAt: observed)
            }
            if samplesRead & 0xFFF == 0 { try onProgress(samplesRead) }
        }

        // The NDJSON reader's samples are taken from the reader in place rather than wrapped in a
        // `RecordingItem` (see `NDJSONReader.advance()`); the other items go the common way.
        let ndjson = source as? NDJSONReader
        do {
            reading: while true {
                let item: RecordingItem
                if let ndjson {
                    switch try ndjson.advance() {
                    case .sample:
                        try add(ndjson.sample, observedAt: ndjson.observedPointer)
                        continue reading
                    case .other:
                        item = ndjson.otherItem
                    case .end:
                        break reading
                    }
                } else {
                    guard let next = try source.next() else { break reading }
                    item = next
                }
                switch item {
                case .header(let newHeader):
                    header = newHeader
                    engine = BarEngine(behaviors: newHeader.behaviors)
                    existing = try newHeader.id.flatMap { try store.session(id: $0) }
                    if existing == nil || replace {
                        try database.execute("BEGIN IMMEDIATE")
                        writer = try store.makeSessionWriter()
                    }
                case .sample(let sample, let observed):
                    if let observed {
                        try withUnsafePointer(to: observed) { try add(sample, observedAt: $0) }
                    } else {
                        try add(sample, observedAt: nil)
                    }
                case .event(let event):
                    if let writer {
                        engine.apply(event)
                        try writer.append(event)
                    }
                case .endOfSession(let end):
                    guard let header else { continue }
                    let id = header.id ?? end.contentID
                    if let current = writer {
                        // Asked again inside the write transaction: another process may have stored the
                        // same session since the header was read (concurrent imports of one file).
                        existing = try store.session(id: id)
                        if let existing, !replace {
                            rollback()
                            summary.sessionsSkipped += 1
                            summary.skippedIDs.append(existing.id)
                            continue
                        }
                        if let existing { try store.deleteSession(key: existing.key) }
                        try current.finish(StoredSession(
                            key: current.sessionKey, id: id, app: header.app, screen: header.screen,
                            device: header.device, os: header.os, fps: header.fps, startedAt: header.startedAt,
                            behaviorNames: header.behaviors.enabledNames, parametersJSON: header.behaviors.json,
                            contentID: end.contentID, source: sourcePath, samples: end.samples,
                            observedSamples: current.observedSamples, events: end.events, ignoredKeys: end.ignoredKeys,
                            duration: current.duration, importedAt: isoNow()))
                        try database.execute("COMMIT")
                        writer = nil
                        summary.sessionsStored += 1
                        summary.samples += end.samples
                        summary.events += end.events
                        summary.ignoredKeys += end.ignoredKeys
                    } else if let existing {
                        summary.sessionsSkipped += 1
                        summary.skippedIDs.append(existing.id)
                        if existing.contentID != end.contentID {
                            warn("warning: \(displayName): session '\(id)' is already stored with different content; skipped (--replace overwrites it)")
                        }
                    }
                }
            }
        } catch {
            rollback()
            throw error
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
