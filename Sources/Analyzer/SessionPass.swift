package import BarModel

/// One session's analysis, fed its events and blocks of frames as they come: what
/// ``Analyzer/analyze(_:reader:)`` runs over a session it has whole, and what `navrec analyze` runs
/// while a session is still being read, so that only the samples are kept for the passes after
/// the last line (the replay search).
///
/// Events come in time order, and a block only once every event at or before its last frame
/// has (events after it may come before it): the main pass places lifecycle events, transitions
/// and replayed events against the frames it sees. A class: its owner keeps it while the session
/// is read, and a value of every detector's state copied out and back cost ~500 instructions a
/// block.
package final class SessionPass {
    private let analyzer: Analyzer
    private let behaviors: BehaviorSet
    /// The assignments of the settings' replayed parameters that applied.
    private let replayed: [String]
    private let expected: Double?
    /// The events added, in time order.
    private var events: [ScrollEvent] = []
    private var pass: MainPass

    /// A pass with the nominal frame interval `expected` (`1/fps`, else the median) and, for the
    /// timeline digest's buckets, the session's `duration`.
    init(analyzer: Analyzer, behaviors stored: BehaviorSet, metadata: SessionMetadata, expected: Double?, duration: Double) {
        self.analyzer = analyzer
        (behaviors, replayed) = analyzer.replayBehaviors(stored)
        self.expected = expected
        pass = MainPass(
            settings: analyzer.settings, behaviors: behaviors, expected: expected, fps: metadata.fps,
            pixel: Analyzer.pixelSize(screenScale: metadata.screenScale), recorder: metadata.recorder, duration: duration,
            buckets: analyzer.timelineBuckets, replays: !replayed.isEmpty, hysteresisValues: analyzer.hysteresisValues)
    }

    /// A pass over a session as it is read; `nil` when its analysis needs the whole session first:
    /// without `fps` (the frame interval is the median of all) or with a timeline digest (its
    /// buckets divide the session's duration).
    package convenience init?(analyzer: Analyzer, behaviors: BehaviorSet, metadata: SessionMetadata) {
        guard let fps = metadata.fps, fps > 0, analyzer.timelineBuckets == 0 else { return nil }
        self.init(analyzer: analyzer, behaviors: behaviors, metadata: metadata, expected: 1 / fps, duration: 0)
    }

    /// Whether ``finish(_:block:reader:)`` may read more of the samples than `t` and `y`.
    package var readsWholeSamples: Bool { HysteresisSearch.readsWholeSamples(behaviors, settings: analyzer.settings.flapping) }

    /// Whether ``finish(_:block:reader:)`` reads only the samples after where a toggle log of the
    /// main pass stopped (``HysteresisSearch/readsOnlyPastLogs(_:settings:logs:)``): none of
    /// those observed while ``logsAreComplete``.
    package var readsOnlyPastLogs: Bool {
        HysteresisSearch.readsOnlyPastLogs(behaviors, settings: analyzer.settings.flapping, logs: pass.hysteresisLogs)
    }

    /// Whether the main pass's toggle logs hold every change so far.
    package var logsAreComplete: Bool { pass.hysteresisLogs.areComplete }

    /// Whether ``observe(_:)`` overwrites a block's computed states with replayed ones (replayed
    /// parameters): it must then be given a copy, not a reader's own block.
    package var overwritesComputedStates: Bool { !replayed.isEmpty }

    /// Takes the session's next event.
    package func add(_ event: ScrollEvent) {
        events.append(event)
        pass.add(event)
    }

    /// Takes the session's next block of frames.
    package func observe(_ block: FrameColumns) {
        pass.observe(block)
    }

    /// The analysis of `session` (its identity, metadata and size; its events were added) once every
    /// frame has been observed: the flapping findings' replay search reads the samples again from
    /// `reader(true)` into `block` (only `t` and `y` unless ``readsWholeSamples``), and nothing else
    /// is read.
    ///
    /// - Throws: whatever `reader` or its reads throw.
    package func finish(
        _ session: SessionDescription, block: FrameColumns, reader: (_ samplesOnly: Bool) throws -> any SessionFrameReader
    ) throws -> SessionAnalysis {
        try finish(&pass, session, block: block, reader: reader)
    }

    /// ``finish(_:block:reader:)`` with the pass held in place: read from the stored property, the
    /// pass (every detector's state) was copied for each call below and each copy destroyed after it.
    private func finish(
        _ pass: inout MainPass, _ session: SessionDescription, block: FrameColumns,
        reader: (_ samplesOnly: Bool) throws -> any SessionFrameReader
    ) throws -> SessionAnalysis {
        pass.finish()
        let flapping = try analyzer.flappingFindings(pass, behaviors: behaviors, events: events, block: block, reader: reader)
        // Jitter that repeats a reported flap is dropped before its finding is made.
        var findings = pass.jitterFindings { source, episode in
            Analyzer.isDrivenJitter(
                episode.signal, source: source, start: episode.start, end: episode.end, flaps: flapping, behaviors: behaviors)
        }
        findings += pass.findings
        findings += flapping
        findings = Analyzer.withoutStableAppComparisons(findings)
        findings = Analyzer.withoutRepeatedJitter(findings)
        findings = Analyzer.withoutComparisonsOfVisibilityFaults(
            findings, tolerance: analyzer.settings.titleMismatch.tolerance(for: behaviors))
        findings.sort(by: Analyzer.order)

        var analysis = SessionAnalysis(
            id: session.id, metadata: session.metadata, behaviors: behaviors, sampleCount: session.sampleCount, duration: session.duration,
            replayed: replayed, expectedInterval: expected, hitchTimeRatio: rounded(pass.hitch.hitchTimeRatio, 3),
            frameJitter: rounded(pass.hitch.jitter * 1000, 3), gaps: pass.hitch.gapCount,
            gapTime: rounded(pass.hitch.gapSeconds, 6),
            metrics: SessionMetrics(hitch: pass.hitch, findings: findings, duration: session.duration), findings: findings,
            timeline: pass.timeline.digest(findings: findings))
        analysis.recordingID = session.recordingID
        return analysis
    }
}
