import BarModel

/// A run of consecutive samples in one condition: it starts at the first sample in the condition
/// and ends at the first sample out of it (or the stream's last sample).
struct ConditionRun<Condition: Equatable & Sendable>: Sendable {
    var condition: Condition
    var start: Double
}

/// Title mismatches (ANALYSIS.md "title_mismatch") on one stream: `both_visible`, `none_visible`
/// and `empty_subtitle_visible`.
///
/// Fields are carried forward from the last sample that had them, so a sample lacking a field
/// neither starts nor breaks a run; nothing is judged before every needed field was seen.
///
/// - Complexity: O(presentations) per sample, O(1) memory, plus the findings.
struct TitleMismatchDetector: Sendable {
    private enum Exclusive: Equatable, Sendable {
        case both, none
    }

    let presentations: [TitlePresentation]
    let source: Finding.Source
    let tolerance: Double
    let errorAfter: Double
    private var alphas: [Double?]
    /// Every title's alpha at the open two-titles run's first sample, its finding's evidence. The
    /// detector's, not the run's: a title that flickers opens a run every few frames, and an
    /// array for each cost more than judging them.
    private var runAlphas: [Double]
    private var barHidden = false
    private var subtitleVisible: Bool?
    private var subtitleHasText: Bool?
    private var exclusiveRun: ConditionRun<Exclusive>?
    private var subtitleRun: ConditionRun<Bool>?
    private var lastT = 0.0
    /// Findings so far, in the order they ended.
    private(set) var findings: [Finding] = []

    init(presentations: [TitlePresentation], source: Finding.Source, tolerance: Double, errorAfter: Double) {
        self.presentations = presentations
        self.source = source
        self.tolerance = tolerance
        self.errorAfter = errorAfter
        alphas = Array(repeating: nil, count: presentations.count)
        runAlphas = Array(repeating: 0, count: presentations.count)
    }

    /// Takes the `rows` of a block (the samples this stream has a state in) from one stream's `states`.
    ///
    /// Only the rows that have one of the fields it reads are visited: fields are carried forward,
    /// so a row without any leaves every condition as the row before it left it. The two-titles
    /// check and the subtitle check keep separate state, so each takes the block on its own.
    /// `signals` are the stream's signals over the block when the caller worked them out
    /// (``SignalRows``).
    mutating func observe(rows: UInt64, t: FrameColumn<Double>, states: FrameStateColumns, signals: SignalRows? = nil) {
        guard rows != 0 else { return }
        let last = 63 - rows.leadingZeroBitCount
        lastT = t[last]
        let hiddenRows = states.rows(.barHidden) & rows, hidden = states.column(.barHidden)
        if presentations.isEmpty {
            if hiddenRows != 0 { barHidden = hidden[63 - hiddenRows.leadingZeroBitCount] != 0 }
        } else {
            observeExclusive(rows: rows, t: t, states: states, signals: signals)
        }
        let visibleRows = states.rows(.subtitleVisible), visible = states.column(.subtitleVisible)
        let textRows = states.rows(.subtitleHasText), text = states.column(.subtitleHasText)
        var visit = rows & (visibleRows | textRows)
        while visit != 0 {
            let row = visit.trailingZeroBitCount
            visit &= visit &- 1
            let mask: UInt64 = 1 &<< UInt64(row)
            if visibleRows & mask != 0 { subtitleVisible = visible[row] != 0 }
            if textRows & mask != 0 { subtitleHasText = text[row] != 0 }
            if let subtitleVisible, let subtitleHasText {
                let empty = subtitleVisible && !subtitleHasText
                if empty, subtitleRun == nil {
                    subtitleRun = ConditionRun(condition: true, start: t[row])
                } else if !empty, let run = subtitleRun {
                    closeSubtitle(run, end: t[row])
                }
            }
        }
    }

    /// The two-titles check over a block's `rows`.
    ///
    /// When the rows are the block's first ones, every one has every title's alpha, and none or
    /// every one has `barHidden` (the usual block; hide-on-swipe computes `barHidden` on every
    /// frame), each row's condition comes from bit masks, and only the rows where it differs from
    /// the row before are visited: the others change nothing. Otherwise a row at a time.
    private mutating func observeExclusive(rows: UInt64, t: FrameColumn<Double>, states: FrameStateColumns, signals: SignalRows?) {
        let hiddenRows = states.rows(.barHidden) & rows
        var atLeastOne: UInt64 = 0, atLeastTwo: UInt64 = 0, everyAlpha = true, alphaRows: UInt64 = 0
        for presentation in presentations {
            let known = states.rows(presentation.alphaField) & rows
            alphaRows |= known
            everyAlpha = everyAlpha && known == rows
        }
        guard rows & (rows &+ 1) == 0, everyAlpha, hiddenRows == 0 || hiddenRows == rows else {
            let hidden = states.column(.barHidden)
            var visit = rows & (hiddenRows | alphaRows)
            while visit != 0 {
                let row = visit.trailingZeroBitCount
                visit &= visit &- 1
                if hiddenRows &>> UInt64(row) & 1 != 0 { barHidden = hidden[row] != 0 }
                observeExclusive(t: t[row], row: row, states: states)
            }
            return
        }
        let rowCount = 64 - rows.leadingZeroBitCount
        // The rows are the block's first, and each has every title: its signals over them.
        let signals = signals ?? SignalRows(states, count: rowCount)
        for presentation in presentations {
            let visible = signals.visible(presentation) & rows
            atLeastTwo |= atLeastOne & visible
            atLeastOne |= visible
        }
        // The rows where the bar is hidden: all or none as carried forward, else each row's own.
        let hiddenMask = hiddenRows != 0 ? signals[.barHidden].on & rows : barHidden ? rows : 0
        // Each row's condition: none (nil), no title visible, or two or more.
        let noneVisible = rows & ~atLeastOne & ~hiddenMask
        let bothVisible = atLeastTwo & ~hiddenMask
        let unflagged = rows & ~(noneVisible | bothVisible)
        // The condition before row 0 is the open run's (no run: none).
        let before = exclusiveRun?.condition
        func starts(_ mask: UInt64, _ condition: Exclusive?) -> UInt64 {
            mask & ~(mask << 1 | (before == condition ? 1 : 0))
        }
        var visit = starts(noneVisible, Exclusive.none) | starts(bothVisible, Exclusive.both) | starts(unflagged, nil)
        while visit != 0 {
            let row = visit.trailingZeroBitCount
            visit &= visit &- 1
            barHidden = hiddenMask &>> UInt64(row) & 1 != 0
            observeExclusive(t: t[row], row: row, states: states)
        }
        // The alphas and `barHidden` carried forward are the last row's.
        let last = rowCount - 1
        barHidden = hiddenMask &>> UInt64(last) & 1 != 0
        alphas.withUnsafeMutableBufferPointer { alphas in
            for (index, presentation) in presentations.enumerated() { alphas[index] = states.column(presentation.alphaField)[last] }
        }
    }

    private mutating func observeExclusive(t: Double, row: Int, states: FrameStateColumns) {
        // A count, not a list, of the visible presentations: no allocation on the per-sample path.
        var visibleCount = 0
        // One exclusive access to `alphas` per frame: indexing the array per presentation pays a
        // uniqueness check each time.
        let known = alphas.withUnsafeMutableBufferPointer { alphas -> Bool in
            for (index, presentation) in presentations.enumerated() where states.rows(presentation.alphaField) &>> UInt64(row) & 1 != 0 {
                alphas[index] = states.column(presentation.alphaField)[row]
            }
            for index in presentations.indices {
                guard let alpha = alphas[index] else { return false }
                if alpha >= BarState.visibleAlpha { visibleCount += 1 }
            }
            return true
        }
        guard known else { return }
        let condition: Exclusive? = barHidden || visibleCount == 1 ? nil : visibleCount == 0 ? Exclusive.none : .both
        if let run = exclusiveRun, run.condition != condition {
            closeExclusive(run, end: t)
            exclusiveRun = nil
        }
        if let condition, exclusiveRun == nil {
            for index in presentations.indices { runAlphas[index] = alphas[index] ?? 0 }
            exclusiveRun = ConditionRun(condition: condition, start: t)
        }
    }

    /// A screen transition starts at `t`: the open runs end there, and nothing carried forward
    /// from before it is judged after it (the bar in between was another screen's).
    mutating func interrupt(at t: Double) {
        if let run = exclusiveRun { closeExclusive(run, end: t) }
        if let run = subtitleRun { closeSubtitle(run, end: t) }
        exclusiveRun = nil
        subtitleRun = nil
        for index in alphas.indices { alphas[index] = nil }
        barHidden = false
        subtitleVisible = nil
        subtitleHasText = nil
    }

    /// Closes the open runs at the end of the stream.
    mutating func finish() {
        if let run = exclusiveRun { closeExclusive(run, end: lastT) }
        if let run = subtitleRun { closeSubtitle(run, end: lastT) }
        exclusiveRun = nil
        subtitleRun = nil
    }

    private mutating func closeExclusive(_ run: ConditionRun<Exclusive>, end: Double) {
        let duration = end - run.start
        guard duration > tolerance else { return }
        let atStart = presentations.indices.map { TitleAlpha(presentation: presentations[$0], alpha: runAlphas[$0]) }
        // Both visible names the titles that showed; none visible names them all.
        let named = run.condition == .both ? atStart.filter { $0.alpha >= BarState.visibleAlpha } : atStart
        let signal = named.map(\.presentation.signalName).joined(separator: "+")
        let titles = named.map(\.presentation.signalName).joined(separator: " and ")
        let message = run.condition == .both
            ? "\(titles) both visible for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s); exactly one title should show"
            : "none of \(titles) visible for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s); exactly one title should show"
        findings.append(Finding(
            signal: signal, source: source, severity: duration > errorAfter ? .error : .warning, start: run.start,
            end: end, message: message,
            evidence: .titleVisibility(TitleVisibilityEvidence(
                bothVisible: run.condition == .both, alphas: atStart, duration: rounded(duration, 6),
                tolerance: rounded(tolerance, 6)))))
    }

    private mutating func closeSubtitle(_ run: ConditionRun<Bool>, end: Double) {
        subtitleRun = nil
        findings.append(Finding(
            signal: "subtitleVisible", source: source,
            severity: .warning, start: run.start, end: end,
            message: "an empty subtitle label is visible for \(secondsText(end - run.start)) s and pushes the title off centre; hide it when the subtitle is nil",
            evidence: .emptySubtitleVisible))
    }
}

/// `observed_vs_expected` mismatches: the app's title presentations, or its `barHidden`, differ
/// from the model's for longer than the tolerance.
///
/// One disagreement, one finding: a run lasts while any presentation differs (the large and the
/// inline title of one wrong collapse, also after a rotation, are one run), and names every
/// presentation that differed in it. Titles are compared only while the bar is shown in both
/// streams; while `barHidden` itself differs, that is the one finding.
///
/// The app's state is compared only at the samples that carry it: a sample without it neither
/// starts nor breaks a run, nothing is carried forward into a model switch, and a run's span is
/// bounded by observed samples (``ObservedSpan``).
///
/// - Complexity: O(presentations) per sample, O(presentations) memory, plus the findings.
struct TitleComparisonDetector: Sendable {
    /// The presentations' run: which differed (each one's alphas when it first did are in
    /// ``runComputedAlphas`` and ``runObservedAlphas``).
    private struct TitleRun: Sendable {
        var span: ObservedSpan
        var differed = 0
    }

    let presentations: [TitlePresentation]
    let tolerance: Double
    /// The app's last reported `barHidden`: titles are not compared while it hides the bar.
    private var observedHidden: Bool?
    private var titleRun: TitleRun?
    /// The open run's alphas of each presentation that differed in it, from when it first did
    /// (the others are stale and never read). The detector's, not the run's: a session whose app
    /// flickers opens a run every few frames, and two arrays for each cost more than comparing.
    private var runComputedAlphas: [Double]
    private var runObservedAlphas: [Double]
    private var hiddenRun: (span: ObservedSpan, observedHidden: Bool)?
    private var lastT = 0.0
    /// Findings so far, in the order they ended.
    private(set) var findings: [Finding] = []

    init(presentations: [TitlePresentation], tolerance: Double) {
        self.presentations = presentations
        self.tolerance = tolerance
        runComputedAlphas = Array(repeating: 0, count: presentations.count)
        runObservedAlphas = runComputedAlphas
    }

    /// Takes the `rows` of a block from the first observed state on, with both streams' states;
    /// `observedRows` are the rows that carried an observed state.
    ///
    /// A block that can change nothing — no run open, the two streams' `barHidden` the same on
    /// every row that has both, and no row where the two streams' titles differ — only moves the
    /// last time and the app's last `barHidden` on: most blocks are such (a hide-on-swipe bar has
    /// `barHidden` on every row of both), and comparing them a row at a time would cost every
    /// sample a comparison of each title.
    /// `computedSignals` and `observedSignals` are the streams' signals over the block when the
    /// caller worked them out (``SignalRows``).
    mutating func observe(
        rows: UInt64, t: FrameColumn<Double>, computed: FrameStateColumns, observed: FrameStateColumns, observedRows: UInt64,
        computedSignals: SignalRows? = nil, observedSignals: SignalRows? = nil
    ) {
        guard rows != 0 else { return }
        let reportedHidden = observed.rows(.barHidden) & rows & observedRows
        let computedHidden = computed.rows(.barHidden) & rows
        let rowCount = 64 - rows.leadingZeroBitCount
        let computedSignals = computedSignals ?? SignalRows(computed, count: rowCount)
        let observedSignals = observedSignals ?? SignalRows(observed, count: rowCount)
        if titleRun == nil, hiddenRun == nil,
            !Self.differs(reportedHidden & computedHidden, .barHidden, computedSignals, observedSignals),
            !differs(rows: rows & observedRows, computed: computedSignals, observed: observedSignals, hiddenInBlock: reportedHidden | computedHidden != 0)
        {
            if reportedHidden != 0 { observedHidden = observed.column(.barHidden)[63 - reportedHidden.leadingZeroBitCount] != 0 }
            lastT = t[63 - rows.leadingZeroBitCount]
            return
        }
        var visit = rows
        while visit != 0 {
            let row = visit.trailingZeroBitCount
            visit &= visit &- 1
            observe(t: t[row], row: row, computed: computed, observed: observedRows &>> UInt64(row) & 1 != 0 ? observed : nil)
        }
    }

    /// Whether any of `rows` has a presentation visible in one stream and not in the other. With
    /// no `barHidden` in the block (`hiddenInBlock` false) the app's last one holds throughout,
    /// and no title differs while it hides the bar; otherwise any difference counts.
    private func differs(rows: UInt64, computed: SignalRows, observed: SignalRows, hiddenInBlock: Bool) -> Bool {
        guard rows != 0, hiddenInBlock || observedHidden != true else { return false }
        return presentations.contains { Self.differs(rows, SignalRows.signal(showing: $0), computed, observed) }
    }

    /// Whether `signal` reads differently in the two streams — a title visible or not, the bar
    /// hidden or not — on any of `rows` that has it in both.
    private static func differs(_ rows: UInt64, _ signal: BinarySignal, _ computed: SignalRows, _ observed: SignalRows) -> Bool {
        let (computedKnown, computedOn) = computed[signal], (observedKnown, observedOn) = observed[signal]
        return (computedOn ^ observedOn) & rows & computedKnown & observedKnown != 0
    }

    /// Takes one row's computed and observed states at time `t`.
    private mutating func observe(t: Double, row: Int, computed: FrameStateColumns, observed: FrameStateColumns?) {
        func value(_ field: BarStateField, in states: FrameStateColumns) -> Double? {
            states.rows(field) &>> UInt64(row) & 1 != 0 ? states.column(field)[row] : nil
        }
        lastT = t
        titleRun?.span.pass(t)
        hiddenRun?.span.pass(t)
        let reportedHidden = observed.flatMap { value(.barHidden, in: $0) }.map { $0 != 0 }
        if let reportedHidden { observedHidden = reportedHidden }
        let computedHidden = value(.barHidden, in: computed).map { $0 != 0 }
        observeHidden(t: t, observed: reportedHidden, computed: computedHidden)
        guard let observed else { return }
        let hidden = observedHidden == true || computedHidden == true
        // A bit per differing presentation, and per presentation the sample reported: no
        // allocation on the per-sample path.
        var differing = 0
        var reported = 0
        for (index, presentation) in presentations.enumerated() {
            guard let observedAlpha = value(presentation.alphaField, in: observed),
                let computedAlpha = value(presentation.alphaField, in: computed)
            else { continue }
            reported |= 1 << index
            if !hidden, (observedAlpha >= BarState.visibleAlpha) != (computedAlpha >= BarState.visibleAlpha) {
                differing |= 1 << index
            }
        }
        // Nothing reported here: the sample neither starts nor breaks a run.
        guard reported != 0 else { return }
        if differing == 0 {
            if let run = titleRun { closeTitles(run, end: run.span.end(at: t)) }
            return
        }
        if titleRun == nil { titleRun = TitleRun(span: ObservedSpan(start: t)) }
        titleRun!.span.disagree(at: t)
        for index in presentations.indices where differing & (1 << index) != 0 && titleRun!.differed & (1 << index) == 0 {
            titleRun!.differed |= 1 << index
            runComputedAlphas[index] = value(presentations[index].alphaField, in: computed) ?? 0
            runObservedAlphas[index] = value(presentations[index].alphaField, in: observed) ?? 0
        }
    }

    /// Compares `barHidden` where the sample reported it.
    private mutating func observeHidden(t: Double, observed: Bool?, computed: Bool?) {
        guard let observed, let computed else { return }
        if observed != computed {
            if hiddenRun == nil { hiddenRun = (ObservedSpan(start: t), observed) }
            hiddenRun!.span.disagree(at: t)
        } else if let run = hiddenRun {
            closeHidden(run.span, observedHidden: run.observedHidden, end: run.span.end(at: t))
        }
    }

    /// A screen transition starts at `t`: the open runs end there (at the sample after their last
    /// disagreeing one, if it came first), and the app's `barHidden` is known again only once it
    /// reports it after the transition.
    mutating func interrupt(at t: Double) {
        if let run = hiddenRun { closeHidden(run.span, observedHidden: run.observedHidden, end: run.span.end(at: t)) }
        if let run = titleRun { closeTitles(run, end: run.span.end(at: t)) }
        observedHidden = nil
    }

    /// Closes the open runs at the end of the streams.
    mutating func finish() {
        if let run = hiddenRun { closeHidden(run.span, observedHidden: run.observedHidden, end: run.span.end(at: lastT)) }
        if let run = titleRun { closeTitles(run, end: run.span.end(at: lastT)) }
    }

    private mutating func closeHidden(_ span: ObservedSpan, observedHidden: Bool, end: Double) {
        hiddenRun = nil
        let duration = end - span.start
        guard duration > tolerance else { return }
        let (app, model) = observedHidden ? ("hidden", "shown") : ("shown", "hidden")
        findings.append(Finding(
            signal: "barHidden", source: .comparison,
            severity: .warning, start: span.start, end: end,
            message: "the bar is \(app) in the app but \(model) in the model for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s)",
            evidence: .barHiddenComparison(BarHiddenComparisonEvidence(
                observedBarHidden: observedHidden, duration: rounded(duration, 6), tolerance: rounded(tolerance, 6)))))
    }

    private mutating func closeTitles(_ run: TitleRun, end: Double) {
        titleRun = nil
        let duration = end - run.span.start
        guard duration > tolerance else { return }
        let differed = presentations.indices.filter { run.differed & (1 << $0) != 0 }
        let signal = differed.map { presentations[$0].signalName }.joined(separator: "+")
        let timing = "for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s)"
        let message: String
        if differed.count == 1, let index = differed.first {
            let expected = runComputedAlphas[index] >= BarState.visibleAlpha ? "visible" : "hidden"
            let shown = expected == "visible" ? "hidden" : "visible"
            message = "\(signal) is \(shown) in the app but \(expected) in the model \(timing)"
        } else {
            let modelShows = differed.filter { runComputedAlphas[$0] >= BarState.visibleAlpha }.map { presentations[$0].signalName }
            let appShows = differed.filter { runObservedAlphas[$0] >= BarState.visibleAlpha }.map { presentations[$0].signalName }
            let app = appShows.isEmpty ? "none of them" : appShows.joined(separator: " and ")
            let model = modelShows.isEmpty ? "none" : modelShows.joined(separator: " and ")
            message = "the app shows \(app) where the model shows \(model) \(timing)"
        }
        let differences = differed.map {
            TitleAlphaDifference(
                presentation: presentations[$0], computedAlpha: runComputedAlphas[$0], observedAlpha: runObservedAlphas[$0])
        }
        findings.append(Finding(
            signal: signal, source: .comparison, severity: .warning, start: run.span.start, end: end, message: message,
            evidence: .titleComparison(TitleComparisonEvidence(
                differences: differences, duration: rounded(duration, 6), tolerance: rounded(tolerance, 6)))))
    }
}

extension TitlePresentation {
    /// The presentation's name in findings: `largeTitle`, `inlineTitle`, `contentTitle`.
    package var signalName: String { rawValue + "Title" }
}
