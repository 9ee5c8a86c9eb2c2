internal import BarModel
internal import Foundation
internal import Recording
internal import Store

/// The importer's ``SessionSink``: stores each session in one transaction with its computed
/// states, skipping sessions already stored unless `replace` is set.
final class ImportSink: SessionSink {
    let store: SessionStore
    let replace: Bool
    let displayName: String
    let sourcePath: String
    let warn: (String) -> Void
    private(set) var summary: ImportSummary
    private var writer: SessionWriter?
    private var existing: StoredSession?
    private var database: Database { store.database }

    init(store: SessionStore, replace: Bool, displayName: String, sourcePath: String, warn: @escaping (String) -> Void) {
        self.store = store
        self.replace = replace
        self.displayName = displayName
        self.sourcePath = sourcePath
        self.warn = warn
        summary = ImportSummary(file: displayName)
    }

    /// Rolls back the session being written, if any.
    func rollback() {
        if database.isInTransaction { try? database.execute("ROLLBACK") }
        writer = nil
    }

    func begin(_ header: SessionHeader) throws -> Bool {
        existing = try header.id.flatMap { try store.session(id: $0) }
        guard existing == nil || replace else { return false }
        try database.execute("BEGIN IMMEDIATE")
        writer = try store.makeSessionWriter()
        return true
    }

    @inline(__always)
    func add(_ sample: ScrollSample, computed: BarState, observedAt observed: UnsafePointer<BarState>?) throws {
        try writer?.append(sample, computed: computed, observedAt: observed)
    }

    func add(_ event: ScrollEvent) throws {
        try writer?.append(event)
    }

    func end(_ header: SessionHeader, _ end: SessionSummary) throws {
        let id = header.id ?? end.contentID
        if let current = writer {
            // Asked again inside the write transaction: another process may have stored the
            // same session since the header was read (concurrent imports of one file).
            existing = try store.session(id: id)
            if let existing, !replace {
                rollback()
                summary.sessionsSkipped += 1
                summary.skippedIDs.append(existing.id)
                return
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
