package import Analyzer
package import BarModel
package import Recording

/// The analysis core that `navrec analyze` and the library's ``RecordingAnalyzer`` share: keeps each
/// session's frames as the database would give them back (``FrameSpool``), analyses the session
/// and hands the result to ``onSession`` when it ends — the command renders its JSON line, the
/// library its ``SessionReport``. One core, so the two can never disagree.
///
/// A session about to outgrow memory is analysed while it is read where it can be
/// (``SessionPass/init(analyzer:behaviors:metadata:)``, a reader that keeps `t` in order, no
/// ``keepsFrames``): from its first spill on, the main pass takes each block as the spool seals
/// it, and the spool keeps only the samples of what the pass saw — their `t` and `y` where that is
/// all the replay search can read, none where it reads only past where a toggle log stopped and
/// none has. A long session's spill file took its whole frames, copied there and back in system
/// time near its user time. A block waits for a line later than its last
/// frame (events at its last frame's time may still come); one that waited until it spilled ends
/// this for the session, and the rest is read back whole at its end. Shorter sessions are analysed
/// at their end: nothing would spill, and a pass per block cost them more.
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
    private let spool = FrameSpool()
    /// The session's analysis while it is read, from its first spill; `nil` before, and for a
    /// session analysed after its last line.
    private var pass: SessionPass?
    /// Blocks the pass has taken.
    private var passed = 0
    /// Whether the replay search reads no sample of the blocks passed while the toggle logs are
    /// whole (``SessionPass/readsOnlyPastLogs``): those blocks spill nothing.
    private var readsOnlyPastLogs = false
    /// Whether the reader keeps `t` from going back within a session, events included: only then
    /// are a block's events all known once a later line came.
    private var ordered = false
    /// Whether ``frames(session:)`` is read after each analysis (`--rows --timeline`): the spool
    /// then keeps every frame whole, and the session is analysed after its last line.
    package var keepsFrames = false
    private var events: [ScrollEvent] = []
    private var firstT: Double?
    private var lastT = 0.0
    /// The header of the session being read, `nil` between sessions.
    package private(set) var currentHeader: SessionHeader?
    private var observedSamples = 0
    /// Headers' behaviour sets seen and the sets their stored JSON reads as: a fleet's sessions
    /// repeat a few configurations (each screen its own, sessions of several screens interleaved),
    /// and decoding one (JSONDecoder) costs more than a short session's analysis. Keyed by the set,
    /// not its JSON text: building and hashing the text cost a session as much as its title
    /// detectors. At most ``behaviorCacheLimit`` are kept, then it starts afresh.
    private var behaviorSets: [StoredBehaviorsKey: BehaviorSet] = [:]
    private static let behaviorCacheLimit = 256

    package init(analyzer: Analyzer, onSession: @escaping (Analyzed) throws -> Void) {
        self.analyzer = analyzer
        self.onSession = onSession
        spool.willSpill = { [unowned self] in
            if pass == nil { startPass() }
        }
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
        ordered = source.keepsTimeOrder
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
        passed = 0
        if pass != nil { stopPass() }
        return true
    }

    /// Starts the session's main pass at its first spill, with its events so far, if it can run
    /// while the session is read; the spool then keeps what the replay search may read.
    private func startPass() {
        // A header whose behaviours do not decode fails at its end, as the session always did;
        // at its end (`currentHeader` is `nil`) nothing spills any more.
        guard ordered, !keepsFrames, let header = currentHeader, let behaviors = try? storedBehaviors(of: header.behaviors),
            let pass = SessionPass(analyzer: analyzer, behaviors: behaviors, metadata: header.metadata)
        else { return }
        for event in events { pass.add(event) }
        self.pass = pass
        spool.keepsWholeSamples = pass.readsWholeSamples
        readsOnlyPastLogs = pass.readsOnlyPastLogs
        // Only now a block's sealing does anything: shorter sessions pay nothing.
        spool.seal = { [unowned self] _ in passBlocks(before: lastT) }
        passBlocks(before: lastT)
    }

    private func stopPass() {
        pass = nil
        spool.seal = { _ in }
    }

    @inline(__always)
    package func add(_ slot: inout RecordingSlot, model: inout BarEngine, line: @autoclosure () -> Int) throws {
        // The session's duration is the recorded times' span, as `import` stores it, not the
        // stored times'.
        let t = slot.sample.t
        if firstT == nil { firstT = t }
        lastT = t
        if slot.hasObserved { observedSamples += 1 }
        try spool.append(StoredValues.sample(slot.sample), modelling: &slot, with: &model)
    }

    package func add(_ event: ScrollEvent) throws {
        events.append(event)
        // Ahead of blocks waiting for a later line: an event may come before frames before it.
        pass?.add(event)
    }

    /// Hands the pass the sealed blocks whose frames are all before `t`, the time of a line read
    /// (no event before it can come any more), while they are in memory, and marks them as read
    /// for their samples only. A block at that time waits for the next seal (or the session's end).
    private func passBlocks(before t: Double) {
        guard let pass else { return }
        var passed = self.passed
        while passed < spool.sealed, let block = spool.sealedBlock(passed), block.t[block.count - 1] < t {
            pass.observe(block)
            passed += 1
        }
        self.passed = passed
        spool.samplesOnlyBefore = passed
        if readsOnlyPastLogs, pass.logsAreComplete { spool.droppedBefore = passed }
    }

    package func end(_ header: SessionHeader, _ summary: SessionSummary, clock: SessionClock) throws {
        currentHeader = nil
        // A reader leaves a content id out only where the header names the session.
        guard let id = header.id ?? summary.contentID else { preconditionFailure("a session with neither an id nor a content id") }
        let description = SessionDescription(
            id: id, recordingID: header.id, metadata: header.metadata, behaviors: try storedBehaviors(of: header.behaviors),
            events: events, sampleCount: summary.samples, duration: firstT.map { lastT - $0 } ?? 0)
        let analysis: SessionAnalysis
        if let pass {
            stopPass()
            // Every event is in: what was not passed yet can be, from memory or from the spill file.
            let block = FrameColumns()
            let rest = spool.reader(session: id, from: passed)
            while try rest.read(into: block) { pass.observe(block) }
            analysis = try pass.finish(description, block: block) { _ in spool.reader(session: id, samplesOnly: true) }
        } else {
            analysis = try analyzer.analyze(description) { _ in spool.reader(session: description.id) }
        }
        try onSession(Analyzed(analysis: analysis, header: header, summary: summary, clock: clock, observedSamples: observedSamples))
    }

    /// The frames of the session just analysed, as the database's `timeline` view would give them
    /// (for `--rows --timeline`); valid inside ``onSession``.
    package func frames(session: String) -> any SessionFrameReader {
        spool.reader(session: session)
    }

    /// What `header`'s behaviours read as from their stored JSON, as `navrec report` reads them.
    private func storedBehaviors(of header: BehaviorSet) throws -> BehaviorSet {
        let key = StoredBehaviorsKey(header)
        if let set = behaviorSets[key] { return set }
        let set = try BehaviorSet(storedJSON: header.json)
        if behaviorSets.count == Self.behaviorCacheLimit { behaviorSets.removeAll(keepingCapacity: true) }
        behaviorSets[key] = set
        return set
    }

    /// Drops what was kept of a session that could not be read.
    private func dropSession() {
        currentHeader = nil
        spool.reset()
        events.removeAll(keepingCapacity: true)
        if pass != nil { stopPass() }
    }
}
