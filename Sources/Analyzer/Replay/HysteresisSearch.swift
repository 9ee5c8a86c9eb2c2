import BarModel

/// Finds, by replay, the smallest hysteresis that removes each flapping episode of a threshold-driven
/// computed signal (ANALYSIS.md "flapping": the smallest multiple of the step for which replaying the
/// session leaves fewer than `minToggles` toggles in the episode's span), and likewise the smallest
/// hideOnSwipe `swipeDistance` (a multiple of `swipeDistanceStep` above the session's value) for
/// `barHidden` episodes, since hideOnSwipe has no hysteresis.
///
/// The candidates of all episodes replay together in one pass over the frames, but for the values
/// stepped by engines after their group's smallest: a second pass steps them only for the groups
/// where the smallest left an episode unfixed (the smallest value that fixes one is its suggestion,
/// so larger ones can change nothing). A candidate is stepped up to its group's last episode's
/// end, and a pass stops after the last such end. Each candidate follows each signal it serves
/// once and credits a toggle to the episode whose span contains it: one signal's episodes never
/// overlap (a flapping detector's chains are disjoint), so a cursor over them, sorted by start,
/// finds that episode in amortized O(1).
///
/// A Schmitt-switched hysteresis (largeTitle, blurHeader) replays as one ``SchmittCandidates``
/// state for all its candidates, whose engines would each step a whole bar state; and when the
/// main pass already replayed it (``SchmittToggleLog``), its toggles are read from that log and
/// the samples are not read again but for those after where the log stopped, if it did. Only the
/// other candidates (hideOnSwipe's `swipeDistance`, customTitle, behaviours sharing a field) step
/// engines over the samples.
///
/// - Complexity: O(n × c × s + c × e) time for n frames up to the last episode, c candidate values,
///   s signals per behaviour (one or two) and e episodes — O(n + toggles + c × e) for Schmitt
///   candidates, O(toggles + c × e) from a log; O(c × e) memory.
struct HysteresisSearch: Sendable {
    /// One episode to find a fix for.
    struct Request: Sendable {
        var signal: BinarySignal
        /// The behaviour whose parameter drives the signal.
        var behavior: String
        /// `hysteresis` or `swipeDistance` (``BinarySignal/fixParameter(in:)``).
        var parameter = "hysteresis"
        var start: Double
        var end: Double
        var yMin: Double
        var yMax: Double
    }

    /// One signal as one candidate replays it: its last value, and a cursor over its episodes.
    private struct Track: Sendable {
        var signal: BinarySignal
        /// Where this track's episodes start in `episodeOrder` (request indices sorted by start).
        var first: Int
        /// One past the last of them.
        var end: Int
        /// The first of them whose span does not end before the current frame.
        var cursor: Int
        var last: Bool?
    }

    private struct Candidate: Sendable {
        /// The parameter's value this candidate replays with.
        var value: Double
        /// Its tracks' range in the flat track array.
        var tracks: Range<Int>
        /// Where its toggle counters start (one per entry of `episodeOrder`).
        var toggleBase: Int
    }

    let behaviors: BehaviorSet
    let events: [ScrollEvent]
    let settings: AnalyzerSettings.Flapping

    /// Whether a search for `behaviors`' flaps may read more of the samples than `t` and `y`: it
    /// does not when every parameter it could replay is a hysteresis that ``SchmittCandidates``
    /// replay over `y` — for every set of the signals it fixes and every prefix of the values, as
    /// ``run(_:logs:block:frames:)`` groups them; otherwise the models replay whole samples
    /// (hideOnSwipe's swipe distance, a behaviour writing the signals' fields too, more values
    /// than ``SchmittCandidates/capacity``).
    static func readsWholeSamples(_ behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping) -> Bool {
        var signalsOf: [String: [BinarySignal]] = [:]
        for signal in BinarySignal.allCases {
            guard let fix = signal.fixParameter(in: behaviors) else { continue }
            guard fix.parameter == "hysteresis" else { return true }
            signalsOf[fix.behavior, default: []].append(signal)
        }
        let values = multiples(of: settings.hysteresisStep, from: 1, upTo: settings.maxHysteresis)
        for (behavior, signals) in signalsOf {
            // Which behaviours a candidate runs depends on the signals only, not on the value.
            for subset in 1..<(1 << signals.count) {
                let fields = Set(signals.indices.filter { subset >> $0 & 1 != 0 }.map { signals[$0].field })
                if behaviors.writing(fields).enabledNames != [behavior] { return true }
            }
            // The values' edges and their number, for all the signals (a subset is allowed if they are).
            let engines = values.compactMap { value -> BehaviorSet? in
                var replayed = behaviors
                guard (try? replayed.set(behavior, "hysteresis", to: .number(value))) != nil else { return nil }
                return replayed.writing(Set(signals.map(\.field)))
            }
            if !engines.isEmpty, SchmittCandidates(behavior: behavior, engines: engines, signals: Set(signals)) == nil { return true }
        }
        return false
    }

    /// Whether a search for `behaviors`' flaps reads only samples after where one of the main
    /// pass's `logs` stopped (none while they are whole): every group ``run(_:logs:block:frames:)``
    /// can form is credited from a log — its parameters hysteresis that ``SchmittCandidates``
    /// replay (not ``readsWholeSamples(_:settings:)``), each a behaviour that has a log of which
    /// every value is one the behaviour takes, so that a group's values are a prefix of the log's.
    static func readsOnlyPastLogs(_ behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping, logs: HysteresisLogs) -> Bool {
        guard !readsWholeSamples(behaviors, settings: settings) else { return false }
        for signal in BinarySignal.allCases {
            guard let fix = signal.fixParameter(in: behaviors) else { continue }
            guard let log = logs.log(of: fix.behavior) else { return false }
            for value in log.values {
                var replayed = behaviors
                guard (try? replayed.set(fix.behavior, fix.parameter, to: .number(value))) != nil else { return false }
            }
        }
        return true
    }

    /// The suggested value per request (points), `nil` where no candidate up to
    /// `settings.maxHysteresis` (or `settings.maxSwipeDistance`) works.
    ///
    /// `logs` are the main pass's replays of the Schmitt-switched behaviours: a group of candidates
    /// they cover is credited from them, and `frames` (a fresh reader of the session's samples) is
    /// called only when some candidate still needs the samples, which it reads (into `block`
    /// where the reader holds no block of its own, ``SessionFrameReader/next(orInto:)``): once
    /// for the first pass, and again for the second when it has a candidate to step.
    func run(
        _ requests: [Request], logs: HysteresisLogs, block: FrameColumns = FrameColumns(),
        frames: () throws -> any SessionFrameReader
    ) throws -> [Double?] {
        guard !requests.isEmpty else { return [] }
        // Requests grouped by signal, each group in start order; a signal has one fix parameter,
        // so a group belongs to exactly one (behaviour, parameter).
        let episodeOrder = requests.indices.sorted {
            let (a, b) = (requests[$0], requests[$1])
            if a.signal != b.signal { return a.signal.name < b.signal.name }
            return a.start < b.start
        }
        let starts = episodeOrder.map { requests[$0].start }
        let ends = episodeOrder.map { requests[$0].end }
        var groupTracks: [(behavior: String, parameter: String, track: Track)] = []
        var position = 0
        while position < episodeOrder.count {
            let request = requests[episodeOrder[position]]
            var next = position + 1
            while next < episodeOrder.count, requests[episodeOrder[next]].signal == request.signal { next += 1 }
            groupTracks.append((request.behavior, request.parameter,
                                Track(signal: request.signal, first: position, end: next, cursor: position)))
            position = next
        }

        var candidates: [Candidate] = []
        /// The candidates stepped by their engines, each with its engine (kept out of `candidates`,
        /// whose other members the replay reads per frame: an optional engine there was copied out
        /// and back for each step), whether it watches `barHidden` alone, and its group's last
        /// episode's end (past it no toggle is credited, so it is stepped no further); the groups
        /// replayed as Schmitt states, with the index of each group's first candidate (its
        /// candidates follow in value order) and the same end. The samples are read to the last end.
        var engineCandidates: [(index: Int, engine: ReplayEngine, barHiddenOnly: Bool, end: Double)] = []
        /// The groups of candidates stepped by engines, each with its first candidate's index and
        /// its engines in value order: the first pass steps each group's smallest value, a second
        /// the others of the groups where it left an episode unfixed. Most groups are fixed by their
        /// smallest (hideOnSwipe's on a fleet), and a value stepped costs about as much as reading
        /// the samples once more.
        var engineGroups: [(first: Int, engines: [(index: Int, engine: ReplayEngine, barHiddenOnly: Bool, end: Double)])] = []
        /// A group a stopped log covers replays from the log's candidates, from its first sample not
        /// logged (`from`, a seq) on, its changes masked to the group's (`used`).
        var schmittGroups: [(candidates: SchmittCandidates, first: Int, end: Double, from: Int, used: UInt64)] = []
        /// Groups credited from the main pass's log, with their first candidate and their count.
        var loggedGroups: [(log: SchmittToggleLog, first: Int, count: Int)] = []
        var tracks: [Track] = []
        let groups = Set(requests.map { [$0.behavior, $0.parameter] }).sorted { $0.joined(separator: ".") < $1.joined(separator: ".") }
        for group in groups {
            let (behavior, parameter) = (group[0], group[1])
            let served = groupTracks.filter { $0.behavior == behavior && $0.parameter == parameter }.map(\.track)
            let servedRequests = requests.filter { $0.behavior == behavior && $0.parameter == parameter }
            let groupEnd = servedRequests.map(\.end).max() ?? 0
            // A candidate runs only the models of the fields its signals read (its engine skips the
            // avatar's transform, for one): the same values, a fraction of the work.
            let fields = Set(served.map(\.signal.field))
            var group: [(value: Double, behaviors: BehaviorSet)] = []
            for value in values(behavior: behavior, parameter: parameter, for: servedRequests) {
                var replayed = behaviors
                guard (try? replayed.set(behavior, parameter, to: .number(value))) != nil else { continue }
                group.append((value, replayed.writing(fields)))
            }
            let schmitt = parameter == "hysteresis"
                ? SchmittCandidates(behavior: behavior, engines: group.map(\.behaviors), signals: Set(served.map(\.signal))) : nil
            if schmitt != nil, let log = logs.log(of: behavior), log.values.starts(with: group.map(\.value)) {
                loggedGroups.append((log, candidates.count, group.count))
                // Past a change after the group's end no toggle is credited.
                if let stop = log.stop, log.times[log.times.count - 1] <= groupEnd {
                    schmittGroups.append((stop.candidates, candidates.count, groupEnd, stop.seq, SchmittCandidates.mask(group.count)))
                }
            } else if let schmitt {
                schmittGroups.append((schmitt, candidates.count, groupEnd, 0, ~0))
            }
            if schmitt == nil, !group.isEmpty { engineGroups.append((candidates.count, [])) }
            for (value, replayed) in group {
                if schmitt == nil {
                    // A candidate that watches `barHidden` alone (hideOnSwipe's swipeDistance) steps
                    // hide-on-swipe alone, not a whole state.
                    let barHiddenOnly = served.allSatisfy { $0.signal == .barHidden }
                    engineGroups[engineGroups.count - 1].engines.append(
                        (candidates.count, ReplayEngine(behaviors: replayed, events: events), barHiddenOnly, groupEnd))
                }
                candidates.append(Candidate(
                    value: value, tracks: tracks.count..<(tracks.count + served.count), toggleBase: candidates.count * episodeOrder.count))
                tracks += served
            }
        }
        var toggles = [Int](repeating: 0, count: candidates.count * episodeOrder.count)
        let lastEnd = ends.max() ?? 0
        /// Candidates no pass stepped: smaller values of their group fixed all its episodes.
        var skipped = [Bool](repeating: false, count: candidates.count)
        var firstPass = true
        engineCandidates = engineGroups.map { $0.engines[0] }
        /// An engine candidate's states on a block's rows.
        let states = FrameStateColumns()
        while true {
            let framesEnd = max(engineCandidates.map(\.end).max() ?? 0, schmittGroups.map(\.end).max() ?? 0)
            let reader = engineCandidates.isEmpty && schmittGroups.isEmpty ? nil : try frames()
            try starts.withUnsafeBufferPointer { starts in
                try ends.withUnsafeBufferPointer { ends in
                    try tracks.withUnsafeMutableBufferPointer { tracks in
                        try toggles.withUnsafeMutableBufferPointer { toggles in
                            // One exclusive access to the candidates for the whole pass: subscripting the
                            // array per candidate and frame checked its uniqueness each time.
                            try candidates.withUnsafeMutableBufferPointer { candidates in
                                try schmittGroups.withUnsafeMutableBufferPointer { schmittGroups in
                                    try engineCandidates.withUnsafeMutableBufferPointer { engineCandidates in
                                        /// Credits a toggle of `slot` at `t` to the episode whose span holds it.
                                        @inline(__always)
                                        func toggle(_ slot: Int, at t: Double, base: Int) {
                                            var cursor = tracks[slot].cursor
                                            while cursor < tracks[slot].end, ends[cursor] < t { cursor += 1 }
                                            tracks[slot].cursor = cursor
                                            if cursor < tracks[slot].end, starts[cursor] <= t { toggles[base + cursor] += 1 }
                                        }
                                        /// Takes `slot`'s values on the first `count` rows of `columns`, bit r
                                        /// for row r: a toggle where one differs from the one before.
                                        @inline(__always)
                                        func follow(_ slot: Int, _ values: UInt64, count: Int, in columns: FrameColumns, base: Int) {
                                            var changed = Self.changedRows(values, count: count, after: tracks[slot].last)
                                            tracks[slot].last = values >> UInt64(count - 1) & 1 != 0
                                            while changed != 0 {
                                                let row = changed.trailingZeroBitCount
                                                changed &= changed &- 1
                                                toggle(slot, at: columns.t[row], base: base)
                                            }
                                        }
                                        for group in loggedGroups where firstPass {
                                            let used = SchmittCandidates.mask(group.count)
                                            for (t, change) in zip(group.log.times, group.log.changes) {
                                                if t > lastEnd { break }
                                                var changed = change & used
                                                while changed != 0 {
                                                    let index = group.first + changed.trailingZeroBitCount
                                                    changed &= changed &- 1
                                                    for slot in candidates[index].tracks { toggle(slot, at: t, base: candidates[index].toggleBase) }
                                                }
                                            }
                                        }
                                        blocks: while let reader, let columns = try reader.next(orInto: block) {
                                            // An engine steps a block at a time, over the rows up to its end
                                            // (`t` never decreases: a prefix), and its signals' toggles are
                                            // worked out from their bits: a row at a time, the dispatch, a
                                            // whole BarState returned and read back cost more than the models.
                                            // The rows after the first past `framesEnd` are past every end.
                                            for engine in engineCandidates.indices {
                                                var count = 0
                                                while count < columns.count, columns.t[count] <= engineCandidates[engine].end { count += 1 }
                                                guard count > 0 else { continue }
                                                let index = engineCandidates[engine].index
                                                let base = candidates[index].toggleBase
                                                if engineCandidates[engine].barHiddenOnly {
                                                    guard let hidden = engineCandidates[engine].engine.stepBarHidden(columns, count: count) else { continue }
                                                    for slot in candidates[index].tracks { follow(slot, hidden, count: count, in: columns, base: base) }
                                                } else {
                                                    states.clear()
                                                    engineCandidates[engine].engine.step(columns, count: count, into: states)
                                                    for slot in candidates[index].tracks {
                                                        // A behaviour writes its fields on every row
                                                        // (BehaviorSet.fieldsWritten): a signal has all rows or none.
                                                        let (known, on) = tracks[slot].signal.rows(in: states, count: count)
                                                        if known != 0 { follow(slot, on, count: count, in: columns, base: base) }
                                                    }
                                                }
                                            }
                                            for row in 0..<columns.count {
                                                let t = columns.t[row]
                                                if t > framesEnd { break blocks }
                                                // Every signal of a Schmitt candidate is its state or the
                                                // complement: each toggles when the state does.
                                                for group in schmittGroups.indices
                                                where t <= schmittGroups[group].end && columns.firstSeq + row >= schmittGroups[group].from {
                                                    var changed = schmittGroups[group].candidates.step(columns.y[row]) & schmittGroups[group].used
                                                    while changed != 0 {
                                                        let index = schmittGroups[group].first + changed.trailingZeroBitCount
                                                        changed &= changed &- 1
                                                        for slot in candidates[index].tracks { toggle(slot, at: t, base: candidates[index].toggleBase) }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            guard firstPass else { break }
            firstPass = false
            // The Schmitt groups and logs were replayed whole. The second pass steps the other
            // values of the groups where an episode still has `minToggles` toggles or more with
            // the smallest; the others' values are not stepped at all.
            schmittGroups = []
            engineCandidates = []
            for (first, engines) in engineGroups where engines.count > 1 {
                let fixed = candidates[first].tracks.allSatisfy { slot in
                    (tracks[slot].first..<tracks[slot].end).allSatisfy { toggles[candidates[first].toggleBase + $0] < settings.minToggles }
                }
                if fixed {
                    for engine in engines.dropFirst() { skipped[engine.index] = true }
                } else {
                    engineCandidates += engines.dropFirst()
                }
            }
            if engineCandidates.isEmpty { break }
        }
        var suggestions: [Double?] = requests.map { _ in nil }
        for (index, candidate) in candidates.enumerated() where !skipped[index] {
            for slot in candidate.tracks {
                for position in tracks[slot].first..<tracks[slot].end where toggles[candidate.toggleBase + position] < settings.minToggles {
                    let request = episodeOrder[position]
                    if suggestions[request] == nil || candidate.value < suggestions[request]! {
                        suggestions[request] = candidate.value
                    }
                }
            }
        }
        return suggestions
    }

    /// The rows among the first `count` (bit r for row r) where a signal whose values they are
    /// (`values`) differs from the row before, row 0's being `last`: none before a first value,
    /// which is no toggle.
    static func changedRows(_ values: UInt64, count: Int, after last: Bool?) -> UInt64 {
        let before = values &<< 1 | (last == true ? 1 : 0)
        let changed = (values ^ before) & FrameColumns.rows(count)
        return last == nil ? changed & ~1 : changed
    }

    /// The values to try for `parameter` of `behavior`, smallest first, for the episodes `served`.
    private func values(behavior: String, parameter: String, for served: [Request]) -> [Double] {
        let step: Double
        var first = 1
        let limit: Double
        switch parameter {
        case "hysteresis":
            guard let threshold = Self.threshold(of: behavior, in: behaviors) else { return [] }
            step = settings.hysteresisStep
            // Above this the band holds every y of the span, so nothing inside it can toggle.
            let bound = served.map { max(threshold - $0.yMin, $0.yMax - threshold) }.max() ?? 0
            limit = min(settings.maxHysteresis, bound + step)
        case "swipeDistance":
            guard let current = behaviors.hideOnSwipe?.swipeDistance else { return [] }
            step = settings.swipeDistanceStep
            // A shorter swipe only reacts sooner; start at the first multiple above the session's.
            // A swipeDistance beyond any multiple an Int counts (1e300 from --set) has none above it.
            let multiple = (current / step).rounded(.down)
            guard multiple.isFinite, multiple < Double(1 << 52) else { return [] }
            first = Int(multiple) + 1
            // Past the span's y range no travel that starts inside the span reaches the distance, so
            // at most the first toggle (travel from before the span) remains.
            let bound = served.map { $0.yMax - $0.yMin }.max() ?? 0
            limit = min(settings.maxSwipeDistance, max(bound, current) + step)
        default:
            return []
        }
        return Self.multiples(of: step, from: first, upTo: limit)
    }

    /// `first × step`, `(first + 1) × step`, … up to `limit`; none when `step` is not positive.
    /// At most ``AnalyzerSettings/maximumCandidates`` values, whatever the settings (which
    /// ``AnalyzerSettings/validate()`` also bounds).
    static func multiples(of step: Double, from first: Int, upTo limit: Double) -> [Double] {
        guard step > 0, step.isFinite, !limit.isNaN else { return [] }
        var values: [Double] = []
        // Room for them all at once (the loop below still decides which): growing the array value
        // by value showed in every short session's analysis, which asks for them twice.
        if limit.isFinite { values.reserveCapacity(max(0, min(Int(min((limit / step).rounded(.up), 1e6)) - first + 2, AnalyzerSettings.maximumCandidates))) }
        var multiple = first
        while Double(multiple) * step <= limit + 1e-9, values.count < AnalyzerSettings.maximumCandidates {
            values.append(Double(multiple) * step)
            multiple += 1
        }
        return values
    }

    /// The `y` at which the behaviour's Schmitt state switches (its band's centre).
    static func threshold(of behavior: String, in behaviors: BehaviorSet) -> Double? {
        switch behavior {
        case BlurHeader.name: behaviors.blurHeader?.threshold
        case LargeTitle.name: behaviors.largeTitle?.collapseDistance
        case CustomTitle.name: behaviors.customTitle.map { $0.labelHeight * $0.labelScale + $0.labelTop - $0.slack }
        default: nil
        }
    }
}
