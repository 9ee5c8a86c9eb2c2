internal import BarModel
internal import Foundation
internal import Recording
internal import Store

/// Imports recordings: reads items, runs the bar models, stores each session in one transaction.
///
/// A bad line rolls back only the session it is in (earlier sessions of the file stay stored).
/// Which id a session is stored under (README "Reused session ids"):
/// - its recording's id (or `auto-…` from its content, when the header gives none) if that is free;
/// - if a session with the same content is stored under that id, or under the derived id below,
///   nothing: the recording was imported before;
/// - if that id holds a different recording (an app that names sessions after the screen, one
///   launch after another), the derived id `ID~HASH` (HASH: the 16 hex digits of the content id),
///   which the summary prints: both launches are kept, and importing either again finds it;
/// - with `replace`, where the same recording is stored (its id or the derived id), replacing it;
///   if it is not stored, its recording's id, replacing the different recording stored there.
///
/// Times are stored on the session's ``SessionClock``: from the first timestamp when the recording
/// used a raw clock, else as recorded.
///
/// A session whose header id is already stored is held back until its end (up to
/// ``heldBackLimit`` samples): re-importing the same bytes then writes nothing, as it did before
/// ids could be reused; if it turns out to be a different recording, it is written then.
struct Importer {
    /// Samples and events of a session held back before it is written: ~200 bytes each, so at
    /// most ~13 MB; a longer session is written from there on and rolled back if it was stored.
    static let heldBackLimit = 65_536

    /// A sample or event held back, its time already on the session's clock.
    private enum HeldBack {
        case sample(ScrollSample, observed: BarState?)
        case event(ScrollEvent)
    }

    let store: SessionStore
    let replace: Bool
    /// Called with samples read so far, every few thousand samples (progress; SIGINT checks).
    var onProgress: (Int) throws -> Void = { _ in }

    /// Imports everything `source` yields; `displayName` names the file in the summary.
    func importAll(from source: some RecordingSource, displayName: String, sourcePath: String) throws -> ImportSummary {
        let started = ContinuousClock.now
        var summary = ImportSummary(file: displayName)
        var database: Database { store.database }

        var header: SessionHeader?
        var engine = BarEngine(behaviors: BehaviorSet())
        var writer: SessionWriter?
        var clock = SessionClock()
        var samplesRead = 0
        /// The session's items while it is held back (see the type's note), else `nil`.
        var heldBack: [HeldBack]?

        func rollback() {
            if database.isInTransaction { try? database.execute("ROLLBACK") }
            writer = nil
            heldBack = nil
        }

        /// Opens the session's transaction and writer, and writes what was held back.
        func startWriting() throws {
            try database.execute("BEGIN IMMEDIATE")
            let current = try store.makeSessionWriter()
            writer = current
            for item in heldBack ?? [] {
                switch item {
                case .sample(let sample, let observed): try current.append(sample, computed: engine.step(sample), observed: observed)
                case .event(let event):
                    engine.apply(event)
                    try current.append(event)
                }
            }
            heldBack = nil
        }

        /// Runs the models on a sample and stores it with its states; `observed` points at the
        /// state the app reported, if any (the NDJSON reader's own storage, read in place).
        @inline(__always)
        func add(_ recorded: ScrollSample, observedAt observed: UnsafePointer<BarState>?) throws {
            samplesRead += 1
            var sample = recorded
            sample.t = clock.time(recorded.t)
            if let writer {
                try writer.append(sample, computed: engine.step(sample), observedAt: observed)
            } else if heldBack != nil {
                heldBack?.append(.sample(sample, observed: observed?.pointee))
                if heldBack?.count ?? 0 >= Self.heldBackLimit { try startWriting() }
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
                    clock = SessionClock()
                    // Whether a stored session with this id is this very recording is known only from
                    // the content hash, at the session's end.
                    if !replace, let id = newHeader.id, try store.session(id: id) != nil {
                        heldBack = []
                    } else {
                        heldBack = nil
                        try startWriting()
                    }
                case .sample(let sample, let observed):
                    if let observed {
                        try withUnsafePointer(to: observed) { try add(sample, observedAt: $0) }
                    } else {
                        try add(sample, observedAt: nil)
                    }
                case .event(var event):
                    event.t = clock.time(event.t)
                    if let writer {
                        engine.apply(event)
                        try writer.append(event)
                    } else {
                        heldBack?.append(.event(event))
                    }
                case .endOfSession(let end):
                    guard let header else { continue }
                    if heldBack != nil {
                        if case .alreadyStored(let stored) = try place(recordingID: header.id ?? end.contentID, contentID: end.contentID) {
                            heldBack = nil
                            summary.sessionsSkipped += 1
                            summary.skippedIDs.append(stored)
                            continue reading
                        }
                        try startWriting()
                    }
                    guard let current = writer else { continue }
                    // Decided inside the write transaction: another process may have stored the same
                    // session since the header was read (concurrent imports of one file).
                    let id: String
                    switch try place(recordingID: header.id ?? end.contentID, contentID: end.contentID) {
                    case .alreadyStored(let stored):
                        rollback()
                        summary.sessionsSkipped += 1
                        summary.skippedIDs.append(stored)
                        continue reading
                    case .store(let chosen, let replacing):
                        if let replacing { try store.deleteSession(key: replacing) }
                        id = chosen
                    }
                    try current.finish(StoredSession(
                        key: current.sessionKey, id: id, recordingID: header.id, app: header.app, screen: header.screen,
                        device: header.device, os: header.os, fps: header.fps, startedAt: header.startedAt,
                        behaviorNames: header.behaviors.enabledNames, parametersJSON: header.behaviors.json,
                        contentID: end.contentID, source: sourcePath, samples: end.samples,
                        observedSamples: current.observedSamples, events: end.events, ignoredKeys: end.ignoredKeys,
                        duration: current.duration, importedAt: isoNow(), tOrigin: clock.origin ?? 0))
                    try database.execute("COMMIT")
                    writer = nil
                    summary.sessionsStored += 1
                    summary.samples += end.samples
                    summary.events += end.events
                    summary.ignoredKeys += end.ignoredKeys
                    if id != header.id ?? end.contentID { summary.derivedIDs.append(id) }
                    if clock.isRebased { summary.rebasedOrigins.append(clock.origin ?? 0) }
                }
            }
        } catch {
            rollback()
            throw error
        }
        summary.seconds = (ContinuousClock.now - started).seconds
        return summary
    }

    /// Where a finished session goes.
    enum Placement: Equatable {
        /// Stored under `id`, after deleting the session with key `replacing` (`--replace`).
        case store(id: String, replacing: Int64?)
        /// The same recording is stored as `id` already.
        case alreadyStored(id: String)
    }

    /// Where a session with `recordingID` (the header's id, else its content id) and `contentID`
    /// goes; see the type's rules.
    func place(recordingID: String, contentID: String) throws -> Placement {
        guard let existing = try store.session(id: recordingID) else { return .store(id: recordingID, replacing: nil) }
        if existing.contentID == contentID {
            return replace ? .store(id: recordingID, replacing: existing.key) : .alreadyStored(id: recordingID)
        }
        let derived = Self.derivedID(recordingID, contentID: contentID)
        if let taken = try store.session(id: derived) {
            if taken.contentID == contentID {
                return replace ? .store(id: derived, replacing: taken.key) : .alreadyStored(id: derived)
            }
            // Only a hand-made session can hold a derived id with other content; never overwrite it.
            if !replace {
                throw CommandError(
                    .dataError,
                    "error: session '\(recordingID)' is taken by a different recording, and so is its derived id '\(derived)'; import it with --replace, or give it another id")
            }
        }
        return replace ? .store(id: recordingID, replacing: existing.key) : .store(id: derived, replacing: nil)
    }

    /// `ID~HASH`: the id for a recording whose id is taken by a different recording.
    static func derivedID(_ recordingID: String, contentID: String) -> String {
        let hash = contentID.hasPrefix("auto-") ? contentID.dropFirst(5) : Substring(contentID)
        return "\(recordingID)~\(hash)"
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
