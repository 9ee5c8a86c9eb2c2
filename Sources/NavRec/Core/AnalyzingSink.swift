package import Analyzer
package import BarModel
package import Recording

/// The analysis core that `navrec analyze` and the library's ``RecordingAnalyzer`` share: keeps each
/// session's frames as the database would give them back (``FrameSpool``), analyses the session
/// when it ends and hands the result to ``onSession`` — the command renders its JSON line, the
/// library its ``SessionReport``. One core, so the two can never disagree.
///
/// The session description is built the way `navrec report` builds it from the stored row
/// (behaviours through their stored JSON, duration from the unrounded times, as `SessionWriter`
/// measures it), so both hand the ``Analyzer`` the same input as `import` + `report`.
package final class AnalyzingSink: SessionSink {
    /// A session the sink analysed, with what `navrec analyze --rows` adds to its line.
    package struct Analyzed {
        package var analysis: SessionAnalysis
        package var header: SessionHeader
        package var summary: SessionSummary
        package var clock: SessionClock
        /// Samples that carried an observed state.
        package var observedSamples: Int
    }

    package let analyzer: Analyzer
    /// Called with each analysed session as it ends; its frames stay readable (``frames(session:)``)
    /// until the call returns.
    package var onSession: (Analyzed) throws -> Void
    private let spool = FrameSpool(seal: StoredValues.normalize)
    private var events: [ScrollEvent] = []
    private var firstT: Double?
    private var lastT = 0.0
    /// The header of the session being read, `nil` between sessions.
    package private(set) var currentHeader: SessionHeader?
    private var observedSamples = 0
    /// Stored behaviours JSON texts seen and the sets they read as: a fleet's sessions repeat a
    /// few configurations (each screen its own, sessions of several screens interleaved), and
    /// decoding one (JSONDecoder) costs more than a short session's analysis. At most
    /// ``behaviorCacheLimit`` are kept, then it starts afresh.
    private var behaviorSets: [String: BehaviorSet] = [:]
    private static let behaviorCacheLimit = 256

    package init(analyzer: Analyzer, onSession: @escaping (Analyzed) throws -> Void) {
        self.analyzer = analyzer
        self.onSession = onSession
    }

    /// Reads every session of `source` through `pipeline`: a session with a bad line goes to
    /// `onFailure` (its error and the header it began with, `nil` when the header was the bad
    /// line) and reading goes on at the next session header — a bad line costs only its session.
    /// An unreadable source, or a CSV file (one session), has nothing left to read after its error.
    ///
    /// - Throws: what ``onSession``, `onFailure` or the pipeline's progress callback throw.
    package func read(
        _ source: any RecordingReader, pipeline: RecordingPipeline,
        onFailure: (RecordingError, SessionHeader?) throws -> Void
    ) throws {
        while true {
            do {
                try pipeline.run(source, into: self)
                return
            } catch let error as RecordingError {
                let header = currentHeader
                dropSession()
                try onFailure(error, header)
                guard error.kind == .invalidInput, source.resumeAtNextHeader() else { return }
            }
        }
    }

    package func begin(_ header: SessionHeader) throws -> Bool {
        currentHeader = header
        spool.reset()
        events.removeAll(keepingCapacity: true)
        firstT = nil
        lastT = 0
        observedSamples = 0
        return true
    }

    @inline(__always)
    package func add(_ sample: ScrollSample, computed: BarState, observed: BarState?, line: Int) throws {
        if firstT == nil { firstT = sample.t }
        lastT = sample.t
        if case .some = observed { observedSamples += 1 }
        try spool.append(StoredValues.sample(sample), computed: computed, observed: observed)
    }

    package func add(_ event: ScrollEvent) throws {
        events.append(event)
    }

    package func end(_ header: SessionHeader, _ summary: SessionSummary, clock: SessionClock) throws {
        currentHeader = nil
        // A reader leaves a content id out only where the header names the session.
        guard let id = header.id ?? summary.contentID else { preconditionFailure("a session with neither an id nor a content id") }
        let description = SessionDescription(
            id: id, recordingID: header.id, metadata: header.metadata, behaviors: try behaviors(storedJSON: header.behaviors.json),
            events: events, sampleCount: summary.samples, duration: firstT.map { lastT - $0 } ?? 0)
        let analysis = try analyzer.analyze(description) { _ in spool.reader(session: description.id) }
        try onSession(Analyzed(analysis: analysis, header: header, summary: summary, clock: clock, observedSamples: observedSamples))
    }

    /// The frames of the session just analysed, as the database's `timeline` view would give them
    /// (for `--rows --timeline`); valid inside ``onSession``.
    package func frames(session: String) -> any SessionFrameReader {
        spool.reader(session: session)
    }

    private func behaviors(storedJSON json: String) throws -> BehaviorSet {
        if let set = behaviorSets[json] { return set }
        let set = try BehaviorSet(storedJSON: json)
        if behaviorSets.count == Self.behaviorCacheLimit { behaviorSets.removeAll(keepingCapacity: true) }
        behaviorSets[json] = set
        return set
    }

    /// Drops what was kept of a session that could not be read.
    private func dropSession() {
        currentHeader = nil
        spool.reset()
        events.removeAll(keepingCapacity: true)
    }
}
