internal import Analyzer
internal import BarModel
internal import NavRec
internal import Recording
internal import Reports

/// `navrec analyze`'s output: the library's analysis core (``AnalyzingSink``, which keeps each
/// session's frames as the database would give them back and analyses the session when it ends)
/// with each session's JSON line printed as it ends, flushed at once: a consumer at the other end
/// of a pipe (Spark, `tail -f | navrec analyze | …`) gets each line when its session's last line
/// has been read, not when 64 KB have gathered. The library's ``RecordingAnalyzer`` runs the same
/// core, so the command and the library cannot disagree.
final class AnalyzeSink {
    let output: any TextWriter
    private let renderer = JSONRenderer()
    /// The session's JSON line, kept from one session to the next so its memory is allocated once.
    private var line: [UInt8] = []
    /// The analysis core; its `onSession` prints the session's line.
    private(set) var core: AnalyzingSink!
    /// `navrec analyze --rows`: the key of the row being read, printed with a tab before each of
    /// its lines, whose session lines then carry the stored columns too
    /// (``JSONRenderer/appendSessionLine(_:recordingID:parametersJSON:observedSamples:events:ignoredKeys:tOrigin:to:)``).
    var rowKey: String?
    /// `--rows --timeline`: after a session's line, its `timeline` rows (``TimelineRowText``),
    /// each after the row's key and a tab, read back from the spool so memory stays flat.
    var printsTimeline = false {
        didSet { core.keepsFrames = readsFramesAfterAnalysis }
    }
    /// The buffer the timeline's lines are built in, kept for the next session.
    private var timelineRows = TimelineRowText()
    /// `--rows --timeline-file`: where each session's timeline goes as a block of columns
    /// (``TimelineColumns``) instead of text lines; its header is written first.
    var timelineFile: (any TextWriter)? {
        didSet {
            timelineFile?.write(TimelineColumns.header)
            core.keepsFrames = readsFramesAfterAnalysis
        }
    }
    private var timelineColumns = TimelineColumns()
    /// Whether a session's frames are read again after its analysis (either timeline output): the
    /// core then keeps them whole.
    private var readsFramesAfterAnalysis: Bool { printsTimeline || timelineFile != nil }

    init(analyzer: Analyzer, output: any TextWriter) {
        self.output = output
        core = AnalyzingSink(analyzer: analyzer) { [unowned self] session in try self.print(session) }
    }

    /// Every session of `source`; a failed one prints its error line and goes to `onFailure`.
    func analyze(_ source: any RecordingReader, pipeline: RecordingPipeline, onFailure: (RecordingError) -> Void) throws {
        try core.read(source, pipeline: pipeline) { error, header in
            onFailure(error)
            fail(error, header: header)
        }
    }

    private func print(_ session: AnalyzingSink.Analyzed) throws {
        let analysis = session.analysis
        if let rowKey {
            let header = session.header
            let summary = session.summary
            output.write(rowKey + "\t")
            line.removeAll(keepingCapacity: true)
            renderer.appendSessionLine(
                analysis, recordingID: header.id, parametersJSON: header.behaviors.json,
                observedSamples: session.observedSamples, events: summary.events, ignoredKeys: summary.ignoredKeys,
                tOrigin: session.clock.origin ?? 0, to: &line)
            output.write(line)
            output.write("\n")
            if let timelineFile {
                try writeTimeline(to: timelineFile, key: rowKey, session: analysis.id)
            } else if printsTimeline {
                try printTimeline(key: rowKey, session: analysis.id)
            }
        } else {
            line.removeAll(keepingCapacity: true)
            renderer.appendSessionLine(analysis, to: &line)
            output.write(line)
            output.write("\n")
        }
        output.flush()
    }

    private func printTimeline(key: String, session: String) throws {
        var rows = timelineRows
        rows.removeAll()
        try forEachFrame(of: session) { frame in
            rows.appendRows(of: frame, key: key)
            if rows.bytes.count >= 1 << 14 {
                output.write(rows.bytes)
                rows.removeAll()
            }
        }
        output.write(rows.bytes)
        rows.removeAll()
        timelineRows = rows
    }

    private func writeTimeline(to file: any TextWriter, key: String, session: String) throws {
        var columns = timelineColumns
        try forEachFrame(of: session) { frame in
            columns.appendRows(of: frame)
            if columns.rows >= 1 << 16 { file.write(columns.block(key: key)) }
        }
        if columns.rows > 0 { file.write(columns.block(key: key)) }
        timelineColumns = columns
    }

    /// Hands `body` each frame of the spooled `session`, in order: the timeline writers format
    /// frames, which the spool gives back a block at a time.
    private func forEachFrame(of session: String, _ body: (SessionFrame) -> Void) throws {
        let reader = core.frames(session: session)
        let block = FrameColumns()
        var frame = SessionFrame.empty
        while try reader.read(into: block) {
            for row in 0..<block.count {
                block.load(row, into: &frame)
                body(frame)
            }
        }
    }

    /// Prints the line of a session that could not be read.
    private func fail(_ error: RecordingError, header: SessionHeader?) {
        output.line((rowKey.map { $0 + "\t" } ?? "") + renderer.failureLine(
            id: header?.id, app: header?.app, startedAt: header?.startedAt, error: error.description))
        output.flush()
    }
}
