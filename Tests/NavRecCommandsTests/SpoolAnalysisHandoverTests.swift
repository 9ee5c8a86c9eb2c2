import Analyzer
import BarModel
@testable import NavRec
import Recording
import Testing

/// `navrec analyze`'s passes read the spool's in-memory blocks as they are
/// (``SessionFrameReader/next(orInto:)``): they must decide as over copies, and a pass that
/// overwrites a block's computed states (replayed parameters) must be given copies.
@Suite("Analyses over the spool's own blocks")
struct SpoolAnalysisHandoverTests {
    /// Two sessions: the worked example (ANALYSIS.md), whose background flaps (a replayed
    /// hysteresis of 1 removes it), and a hide-on-swipe session whose swipes flap, its fix found by
    /// replaying engines over the samples.
    static let recording = """
        {"navrec":1,"session":{"id":"hover-84","fps":60,"behaviors":{"blurHeader":{}}}}
        {"t":0.000,"y":82.0,"phase":"drag"}
        {"t":0.017,"y":85.0,"phase":"drag"}
        {"t":0.033,"y":83.0,"phase":"drag"}
        {"t":0.050,"y":86.0,"phase":"drag"}
        {"t":0.067,"y":82.5,"phase":"drag"}
        {"navrec":1,"session":{"id":"swipes","fps":60,"behaviors":{"hideOnSwipe":{"swipeDistance":20}}}}
        {"t":0.000,"y":0.0,"phase":"drag"}
        {"t":0.017,"y":25.0,"phase":"drag"}
        {"t":0.033,"y":2.0,"phase":"drag"}
        {"t":0.050,"y":30.0,"phase":"drag"}
        {"t":0.067,"y":5.0,"phase":"drag"}
        {"t":0.083,"y":35.0,"phase":"drag","bar":{"barHidden":true}}
        {"t":0.100,"y":8.0,"phase":"drag"}

        """

    /// Each session's analysis and its frames as the spool holds them after it.
    static func analyses(_ settings: AnalyzerSettings) throws -> [(analysis: SessionAnalysis, frames: [SessionFrame])] {
        var results: [(analysis: SessionAnalysis, frames: [SessionFrame])] = []
        var sink: AnalyzingSink?
        sink = AnalyzingSink(analyzer: Analyzer(settings: settings, timelineBuckets: 0)) { analyzed in
            results.append((analyzed.analysis, try sink!.frames(session: analyzed.analysis.id).readAll()))
        }
        try sink!.read(
            NDJSONReader(bytes: Array(recording.utf8), displayName: "handover.ndjson"), pipeline: RecordingPipeline()
        ) { error, _ in throw error }
        return results
    }

    @Test("analyses read the spool's blocks as they are and decide as over copies; a replay leaves the spool's states as stored")
    func analysesOverHandedBlocks() throws {
        let stored = try Self.analyses(AnalyzerSettings())
        #expect(stored.count == 2)
        for (analysis, frames) in stored {
            // The same frames through a reader that copies them, with the session as the sink described it.
            let description = SessionDescription(
                id: analysis.id, recordingID: analysis.recordingID, metadata: analysis.metadata, behaviors: analysis.behaviors, sampleCount: analysis.sampleCount,
                duration: analysis.duration)
            let copied = try Analyzer(settings: AnalyzerSettings(), timelineBuckets: 0).analyze(description) { _ in FrameArrayReader(frames) }
            #expect(copied == analysis, "\(analysis.id)")
            #expect(!analysis.findings.isEmpty, "\(analysis.id) flaps")
        }
        var replaying = AnalyzerSettings()
        try replaying.set("blurHeader.hysteresis=1")
        let replayed = try Self.analyses(replaying)
        #expect(replayed[0].analysis.findings.isEmpty, "the replayed hysteresis removes the flapping")
        // Counter-case: the replay overwrote the states of the blocks it was given, so they were
        // copies; the spool still holds the stored states, as `--rows --timeline` reads them.
        #expect(replayed.map(\.frames) == stored.map(\.frames))
        #expect(replayed[0].frames.map(\.computed.background) != [.transparent, .transparent, .transparent, .transparent, .transparent])
    }
}
