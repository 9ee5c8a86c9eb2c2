internal import Analyzer
internal import BarModel
internal import Recording
internal import Reports
internal import Store

/// `navrec analyze`'s ``SessionSink``: keeps each session's frames as the database would give them
/// back (``ColumnSpool``), analyses the session when it ends and prints its JSON line, flushed at
/// once: a consumer at the other end of a pipe (Spark, `tail -f | navrec analyze | …`) gets each
/// line when its session's last line has been read, not when 64 KB have gathered.
///
/// The session description is built the way `navrec report` builds it from the stored row
/// (behaviours through their stored JSON, duration from the unrounded times, as `SessionWriter`
/// measures it), so both commands hand the ``Analyzer`` the same input.
final class AnalyzeSink: SessionSink {
    let analyzer: Analyzer
    let output: Output
    private let renderer = JSONRenderer()
    private let spool = ColumnSpool()
    private var events: [ScrollEvent] = []
    private var firstT: Double?
    private var lastT = 0.0
    /// The header of the session being read, `nil` between sessions.
    private(set) var currentHeader: SessionHeader?
    private(set) var sessionsAnalyzed = 0
    private(set) var samplesAnalyzed = 0
    /// `navrec analyze --rows`: the key of the row being read, printed with a tab before each of
    /// its lines, whose session lines then carry the stored columns too
    /// (``JSONRenderer/sessionLine(_:contentID:recordingID:parametersJSON:observedSamples:events:ignoredKeys:tOrigin:)``).
    var rowKey: String?
    /// `--rows --timeline`: after a session's line, its `timeline` rows (``TimelineRowText``),
    /// each after the row's key and a tab, read back from the spool so memory stays flat.
    var printsTimeline = false
    /// The buffer the timeline's lines are built in, kept for the next session.
    private var timelineRows = TimelineRowText()
    private var observedSamples = 0
    /// Stored behaviours JSON texts seen and the sets they read as: a fleet's sessions repeat a
    /// few configurations (each screen its own, sessions of several screens interleaved), and
    /// decoding one (JSONDecoder) was ~170 k instructions a session (Benchmarks/README.md,
    /// "Analyze pipeline"). At most ``behaviorCacheLimit`` are kept, then it starts afresh.
    private var behaviorSets: [String: BehaviorSet] = [:]
    private static let behaviorCacheLimit = 256

    init(analyzer: Analyzer, output: Output) {
        self.analyzer = analyzer
        self.output = output
    }

    func begin(_ header: SessionHeader) throws -> Bool {
        currentHeader = header
        spool.reset()
        events.removeAll(keepingCapacity: true)
        firstT = nil
        lastT = 0
        observedSamples = 0
        return true
    }

    @inline(__always)
    func add(_ sample: ScrollSample, computed: BarState, observed: BarState?, line: Int) throws {
        if firstT == nil { firstT = sample.t }
        lastT = sample.t
        if case .some = observed { observedSamples += 1 }
        try spool.append(sample, computed: computed, observed: observed)
    }

    func add(_ event: ScrollEvent) throws {
        events.append(event)
    }

    func end(_ header: SessionHeader, _ summary: SessionSummary, clock: SessionClock) throws {
        currentHeader = nil
        let description = SessionDescription(
            id: header.id ?? summary.contentID, recordingID: header.id, metadata: header.metadata, behaviors: try behaviors(storedJSON: header.behaviors.json),
            events: events, sampleCount: summary.samples, duration: firstT.map { lastT - $0 } ?? 0)
        let analysis = try analyzer.analyze(description) { spool.reader(session: description.id, samplesOnly: $0) }
        if let rowKey {
            output.line(rowKey + "\t" + renderer.sessionLine(
                analysis, contentID: summary.contentID, recordingID: header.id, parametersJSON: header.behaviors.json,
                observedSamples: observedSamples, events: summary.events, ignoredKeys: summary.ignoredKeys, tOrigin: clock.origin ?? 0))
            if printsTimeline { try printTimeline(key: rowKey, session: description.id) }
        } else {
            output.line(renderer.sessionLine(analysis))
        }
        output.flush()
        sessionsAnalyzed += 1
        samplesAnalyzed += summary.samples
    }

    private func behaviors(storedJSON json: String) throws -> BehaviorSet {
        if let set = behaviorSets[json] { return set }
        let set = try BehaviorSet(storedJSON: json)
        if behaviorSets.count == Self.behaviorCacheLimit { behaviorSets.removeAll(keepingCapacity: true) }
        behaviorSets[json] = set
        return set
    }

    private func printTimeline(key: String, session: String) throws {
        let reader = spool.reader(session: session)
        var frame = SessionFrame.empty
        var rows = timelineRows
        rows.removeAll()
        while try reader.read(into: &frame) {
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

    /// Prints the line of a session that could not be read and drops what was kept of it.
    func fail(_ error: RecordingError) {
        output.line((rowKey.map { $0 + "\t" } ?? "") + renderer.failureLine(
            id: currentHeader?.id, app: currentHeader?.app, startedAt: currentHeader?.startedAt, error: error.description))
        output.flush()
        currentHeader = nil
        spool.reset()
        events.removeAll(keepingCapacity: true)
    }
}
