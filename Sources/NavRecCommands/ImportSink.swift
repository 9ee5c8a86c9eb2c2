internal import BarModel
internal import Foundation
internal import Recording
internal import Reports
internal import Store

/// The importer's ``SessionSink``: stores each session whole (a ``SessionImport``) with its
/// computed states, under the id the rules below choose.
///
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
/// A session whose header id is already stored is held back until its end (up to
/// ``heldBackLimit`` samples): re-importing the same bytes then writes nothing, as it did before
/// ids could be reused; if it turns out to be a different recording, it is written then.
final class ImportSink: SessionSink {
    /// Samples and events of a session held back before it is written: ~350 bytes each, so at
    /// most ~23 MB; a longer session is written from there on and rolled back if it was stored.
    static let heldBackLimit = 65_536

    /// A sample or event held back, its time already on the session's clock.
    private enum HeldBack {
        case sample(ScrollSample, computed: BarState, observed: BarState?, line: Int)
        case event(ScrollEvent)
    }

    let store: SessionStore
    let replace: Bool
    let displayName: String
    let sourcePath: String
    /// Told of each session that fails (see ``fail(_:)``).
    let onFailure: (RecordingError) -> Void
    private(set) var summary: ImportSummary
    /// The session being written, if any.
    private var current: SessionImport?
    /// The session's items while it is held back, else `nil`.
    private var heldBack: [HeldBack]?

    init(store: SessionStore, replace: Bool, displayName: String, sourcePath: String,
         onFailure: @escaping (RecordingError) -> Void) {
        self.store = store
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

    /// Rolls back the session being written, if any.
    func rollback() {
        current?.rollback()
        current = nil
        heldBack = nil
    }

    func begin(_ header: SessionHeader) throws -> Bool {
        // Whether a stored session with this id is this very recording is known only from the
        // content hash, at the session's end.
        if !replace, let id = header.id, try store.session(id: id) != nil {
            heldBack = []
        } else {
            heldBack = nil
            try startWriting()
        }
        return true
    }

    @inline(__always)
    func add(_ sample: ScrollSample, computed: BarState, observedAt observed: UnsafePointer<BarState>?, line: Int) throws {
        if let writer = current?.writer {
            writer.noteLine(line)
            try writer.append(sample, computed: computed, observedAt: observed)
        } else if heldBack != nil {
            heldBack?.append(.sample(sample, computed: computed, observed: observed?.pointee, line: line))
            if heldBack?.count ?? 0 >= Self.heldBackLimit { try startWriting() }
        }
    }

    func add(_ event: ScrollEvent) throws {
        if let writer = current?.writer {
            try writer.append(event)
        } else {
            heldBack?.append(.event(event))
        }
    }

    func end(_ header: SessionHeader, _ end: SessionSummary, clock: SessionClock) throws {
        do {
            try keep(header, end, clock: clock)
        } catch let conflict as PlacementConflict {
            // This session only: the reader is at the next session already.
            fail(RecordingError(file: displayName, line: header.line, column: 1, message: conflict.message))
        }
    }

    /// Stores the finished session where ``place(recordingID:contentID:)`` says, or nowhere.
    private func keep(_ header: SessionHeader, _ end: SessionSummary, clock: SessionClock) throws {
        let recordingID = header.id ?? end.contentID
        if heldBack != nil {
            if case .alreadyStored(let stored) = try place(recordingID: recordingID, contentID: end.contentID) {
                heldBack = nil
                summary.sessionsSkipped += 1
                summary.skippedIDs.append(stored)
                return
            }
            try startWriting()
        }
        guard let current else { return }
        // Decided inside the write transaction: another process may have stored the same session
        // since the header was read (concurrent imports of one file).
        let id: String
        switch try place(recordingID: recordingID, contentID: end.contentID) {
        case .alreadyStored(let stored):
            rollback()
            summary.sessionsSkipped += 1
            summary.skippedIDs.append(stored)
            return
        case .store(let chosen, let replacing):
            if let replacing { try store.deleteSession(key: replacing) }
            id = chosen
        }
        try current.commit(StoredSession(
            key: current.writer.sessionKey, id: id, recordingID: header.id, metadata: header.metadata,
            behaviorNames: header.behaviors.enabledNames, parametersJSON: header.behaviors.json,
            contentID: end.contentID, source: sourcePath, samples: end.samples,
            observedSamples: current.writer.observedSamples, events: end.events, ignoredKeys: end.ignoredKeys,
            duration: current.writer.duration, importedAt: isoNow(), tOrigin: clock.origin ?? 0))
        self.current = nil
        summary.sessionsStored += 1
        summary.samples += end.samples
        summary.events += end.events
        summary.ignoredKeys += end.ignoredKeys
        if id != recordingID { summary.derivedIDs.append(id) }
        if clock.isRebased { summary.rebasedOrigins.append(clock.origin ?? 0) }
    }

    /// Opens the session's transaction and writer, and writes what was held back.
    private func startWriting() throws {
        let session = try store.beginImport()
        current = session
        let writer = session.writer
        for item in heldBack ?? [] {
            switch item {
            case .sample(let sample, let computed, let observed, let line):
                writer.noteLine(line)
                try writer.append(sample, computed: computed, observed: observed)
            case .event(let event):
                try writer.append(event)
            }
        }
        heldBack = nil
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
            if !replace { throw PlacementConflict(recordingID: recordingID, derivedID: derived) }
        }
        return replace ? .store(id: recordingID, replacing: existing.key) : .store(id: derived, replacing: nil)
    }

    /// A session that has nowhere to go: its id and its derived id both hold other recordings.
    struct PlacementConflict: Error {
        let recordingID: String
        let derivedID: String

        var message: String {
            "session '\(TerminalText.escaped(recordingID))' is taken by a different recording, and so is its derived id '\(TerminalText.escaped(derivedID))'; import it with --replace, or give it another id"
        }
    }

    /// `ID~HASH`: the id for a recording whose id is taken by a different recording.
    static func derivedID(_ recordingID: String, contentID: String) -> String {
        let hash = contentID.hasPrefix("auto-") ? contentID.dropFirst(5) : Substring(contentID)
        return "\(recordingID)~\(hash)"
    }
}
