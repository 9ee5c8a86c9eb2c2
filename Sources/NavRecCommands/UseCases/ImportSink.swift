internal import BarModel
internal import Foundation
internal import Recording
internal import Reports
internal import Store
internal import NavRec

/// The importer's ``SessionSink``: stores each session whole (a ``SessionImport``) with its
/// computed states, under the id the rules below choose.
///
/// A session is spooled while it is read (``FrameSpool``: in memory, beyond that in a temporary
/// file) and written in one short transaction when its last line has been read, so a session
/// that is still being recorded (`navrec import -` from a live app) never holds the database's
/// write lock: other imports and reports go on meanwhile (Docs/reliability.md).
///
/// Which id a session is stored under (Docs/recording-format.md "Reused session ids"):
/// - its recording's id (or `auto-…` from its content, when the header gives none) if that is free;
/// - if a session with the same content is stored under that id, or under the derived id below,
///   nothing: the recording was imported before;
/// - if that id holds a different recording (an app that names sessions after the screen, one
///   launch after another), the derived id `ID~HASH` (HASH: the 16 hex digits of the content id),
///   which the summary prints: both launches are kept, and importing either again finds it;
/// - with `replace`, where the same recording is stored (its id or the derived id), replacing it;
///   if it is not stored, its recording's id, replacing the different recording stored there.
final class ImportSink: SessionSink {
    let store: SessionStore
    /// Where the sessions are stored, each whole; the importer finishes it.
    let batch: ImportBatch
    let replace: Bool
    let displayName: String
    let sourcePath: String
    /// Told of each session that fails (see ``fail(_:)``).
    let onFailure: (RecordingError) -> Void
    private(set) var summary: ImportSummary
    /// The session being read: its frames, its events with the number of samples before each,
    /// and the `sample_lines` breakpoints of its samples' recording lines.
    private let spool = FrameSpool()
    private var events: [(samplesBefore: Int, event: ScrollEvent)] = []
    private var lines = SampleLines()
    /// The block the spooled frames are read back into, kept for the next session.
    private let block = FrameColumns()

    init(store: SessionStore, batch: ImportBatch, replace: Bool, displayName: String, sourcePath: String,
         onFailure: @escaping (RecordingError) -> Void) {
        self.store = store
        self.batch = batch
        self.replace = replace
        self.displayName = displayName
        self.sourcePath = sourcePath
        self.onFailure = onFailure
        summary = ImportSummary(file: displayName)
    }

    /// The session being read failed: stores nothing of it, counts it and reports `error`.
    func fail(_ error: RecordingError) {
        rollback()
        summary.sessionsFailed += 1
        if error.kind == .unreadable { summary.unreadable = true }
        onFailure(error)
    }

    /// Forgets the session being read, if any (nothing of it was written).
    func rollback() {
        spool.reset()
        events.removeAll(keepingCapacity: true)
        lines.removeAll()
    }

    func begin(_ header: SessionHeader) throws -> Bool {
        rollback()
        return true
    }

    @inline(__always)
    func add(_ slot: inout RecordingSlot, model: inout BarEngine, line: @autoclosure () -> Int) throws {
        lines.note(seq: spool.count, line: line())
        try spool.append(slot.sample, modelling: &slot, with: &model)
    }

    func add(_ event: ScrollEvent) throws {
        events.append((spool.count, event))
    }

    func end(_ header: SessionHeader, _ end: SessionSummary, clock: SessionClock) throws {
        do {
            try keep(header, end, clock: clock)
        } catch let conflict as PlacementConflict {
            // This session only: the reader is at the next session already.
            fail(RecordingError(file: displayName, line: header.line, column: 1, message: conflict.message))
        }
    }

    /// Stores the finished session where ``place(recordingID:content:)`` says, or nowhere.
    private func keep(_ header: SessionHeader, _ end: SessionSummary, clock: SessionClock) throws {
        // The importer's readers are never told to leave content ids out.
        guard let contentID = end.contentID else { preconditionFailure("an imported session has no content id") }
        let recordingID = header.id ?? contentID
        let session = try batch.beginSession()
        let id: String
        do {
            // Decided inside the write transaction: another process may have stored the same session
            // since the header was read (concurrent imports of one file).
            let content = StoredContent(id: contentID, legacyID: end.legacyContentID, samples: end.samples, events: end.events)
            switch try place(recordingID: recordingID, content: content) {
            case .alreadyStored(let stored):
                session.rollback()
                rollback()
                summary.sessionsSkipped += 1
                summary.skippedIDs.append(stored)
                return
            case .store(let chosen, let replacing):
                if let replacing { try store.deleteSession(key: replacing) }
                id = chosen
            }
            try write(to: session.writer)
        } catch {
            session.rollback()
            throw error
        }
        try session.commit(StoredSession(
            key: session.writer.sessionKey, id: id, recordingID: header.id, metadata: header.metadata,
            behaviorNames: header.behaviors.enabledNames, parametersJSON: header.behaviors.json,
            contentID: contentID, source: sourcePath, samples: end.samples,
            observedSamples: session.writer.observedSamples, events: end.events, ignoredKeys: end.ignoredKeys,
            duration: session.writer.duration, importedAt: isoNow(), tOrigin: clock.origin ?? 0))
        rollback()
        summary.sessionsStored += 1
        summary.samples += end.samples
        summary.events += end.events
        summary.ignoredKeys += end.ignoredKeys
        if id != recordingID { summary.derivedIDs.append(id) }
        if clock.isRebased { summary.rebasedOrigins.append(clock.origin ?? 0) }
    }

    /// Writes the spooled session: its frames a block at a time, each event before the sample it
    /// preceded, and its lines.
    private func write(to writer: SessionWriter) throws {
        let frames = spool.reader(session: displayName)
        // Local copies: reading the properties in the loop was a dynamic exclusivity check each time.
        let (events, block) = (self.events, self.block)
        var nextEvent = 0
        while try frames.read(into: block) {
            var row = 0
            while nextEvent < events.count, events[nextEvent].samplesBefore < block.firstSeq + block.count {
                let before = events[nextEvent].samplesBefore - block.firstSeq
                try writer.append(block, rows: row..<before)
                row = before
                try writer.append(events[nextEvent].event)
                nextEvent += 1
            }
            try writer.append(block, rows: row..<block.count)
        }
        for (_, event) in events[nextEvent...] { try writer.append(event) }
        writer.lines = lines
    }

    /// Where a finished session goes.
    enum Placement: Equatable {
        /// Stored under `id`, after deleting the session with key `replacing` (`--replace`).
        case store(id: String, replacing: Int64?)
        /// The same recording is stored as `id` already.
        case alreadyStored(id: String)
    }

    /// Where a session with `recordingID` (the header's id, else its content id) and `content`
    /// goes; see the type's rules.
    ///
    /// A stored session is the same recording when its `content_id` is the recording's SHA-256
    /// content id. A session stored by a navrec before SHA-256 holds the 64-bit id of then
    /// (``SessionSummary/legacyContentID``, forgeable): it counts as the same recording only when
    /// that id and also its samples and events match, and it is found under its old `auto-` id
    /// (a recording without an id) or its old derived id as well.
    func place(recordingID: String, content: StoredContent) throws -> Placement {
        var existing = try store.session(id: recordingID)
        if existing == nil, recordingID == content.id, let legacy = content.legacyID,
           let old = try store.session(id: legacy), content.isSame(as: old) {
            existing = old
        }
        guard let existing else { return .store(id: recordingID, replacing: nil) }
        if content.isSame(as: existing) {
            return replace ? .store(id: recordingID, replacing: existing.key) : .alreadyStored(id: existing.id)
        }
        let derived = Self.derivedID(recordingID, contentID: content.id)
        var taken = try store.session(id: derived)
        if taken == nil, let legacy = content.legacyID,
           let old = try store.session(id: Self.derivedID(recordingID, contentID: legacy)), content.isSame(as: old) {
            taken = old
        }
        if let taken {
            if content.isSame(as: taken) {
                return replace ? .store(id: derived, replacing: taken.key) : .alreadyStored(id: taken.id)
            }
            // Only a hand-made session can hold a derived id with other content; never overwrite it.
            if !replace { throw PlacementConflict(recordingID: recordingID, derivedID: derived) }
        }
        return replace ? .store(id: recordingID, replacing: existing.key) : .store(id: derived, replacing: nil)
    }

    /// What identifies a recording's session by content.
    struct StoredContent {
        /// Its SHA-256 content id (``SessionSummary/contentID``).
        var id: String
        /// The 64-bit content id of navrec before (``SessionSummary/legacyContentID``).
        var legacyID: String?
        var samples: Int
        var events: Int

        /// Whether `session` holds this content: the same SHA-256 id, or (stored before it) the
        /// same legacy id, samples and events.
        func isSame(as session: StoredSession) -> Bool {
            if session.contentID == id { return true }
            guard let legacyID, session.contentID == legacyID else { return false }
            return session.samples == samples && session.events == events
        }
    }

    /// A session that has nowhere to go: its id and its derived id both hold other recordings.
    struct PlacementConflict: Error {
        let recordingID: String
        let derivedID: String

        var message: String {
            "session '\(TerminalText.escaped(recordingID))' is taken by a different recording, and so is its derived id '\(TerminalText.escaped(derivedID))'; import it with --replace, or give it another id"
        }
    }

    /// `ID~HASH`: the id for a recording whose id is taken by a different recording; HASH is the
    /// first 16 hex digits of its content id (as the Spark job derives it). Only a name: whether
    /// the session there is the same recording is decided by its full content id.
    static func derivedID(_ recordingID: String, contentID: String) -> String {
        let hash = (contentID.hasPrefix("auto-") ? contentID.dropFirst(5) : Substring(contentID)).prefix(16)
        return "\(recordingID)~\(hash)"
    }
}
