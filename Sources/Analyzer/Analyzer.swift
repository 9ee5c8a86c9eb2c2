package import BarModel

/// Replays a session's bar-state streams and reports findings (ANALYSIS.md): flapping, jitter,
/// hitches and title mismatches on the computed stream, on the observed stream when the recording
/// carried one, and between the two.
///
/// The analyzer is pure: it reads frames from a closure and returns values. Memory does not grow
/// with the session's length apart from the findings and the fixed-size ``TimelineDigest``.
///
/// Decisions beyond ANALYSIS.md's text:
/// - One fault, one finding: a flap of a signal that only follows another (blurHeader's inline and
///   content titles follow its background; largeTitle's large title is the inline one's
///   complement) is not reported when a reported flap of its driver overlaps it, on either stream.
///   The driver carries the fix (`suggestedHysteresis`, `suggestedSwipeDistance`).
/// - Likewise a jitter of a continuous signal that only follows a binary one (a title's alpha its
///   `*Visible` state, `barShown` `barHidden`; not `blurAlpha`, which follows `y`) is not reported
///   when a reported flap of that binary signal, or of its own driver, on the same source overlaps
///   it in time (``isDrivenJitter(_:source:start:end:flaps:behaviors:)``).
/// - Hitches are about the frames the app logged, so their `source` is `recording`, signal `frames`
///   (the human-readable reports name no stream for them).
/// - Jitter on real recordings (Docs/findings.md "Jitter on real recordings"): observed lengths
///   count steps from `epsilon` + one pixel (``pixelSize(screenScale:)``); `y`'s reversal that led
///   a signal's first one is in the span; the computed stream's monotonic functions of `y` are not
///   watched; a 0/1 switch of a driven alpha is no reversal.
/// - One part, one finding: overlapping jitter of the titles' alphas, or of the bar height and the
///   avatar, on one stream is one finding (``withoutRepeatedJitter(_:)``); a title disagreement
///   inside an observed `both_visible`/`none_visible` of its titles is that finding
///   (``withoutComparisonsOfVisibilityFaults(_:tolerance:)``).
/// - `frameJitter` is in milliseconds (RFC 3550's `J` over moving intervals, `D` = interval −
///   expected); ANALYSIS.md's example shows `0.0` where its 1 ms-rounded timestamps give 0.094.
/// - Title-mismatch runs start at the first sample in the condition and end at the first sample
///   out of it (or the last sample); within the observed stream fields are carried forward from
///   their last report, but the comparison with the model judges the app only at the samples that
///   report it (``ObservedSpan``).
/// - Flapping vs deliberate scrolling: two toggles chain only when the content moved by at most
///   the fix search's range between them (``FlappingDetector/sweepLimit(of:behaviors:settings:)``).
/// - A computed flap the app stayed stable through (it reported the signal, flipped it fewer than
///   `minToggles` times and differed from the model off the threshold) is a `warning` naming the
///   hysteresis the app appears to use; title `observed_vs_expected` findings starting inside it
///   are the same fault and dropped (``withoutStableAppComparisons(_:)``).
/// - `observed_vs_expected` is one finding per disagreement across the title presentations, and
///   also compares `barHidden` (``TitleComparisonDetector``).
package struct Analyzer: Sendable {
    /// Detector parameters and replayed behaviour parameters.
    package let settings: AnalyzerSettings
    /// Time buckets in each session's ``TimelineDigest``; 0 builds none (the digest is empty).
    package let timelineBuckets: Int
    /// The hysteresis values every session's main pass replays (``SchmittToggleLog``), worked out
    /// once for all sessions: a short session's analysis paid for them again each time.
    let hysteresisValues: [Double]

    /// An analyzer with the given settings; `timelineBuckets` sizes the chart digest, 0 when
    /// nothing shows a chart (`navrec analyze` prints none), so that analyze does not pay for a
    /// digest on every sample.
    package init(settings: AnalyzerSettings = AnalyzerSettings(), timelineBuckets: Int = 400) {
        self.settings = settings
        self.timelineBuckets = timelineBuckets
        hysteresisValues = SchmittToggleLog.values(settings.flapping)
    }

    /// Analyzes one session.
    ///
    /// `reader` must return a fresh reader positioned at the session's first frame each time it is
    /// called: the analyzer makes one main pass, plus a first pass for the median frame interval
    /// when the session has no `fps`, and replay passes when a flapping finding needs a
    /// suggested hysteresis or swipe distance that the main pass did not replay itself (largeTitle's and
    /// blurHeader's hysteresis it replays, ``SchmittToggleLog``). With `samplesOnly` true the pass
    /// reads only each frame's `seq` and `sample`, so the reader may leave the blocks'
    /// state columns empty.
    ///
    /// - Throws: whatever `reader` or its reads throw.
    /// - Complexity: O(n) for n frames, plus O(n × c) for the replay search over c candidate values
    ///   (bounded by `flapping.maxHysteresis / flapping.hysteresisStep`) up to the last flapping
    ///   episode; O(n) memory at 2 bytes a sample at most, none below 1 MB (the main pass's
    ///   hysteresis logs, ``SchmittToggleLog``), O(1) otherwise.
    package func analyze(
        _ session: SessionDescription, reader: (_ samplesOnly: Bool) throws -> any SessionFrameReader
    ) throws -> SessionAnalysis {
        // One reused block of columns for every pass, filled a chunk at a time: no frame is
        // assembled per sample.
        let block = FrameColumns()
        var expected: Double?
        if let fps = session.fps, fps > 0 {
            expected = 1 / fps
        } else {
            var median = IntervalMedian()
            let frames = try reader(true)
            while try frames.read(into: block) {
                for row in 0..<block.count { median.observe(block.sample(row)) }
            }
            expected = median.finish()
        }

        let pass = SessionPass(
            analyzer: self, behaviors: session.behaviors, metadata: session.metadata, expected: expected, duration: session.duration)
        for event in session.events.sorted(by: { $0.t < $1.t }) { pass.add(event) }
        let frames = try reader(false)
        if pass.overwritesComputedStates {
            while try frames.read(into: block) { pass.observe(block) }
        } else {
            while let next = try frames.next(orInto: block) { pass.observe(next) }
        }
        return try pass.finish(session, block: block, reader: reader)
    }

    /// The session's behaviours with the settings' replayed parameters applied, and the
    /// assignments that applied; one that does not fit the session (no such behaviour, or an
    /// invalid result) is skipped.
    func replayBehaviors(_ stored: BehaviorSet) -> (BehaviorSet, [String]) {
        var behaviors = stored
        var replayed: [String] = []
        for replay in settings.replay where behaviors.contains(replay.behavior) {
            var candidate = behaviors
            guard (try? candidate.set(replay.behavior, replay.parameter, to: replay.value)) != nil,
                (try? candidate.validate()) != nil
            else { continue }
            behaviors = candidate
            replayed.append(replay.assignment)
        }
        return (behaviors, replayed)
    }

    /// Turns the flapping episodes into findings: drops a driven signal's flap inside its driver's
    /// (blurHeader's titles follow the background; the large title is the inline one's complement),
    /// then finds suggested hysteresis values by replay for threshold-driven computed signals.
    func flappingFindings(
        _ pass: MainPass, behaviors: BehaviorSet, events: [ScrollEvent], block: FrameColumns,
        reader: (_ samplesOnly: Bool) throws -> any SessionFrameReader
    ) throws -> [Finding] {
        var episodes: [(source: Finding.Source, episode: FlappingDetector.Episode)] = []
        for (source, detector) in [(Finding.Source.computed, pass.computedFlapping), (.observed, pass.observedFlapping)] {
            guard let detector else { continue }
            let all = detector.episodes
            let spans = Dictionary(grouping: all, by: \.signal).mapValues { IntervalIndex($0.map { ($0.start, $0.end) }) }
            for episode in all {
                if let driver = episode.signal.driver(in: behaviors),
                    spans[driver]?.meets(start: episode.start, end: episode.end) == true
                {
                    continue
                }
                episodes.append((source, episode))
            }
        }

        var requests: [HysteresisSearch.Request] = []
        var requestOf: [Int: Int] = [:]
        for (index, item) in episodes.enumerated() where item.source == .computed {
            guard let fix = item.episode.signal.fixParameter(in: behaviors) else { continue }
            requestOf[index] = requests.count
            requests.append(HysteresisSearch.Request(
                signal: item.episode.signal, behavior: fix.behavior, parameter: fix.parameter, start: item.episode.start,
                end: item.episode.end, yMin: item.episode.yMin, yMax: item.episode.yMax))
        }
        var suggestions: [Double?] = []
        if !requests.isEmpty {
            let search = HysteresisSearch(behaviors: behaviors, events: events, settings: settings.flapping)
            suggestions = try search.run(requests, logs: pass.hysteresisLogs, block: block) { try reader(true) }
        }

        return episodes.enumerated().map { index, item in
            let episode = item.episode
            let duration = episode.end - episode.start
            var message = "\(episode.signal.name) flipped \(episode.count) times in \(secondsText(duration)) s with y "
            message += "\(pointsText(episode.yMin))–\(pointsText(episode.yMax)) pt"
            var evidence = FlappingEvidence(yMin: episode.yMin, yMax: episode.yMax)
            if let request = requestOf[index], let stable = appStable(episode, behaviors: behaviors) {
                // The app did not flap where the model did: it has a band the header does not declare.
                let behavior = requests[request].behavior
                message += " in navrec's model, but the app's \(episode.signal.name) flipped \(stable.toggles) time\(stable.toggles == 1 ? "" : "s"):"
                    // Rounded down: "at least" must hold for the figure as printed.
                    + " it appears to use a hysteresis of at least \(pointsText((stable.band * 10).rounded(.down) / 10)) pt;"
                    + " declare it in the header"
                evidence.observedToggles = stable.toggles
                evidence.appHysteresis = rounded(stable.band, 3)
                if let suggestion = suggestions[request] {
                    message += " (\(behavior).hysteresis \(decimalText(suggestion)) removes the model's flapping)"
                    evidence.suggestedHysteresis = suggestion
                } else {
                    message += " (\(behavior).hysteresis)"
                }
                return Finding(
                    signal: episode.signal.name, source: item.source, severity: .warning,
                    start: episode.start, end: episode.end, count: episode.count, message: message,
                    evidence: .flapping(evidence))
            }
            if let request = requestOf[index] {
                let behavior = requests[request].behavior
                if requests[request].parameter == "swipeDistance" {
                    // Multiples of 5 pt read best as whole points, as they are written in `--param`.
                    if let suggestion = suggestions[request] {
                        message += "; swipeDistance \(formatNumber(suggestion)) pt removes it"
                        evidence.suggestedSwipeDistance = suggestion
                    } else {
                        message += "; no \(behavior).swipeDistance up to \(formatNumber(settings.flapping.maxSwipeDistance)) pt removes it"
                    }
                } else if let suggestion = suggestions[request] {
                    message += "; hysteresis \(decimalText(suggestion)) pt removes it"
                    evidence.suggestedHysteresis = suggestion
                } else {
                    message += "; no \(behavior).hysteresis up to \(decimalText(settings.flapping.maxHysteresis)) pt removes it"
                }
            }
            return Finding(
                signal: episode.signal.name, source: item.source,
                severity: episode.count >= 2 * settings.flapping.minToggles ? .error : .warning,
                start: episode.start, end: episode.end, count: episode.count, message: message,
                evidence: .flapping(evidence))
        }
    }

    /// The observed stream over a computed episode when the app stayed stable there: it reported
    /// the signal throughout, flipped it fewer than `minToggles` times, and differed from the model
    /// somewhere off the threshold (a Schmitt threshold must drive the signal). `nil` otherwise.
    private func appStable(_ episode: FlappingDetector.Episode, behaviors: BehaviorSet) -> FlappingDetector.ObservedDuring? {
        guard episode.signal.hysteresisParameter(in: behaviors) != nil, let observed = episode.observed,
            observed.toggles < settings.flapping.minToggles, observed.band > 0
        else { return nil }
        return observed
    }

    /// Drops the title `observed_vs_expected` findings that start inside a flap the app stayed
    /// stable through: the model switching where the app's own band held is that one fault.
    static func withoutStableAppComparisons(_ findings: [Finding]) -> [Finding] {
        let stable = findings.filter { $0.flapping?.appHysteresis != nil }
        guard !stable.isEmpty else { return findings }
        let spans = IntervalIndex(stable.map { ($0.start, $0.end) })
        return findings.filter { finding in
            guard finding.subkind == "observed_vs_expected", finding.signal != BinarySignal.barHidden.name else { return true }
            return !spans.meets(start: finding.start, end: finding.start)
        }
    }

    /// Report order: start time, then kind, source, signal and subkind, so output is deterministic.
    static func order(_ a: Finding, _ b: Finding) -> Bool {
        if a.start != b.start { return a.start < b.start }
        let kinds = Finding.Kind.allCases
        if a.kind != b.kind { return kinds.firstIndex(of: a.kind)! < kinds.firstIndex(of: b.kind)! }
        let sources = Finding.Source.allCases
        if a.source != b.source { return sources.firstIndex(of: a.source)! < sources.firstIndex(of: b.source)! }
        if a.signal != b.signal { return a.signal < b.signal }
        if a.subkind != b.subkind { return (a.subkind ?? "") < (b.subkind ?? "") }
        return a.end < b.end
    }
}
