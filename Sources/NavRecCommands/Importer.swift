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
    func importAll(from source: any RecordingSource, displayName: String, sourcePath: String) throws -> ImportSummary {
        let clock = ContinuousClock.now
        let sink = ImportSink(store: store, replace: replace, displayName: displayName, sourcePath: sourcePath, warn: warn)
        do {
            try RecordingPipeline(onProgress: onProgress).run(source, into: sink)
        } catch {
            sink.rollback()
            throw error
        }
        var summary = sink.summary
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
