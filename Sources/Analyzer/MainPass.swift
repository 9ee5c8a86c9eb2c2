import BarModel

/// Every detector of one session, fed together in a single pass over its frames.
///
/// - Complexity: O(signals) per frame; memory independent of the number of frames apart from
///   the findings, the timeline digest and the bounded hysteresis logs (``SchmittToggleLog``).
struct MainPass: Sendable {
    let settings: AnalyzerSettings
    let behaviors: BehaviorSet
    /// Recomputes the computed stream when parameters are replayed; `nil` reads the stored one.
    private var replay: ReplayEngine?
    private(set) var computedFlapping: FlappingDetector?
    private(set) var observedFlapping: FlappingDetector?
    private var computedJitter: JitterDetector
    private var observedJitter: JitterDetector?
    private var computedTitles: TitleMismatchDetector
    private var observedTitles: TitleMismatchDetector?
    private var comparison: TitleComparisonDetector?
    private(set) var hitch: HitchDetector
    private(set) var timeline: TimelineDigestBuilder
    /// Whether ``timeline`` takes the samples: `false` when nothing shows the chart (`navrec
    /// analyze`), and the digest then stays empty.
    private let buildsTimeline: Bool
    /// The hysteresis search's replay of the Schmitt-switched behaviours, run here (``SchmittToggleLog``).
    private(set) var hysteresisLogs: HysteresisLogs
    private var inputReversals: ReversalCounter
    private let tolerance: Double
    /// The size of a pixel of the recording's screen, points: the grid of the observed lengths.
    private let pixel: Double
    /// Findings of every detector but flapping (which needs the replay search first) and jitter
    /// (``jitterFindings(dropping:)``, which needs the flapping findings).
    private(set) var findings: [Finding] = []
    /// Screen transitions (Docs/findings.md "Screen transitions"), in time order: from a
    /// `disappear` to the next `appear` (or the session's end), the bar is a transition's and the
    /// title detectors see none of it. Those of the events added so far.
    private var transitions: [TransitionWindow] = []
    /// The first transition not yet wholly behind the frames observed.
    private var nextTransition = 0
    /// Whether the hitch rule infers a recorder's logging at rest from the frames (its header does
    /// not say), and so needs to know where a bar state changed.
    private let infersRest: Bool
    /// The last frame's `y` and states of the block before, for a block's first row.
    private var lastY: Double?
    private var lastComputed: BarState?
    private var lastObserved: BarState?

    /// `hysteresisValues` are the analyzer's (``Analyzer/hysteresisValues``), worked out once for
    /// every session. Not inlined: inlined into ``SessionPass``'s initializer, the pass's parts went
    /// through more copies (of the behaviours, of detectors' storage) than the call costs.
    @inline(never)
    init(
        settings: AnalyzerSettings, behaviors: BehaviorSet, expected: Double?, fps: Double?, pixel: Double,
        recorder: RecorderPolicy = RecorderPolicy(), duration: Double, buckets: Int, replays: Bool,
        hysteresisValues: [Double]
    ) {
        self.settings = settings
        self.behaviors = behaviors
        replay = replays ? ReplayEngine(behaviors: behaviors, events: []) : nil
        self.pixel = pixel
        tolerance = settings.titleMismatch.tolerance(for: behaviors)
        computedFlapping = FlappingDetector(settings: settings.flapping, behaviors: behaviors)
        computedJitter = JitterDetector(
            settings: settings.jitter, ignoring: { $0.isMonotonicInY(in: behaviors) })
        computedTitles = TitleMismatchDetector(
            presentations: behaviors.titlePresentations, source: .computed, tolerance: tolerance,
            errorAfter: settings.titleMismatch.errorAfter)
        hitch = HitchDetector(
            expected: expected, fps: fps, factor: settings.hitch.factor, policy: recorder, pixel: pixel)
        infersRest = recorder.atRest == nil
        timeline = TimelineDigestBuilder(presentations: behaviors.titlePresentations, duration: duration, bucketCount: buckets)
        buildsTimeline = buckets > 0
        inputReversals = ReversalCounter(epsilon: settings.jitter.epsilon)
        hysteresisLogs = HysteresisLogs(behaviors: behaviors, settings: settings.flapping, values: hysteresisValues)
    }

    /// Takes the session's next event (in time order), before any block with a frame at or after
    /// its time.
    mutating func add(_ event: ScrollEvent) {
        if event.isLifecycle { hitch.addLifecycle(at: event.t) }
        TransitionWindow.add(event, to: &transitions)
        replay?.add(event)
    }

    /// Takes the next block of frames. Each detector loops over the columns it needs: no frame is
    /// assembled or copied between them, as a frame copied per detector would be. With replayed
    /// parameters the block's computed states are overwritten with the replayed ones.
    mutating func observe(_ block: FrameColumns) {
        let count = block.count
        guard count > 0 else { return }
        let rows = block.rows
        let t = block.t, y = block.y
        let computed = block.computed, observedRows = block.observedRows
        if replay != nil {
            computed.clear()
            for row in 0..<count { computed.set(replay!.step(block.sample(row)), at: row) }
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: FrameColumns.capacity) { inputAfter in
            // The counter in a local for the loop: as the pass's member it went through memory
            // each row, and its last value and direction chain from row to row.
            var reversals = inputReversals
            for row in 0..<count {
                _ = reversals.add(y[row])
                inputAfter[row] = reversals.total
            }
            inputReversals = reversals
            let after = UnsafePointer(inputAfter.baseAddress!)
            let observed = observedRows != 0 ? block.observed : nil
            // Each stream's signals once, for the flapping and the title detectors.
            let signals = (computed: SignalRows(computed, count: count), observed: SignalRows(block.observed, count: count))
            // `y`'s range over the block, for the signals that do not toggle in it: worked out once for both streams.
            var blockRange: (min: Double, max: Double)?
            computedFlapping?.observe(
                rows: rows, count: count, t: t, y: y, states: computed, observed: observed, signals: signals.computed,
                observedSignals: signals.observed, blockRange: &blockRange)
            computedJitter.observe(rows: rows, t: t, states: computed, inputAfter: after)
            // The comparison runs from the first frame with an observed state on.
            var comparisonRows = rows
            if observedRows != 0, observedFlapping == nil {
                startObserved()
                comparisonRows &= ~((observedRows & (0 &- observedRows)) &- 1)
            }
            // The app's bar inside a transition is another screen's: the observed stream's
            // detectors skip it, the titles' a part of the block at a time. A block no transition
            // reaches (nearly all) is one part, without building the list.
            let parts = transitions.isEmpty ? nil : titleParts(t: t, count: count)
            let outside = parts?.reduce(0) { $0 | $1.rows } ?? rows
            if let observed {
                observedFlapping?.observe(
                    rows: observedRows & outside, count: count, t: t, y: y, states: observed, signals: signals.observed,
                    blockRange: &blockRange)
                observedJitter?.observe(rows: observedRows & outside, t: t, states: observed, inputAfter: after)
            }
            if let parts {
                for part in parts {
                    observeTitles(
                        part.rows, interruptedAt: part.interruptedAt, comparisonRows: comparisonRows, t: t, block: block, signals: signals)
                }
            } else {
                observeTitles(rows, interruptedAt: nil, comparisonRows: comparisonRows, t: t, block: block, signals: signals)
            }
        }
        // Only an `idle` frame that did not move can be evidence of rest, so only there is it asked
        // whether a bar state changed.
        var barChanged: UInt64 = 0
        if infersRest {
            for row in 0..<count where block.phase[row] == .idle && y[row] == (row > 0 ? y[row - 1] : lastY) {
                if self.barChanged(at: row, in: block) { barChanged |= 1 &<< UInt64(row) }
            }
        }
        hitch.observe(block, barChanged: barChanged)
        // The hitch detector decides a few frames late (it merges callbacks and waits for the rate
        // after an interval), so the late frames are the ones it names, not the block's.
        if buildsTimeline {
            for late in hitch.newHitches { timeline.lateFrame(from: late.start, to: late.end, late: late.late, hang: late.hang) }
        }
        if buildsTimeline {
            timeline.observe(
                count: count, t: t, y: y, computed: computed, observed: observedRows != 0 ? block.observed : nil,
                observedRows: observedRows)
        }
        hysteresisLogs.observe(count: count, t: t, y: y)
        if infersRest {
            lastY = y[count - 1]
            lastComputed = computed.state(at: count - 1)
            if observedRows != 0 { lastObserved = block.observed.state(at: 63 - observedRows.leadingZeroBitCount) }
        }
    }

    /// The title detectors over `part` of a block (after closing their runs where a transition
    /// started, `interruptedAt`).
    private mutating func observeTitles(
        _ part: UInt64, interruptedAt: Double?, comparisonRows: UInt64, t: FrameColumn<Double>, block: FrameColumns,
        signals: (computed: SignalRows, observed: SignalRows)
    ) {
        if let start = interruptedAt {
            computedTitles.interrupt(at: start)
            observedTitles?.interrupt(at: start)
            comparison?.interrupt(at: start)
        }
        let observedRows = block.observedRows
        computedTitles.observe(rows: block.rows & part, t: t, states: block.computed, signals: signals.computed)
        if observedRows != 0 {
            observedTitles?.observe(rows: observedRows & part, t: t, states: block.observed, signals: signals.observed)
        }
        comparison?.observe(
            rows: comparisonRows & part, t: t, computed: block.computed, observed: block.observed, observedRows: observedRows,
            computedSignals: signals.computed, observedSignals: signals.observed)
    }

    /// Whether a bar state at `row` differs from the frame before's: the computed one, or the
    /// observed one where the row reports it (a first report counts as a change).
    private func barChanged(at row: Int, in block: FrameColumns) -> Bool {
        let computed = block.computed.state(at: row)
        if computed != (row > 0 ? block.computed.state(at: row - 1) : lastComputed) { return true }
        let observedRows = block.observedRows
        guard observedRows &>> UInt64(row) & 1 != 0 else { return false }
        let earlier = observedRows & ((1 &<< UInt64(row)) &- 1)
        let previous = earlier != 0 ? block.observed.state(at: 63 - earlier.leadingZeroBitCount) : lastObserved
        return previous != block.observed.state(at: row)
    }

    /// The rows of a block the title detectors see, in parts: each part's rows lie outside every
    /// transition, and a part after a transition's start says when it started (the detectors close
    /// their runs there). `nil` when no transition reaches the block: one part of every row.
    private mutating func titleParts(t: FrameColumn<Double>, count: Int) -> [(rows: UInt64, interruptedAt: Double?)]? {
        while nextTransition < transitions.count, let end = transitions[nextTransition].end, end <= t[0] {
            nextTransition += 1
        }
        guard nextTransition < transitions.count, transitions[nextTransition].start <= t[count - 1] else { return nil }
        var parts: [(rows: UInt64, interruptedAt: Double?)] = [(0, nil)]
        var index = nextTransition
        for row in 0..<count {
            while index < transitions.count, let end = transitions[index].end, end <= t[row] { index += 1 }
            guard index < transitions.count, transitions[index].start <= t[row] else {
                parts[parts.count - 1].rows |= 1 &<< UInt64(row)
                continue
            }
            // Inside a transition: a part starts after it, which first closes what was open.
            if parts[parts.count - 1].interruptedAt != transitions[index].start {
                parts.append((0, transitions[index].start))
            }
        }
        nextTransition = index
        return parts
    }

    /// The observed stream's detectors start at its first state: before it nothing is known.
    private mutating func startObserved() {
        observedFlapping = FlappingDetector(settings: settings.flapping, behaviors: behaviors)
        observedJitter = JitterDetector(settings: settings.jitter, pixel: pixel)
        observedTitles = TitleMismatchDetector(
            presentations: behaviors.titlePresentations, source: .observed, tolerance: tolerance,
            errorAfter: settings.titleMismatch.errorAfter)
        comparison = TitleComparisonDetector(presentations: behaviors.titlePresentations, tolerance: tolerance)
    }

    mutating func finish() {
        computedFlapping?.finish()
        observedFlapping?.finish()
        computedJitter.finish()
        observedJitter?.finish()
        computedTitles.finish()
        observedTitles?.finish()
        comparison?.finish()
        hitch.finish()
        if buildsTimeline {
            for late in hitch.newHitches { timeline.lateFrame(from: late.start, to: late.end, late: late.late, hang: late.hang) }
        }

        findings += computedTitles.findings
        findings += observedTitles?.findings ?? []
        findings += comparison?.findings ?? []

        let ratio = rounded(hitch.hitchTimeRatio, 3)
        if ratio >= settings.hitch.warning, let first = hitch.firstHitch, let last = hitch.lastHitch, let expected = hitch.expected {
            let severity: Finding.Severity = ratio >= settings.hitch.error ? .error : .warning
            findings.append(Finding(
                signal: "frames", source: .recording, severity: severity, start: first, end: last,
                count: hitch.hitchCount,
                message: "\(hitch.hitchCount) late frame\(hitch.hitchCount == 1 ? "" : "s") cost \(decimalText(hitch.hitchSeconds * 1000, digits: 1)) ms"
                    + (hitch.hangCount > 0 ? " (\(hitch.hangCount) hang\(hitch.hangCount == 1 ? "" : "s") of 250 ms or more)" : "")
                    + " in \(secondsText(hitch.movingSeconds)) s of movement: \(decimalText(ratio, digits: 1)) ms/s"
                    + " (\(severity == .error ? "error" : "warning") from \(decimalText(severity == .error ? settings.hitch.error : settings.hitch.warning, digits: 1)) ms/s)",
                evidence: .hitch(HitchEvidence(
                    hitchTimeRatio: ratio, hitchTime: rounded(hitch.hitchSeconds * 1000, 3),
                    movingTime: rounded(hitch.movingSeconds, 6), expectedInterval: rounded(expected * 1000, 3),
                    longestHitch: rounded(hitch.longestHitch * 1000, 3), hangs: hitch.hangCount))))
        }
    }

    /// The jitter findings of both streams, the computed stream's first and each detector's in
    /// episode order, but for the episodes `isDropped` names (given the stream): their findings are
    /// never made. Most of a fleet's jitter repeats a flap (``Analyzer/isDrivenJitter(_:source:start:end:flaps:behaviors:)``)
    /// and is dropped once the flapping findings are known; building each message first cost more
    /// than the detectors' own finish.
    func jitterFindings(dropping isDropped: (Finding.Source, JitterDetector.Episode) -> Bool) -> [Finding] {
        var findings: [Finding] = []
        for (source, detector) in [(Finding.Source.computed, computedJitter), (.observed, observedJitter)] {
            guard let detector else { continue }
            for episode in detector.episodes where !isDropped(source, episode) {
                let amplitude = rounded(episode.amplitude, 4)
                let unit = episode.signal.isLength ? " pt" : ""
                findings.append(Finding(
                    signal: episode.signal.name, source: source,
                    severity: episode.count >= 2 * settings.jitter.minReversals ? .error : .warning,
                    start: episode.start, end: episode.end, count: episode.count,
                    message: "\(episode.signal.name) reversed \(episode.count) times in \(secondsText(episode.end - episode.start)) s"
                        + " (steps up to \(episode.signal.isLength ? pointsText(amplitude) : decimalText(amplitude, digits: 2))\(unit)) while y reversed \(episode.inputReversals) times",
                    evidence: .jitter(JitterEvidence(inputReversals: episode.inputReversals, amplitude: amplitude))))
            }
        }
        return findings
    }
}
