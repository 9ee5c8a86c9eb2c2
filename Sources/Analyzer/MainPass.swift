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
    /// Findings of every detector but flapping (which needs the replay search first).
    private(set) var findings: [Finding] = []

    init(
        settings: AnalyzerSettings, behaviors: BehaviorSet, expected: Double?, fps: Double?, pixel: Double, lifecycle: [Double],
        duration: Double, buckets: Int, replay: ReplayEngine?
    ) {
        self.settings = settings
        self.behaviors = behaviors
        self.replay = replay
        self.pixel = pixel
        tolerance = settings.titleMismatch.tolerance(for: behaviors)
        computedFlapping = FlappingDetector(settings: settings.flapping, behaviors: behaviors)
        computedJitter = JitterDetector(
            settings: settings.jitter, ignoring: { $0.isMonotonicInY(in: behaviors) })
        computedTitles = TitleMismatchDetector(
            presentations: behaviors.titlePresentations, source: .computed, tolerance: tolerance,
            errorAfter: settings.titleMismatch.errorAfter)
        hitch = HitchDetector(expected: expected, fps: fps, factor: settings.hitch.factor, lifecycle: lifecycle)
        timeline = TimelineDigestBuilder(presentations: behaviors.titlePresentations, duration: duration, bucketCount: buckets)
        buildsTimeline = buckets > 0
        inputReversals = ReversalCounter(epsilon: settings.jitter.epsilon)
        hysteresisLogs = HysteresisLogs(behaviors: behaviors, settings: settings.flapping)
    }

    /// Takes the next block of frames. Each detector loops over the columns it needs: no frame is
    /// assembled or copied between them (Benchmarks/README.md, "Main pass"). With replayed
    /// parameters the block's computed states are overwritten with the replayed ones.
    mutating func observe(_ block: FrameColumns) {
        let count = block.count
        guard count > 0 else { return }
        let rows = block.rows
        let t = UnsafePointer(block.t), y = UnsafePointer(block.y)
        let computed = block.computed, observedRows = block.observedRows
        if replay != nil {
            computed.clear()
            for row in 0..<count { computed.set(replay!.step(block.sample(row)), at: row) }
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: FrameColumns.capacity) { inputAfter in
            for row in 0..<count {
                _ = inputReversals.add(y[row])
                inputAfter[row] = inputReversals.total
            }
            let after = UnsafePointer(inputAfter.baseAddress!)
            let observed = observedRows != 0 ? block.observed : nil
            computedFlapping?.observe(rows: rows, count: count, t: t, y: y, states: computed, observed: observed)
            computedJitter.observe(rows: rows, t: t, states: computed, inputAfter: after)
            computedTitles.observe(rows: rows, t: t, states: computed)
            // The comparison runs from the first frame with an observed state on.
            var comparisonRows = rows
            if observedRows != 0, observedFlapping == nil {
                startObserved()
                comparisonRows &= ~((observedRows & (0 &- observedRows)) &- 1)
            }
            if let observed {
                observedFlapping?.observe(rows: observedRows, count: count, t: t, y: y, states: observed)
                observedJitter?.observe(rows: observedRows, t: t, states: observed, inputAfter: after)
                observedTitles?.observe(rows: observedRows, t: t, states: observed)
            }
            comparison?.observe(rows: comparisonRows, t: t, computed: computed, observed: block.observed, observedRows: observedRows)
        }
        for row in 0..<count {
            hitch.observe(t: t[row], y: y[row], phase: block.phase[row], frameDuration: block.frameDuration[row])
            // The hitch detector decides a few frames late (it merges callbacks and waits for the rate
            // after an interval), so the late frames are the ones it names, not the current sample.
            if buildsTimeline, !hitch.newHitches.isEmpty {
                for late in hitch.newHitches { timeline.lateFrame(from: late.start, to: late.end, late: late.late, hang: late.hang) }
            }
        }
        if buildsTimeline {
            timeline.observe(
                count: count, t: t, y: y, computed: computed, observed: observedRows != 0 ? block.observed : nil,
                observedRows: observedRows)
        }
        hysteresisLogs.observe(count: count, t: t, y: y)
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

        for (source, detector) in [(Finding.Source.computed, computedJitter), (.observed, observedJitter)] {
            guard let detector else { continue }
            for episode in detector.episodes {
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
        findings += computedTitles.findings
        findings += observedTitles?.findings ?? []
        findings += comparison?.findings ?? []

        let ratio = rounded(hitch.hitchTimeRatio, 3)
        if ratio >= settings.hitch.warning, let first = hitch.firstHitch, let last = hitch.lastHitch, let expected = hitch.expected {
            let severity: Finding.Severity = ratio >= settings.hitch.error ? .error : .warning
            findings.append(Finding(
                signal: "frames", source: .observed, severity: severity, start: first, end: last,
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
}
