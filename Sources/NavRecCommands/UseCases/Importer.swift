internal import Foundation
internal import Recording
internal import Store
internal import NavRec

/// Imports recordings: reads items and runs the bar models (``RecordingPipeline``), and stores each
/// session whole (``ImportSink``, which says under which id) in one ``ImportBatch`` per file: the
/// file's sessions are committed when it ends, and at most ``ImportBatch/commitInterval`` after
/// each session's end before that (by a timer when no other session ends).
///
/// A bad session costs only itself, as in `navrec analyze`: its error goes to ``onFailure``, nothing
/// of it is stored, and reading goes on at the file's next session header (an NDJSON file; a CSV
/// file is one session, and a file that cannot be read has nothing left). Database errors and
/// Ctrl-C still stop the import, after committing the sessions stored before.
struct Importer {
    let store: SessionStore
    let replace: Bool
    /// Called with samples read so far, every few thousand samples (progress; SIGINT checks).
    var onProgress: (Int) throws -> Void = { _ in }
    /// Called with each session that failed, as it fails: the reader's `FILE:LINE:COL: error: …`.
    var onFailure: (RecordingError) -> Void = { _ in }

    /// Imports everything `source` yields; `displayName` names the file in the summary.
    func importAll(from source: any RecordingReader, displayName: String, sourcePath: String) throws -> ImportSummary {
        let started = ContinuousClock.now
        let batch = try store.beginImportBatch()
        let sink = ImportSink(store: store, batch: batch, replace: replace, displayName: displayName, sourcePath: sourcePath, onFailure: onFailure)
        let pipeline = RecordingPipeline(onProgress: onProgress)
        do {
            reading: while true {
                do {
                    try pipeline.run(source, into: sink)
                    break reading
                } catch let error as RecordingError {
                    sink.fail(error)
                    guard source.resumeAtNextHeader() else { break reading }
                }
            }
        } catch {
            // The file's earlier sessions stay stored.
            sink.rollback()
            try? batch.finish()
            throw error
        }
        try batch.finish()
        var summary = sink.summary
        summary.seconds = (ContinuousClock.now - started).seconds
        return summary
    }
}
