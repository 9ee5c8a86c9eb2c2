internal import Foundation
internal import Recording
internal import Store

/// Imports recordings: reads items and runs the bar models (``RecordingPipeline``), and stores each
/// session whole (``ImportSink``, which says under which id); the file's sessions are committed
/// when it ends, and at most ``SessionStore/importCommitInterval`` after each session's end before
/// that (by a timer when no other session ends).
///
/// A bad line rolls back only the session it is in (earlier sessions of the file stay stored).
struct Importer {
    let store: SessionStore
    let replace: Bool
    /// Called with samples read so far, every few thousand samples (progress; SIGINT checks).
    var onProgress: (Int) throws -> Void = { _ in }

    /// Imports everything `source` yields; `displayName` names the file in the summary.
    func importAll(from source: any RecordingSource, displayName: String, sourcePath: String) throws -> ImportSummary {
        let started = ContinuousClock.now
        let sink = ImportSink(store: store, replace: replace, displayName: displayName, sourcePath: sourcePath)
        do {
            try RecordingPipeline(onProgress: onProgress).run(source, into: sink)
            try store.commitImports()
        } catch {
            // The file's earlier sessions stay stored.
            sink.rollback()
            try? store.commitImports()
            throw error
        }
        var summary = sink.summary
        summary.seconds = (ContinuousClock.now - started).seconds
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
