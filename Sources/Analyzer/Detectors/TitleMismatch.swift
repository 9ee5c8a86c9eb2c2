import BarModel

/// A run of consecutive samples in one condition: it starts at the first sample in the condition
/// and ends at the first sample out of it (or the stream's last sample).
struct ConditionRun<Condition: Equatable & Sendable>: Sendable {
    var condition: Condition
    var start: Double
    /// Evidence captured at the run's first sample.
    var evidence: [(key: String, value: Finding.Value)]
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
    }

    /// Takes one sample's state at time `t`.
    mutating func observe(t: Double, state: BarState) {
        lastT = t
        if let hidden = state.barHidden { barHidden = hidden }
        if !presentations.isEmpty { observeExclusive(t: t, state: state) }
        if let visible = state.subtitleVisible { subtitleVisible = visible }
        if let hasText = state.subtitleHasText { subtitleHasText = hasText }
        if let subtitleVisible, let subtitleHasText {
            let empty = subtitleVisible && !subtitleHasText
            if empty, subtitleRun == nil {
                subtitleRun = ConditionRun(condition: true, start: t, evidence: [])
            } else if !empty, let run = subtitleRun {
                closeSubtitle(run, end: t)
            }
        }
    }

    private mutating func observeExclusive(t: Double, state: BarState) {
        // A bit per visible presentation: no allocation on the per-sample path.
        var visible = 0
        var visibleCount = 0
        // One exclusive access to `alphas` per frame: indexing the array per presentation paid a
        // uniqueness check each time (callgrind).
        let known = alphas.withUnsafeMutableBufferPointer { alphas -> Bool in
            for (index, presentation) in presentations.enumerated() {
                if let alpha = presentation.alpha(in: state) { alphas[index] = alpha }
            }
            for index in presentations.indices {
                guard let alpha = alphas[index] else { return false }
                if alpha >= BarState.visibleAlpha {
                    visible |= 1 << index
                    visibleCount += 1
                }
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
            var evidence: [(key: String, value: Finding.Value)] = []
            for (index, presentation) in presentations.enumerated() {
                evidence.append((presentation.alphaField.name, .number(alphas[index] ?? 0)))
            }
            let named = condition == .both
                ? presentations.indices.filter { visible & (1 << $0) != 0 }.map { presentations[$0] } : presentations
            evidence.append(("signal", .string(named.map(\.signalName).joined(separator: "+"))))
            exclusiveRun = ConditionRun(condition: condition, start: t, evidence: evidence)
        }
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
        var details = run.evidence.filter { $0.key != "signal" }
        guard case .string(let signal)? = run.evidence.last?.value else { return }
        details.append(("duration", .number(rounded(duration, 6))))
        details.append(("tolerance", .number(rounded(tolerance, 6))))
        let subkind = run.condition == .both ? "both_visible" : "none_visible"
        let titles = signal.split(separator: "+").joined(separator: " and ")
        let message = run.condition == .both
            ? "\(titles) both visible for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s); exactly one title should show"
            : "none of \(titles) visible for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s); exactly one title should show"
        findings.append(Finding(
            kind: .titleMismatch, subkind: subkind, signal: signal, source: source,
            severity: duration > errorAfter ? .error : .warning, start: run.start, end: end,
            message: message, details: details))
    }

    private mutating func closeSubtitle(_ run: ConditionRun<Bool>, end: Double) {
        subtitleRun = nil
        findings.append(Finding(
            kind: .titleMismatch, subkind: "empty_subtitle_visible", signal: "subtitleVisible", source: source,
            severity: .warning, start: run.start, end: end,
            message: "an empty subtitle label is visible for \(secondsText(end - run.start)) s and pushes the title off centre; hide it when the subtitle is nil",
            details: [("subtitleVisible", .string("true")), ("subtitleHasText", .string("false"))]))
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
/// - Complexity: O(presentations) per sample, O(presentations) memory, plus the findings.
struct TitleComparisonDetector: Sendable {
    /// The presentations' run: which differed, and each one's alphas when it first did.
    private struct TitleRun: Sendable {
        var start: Double
        var differed = 0
        var computedAlphas: [Double]
        var observedAlphas: [Double]
    }

    let presentations: [TitlePresentation]
    let tolerance: Double
    private var observedAlphas: [Double?]
    private var observedHidden: Bool?
    private var titleRun: TitleRun?
    private var hiddenRun: ConditionRun<Bool>?
    private var lastT = 0.0
    /// Findings so far, in the order they ended.
    private(set) var findings: [Finding] = []

    init(presentations: [TitlePresentation], tolerance: Double) {
        self.presentations = presentations
        self.tolerance = tolerance
        observedAlphas = Array(repeating: nil, count: presentations.count)
    }

    /// Takes one sample's computed and observed states at time `t`.
    mutating func observe(t: Double, computed: BarState, observed: BarState?) {
        lastT = t
        if let hidden = observed?.barHidden { observedHidden = hidden }
        observeHidden(t: t, computed: computed.barHidden)
        let hidden = observedHidden == true || computed.barHidden == true
        // Lanes are independent, so the observed alphas are taken first, with the state unwrapped
        // once (per lane it was copied each time).
        if let observed {
            for (index, presentation) in presentations.enumerated() {
                if let alpha = presentation.alpha(in: observed) { observedAlphas[index] = alpha }
            }
        }
        // A bit per differing presentation: no allocation on the per-sample path.
        var differing = 0
        for (index, presentation) in presentations.enumerated() {
            guard let observedAlpha = observedAlphas[index], let computedAlpha = presentation.alpha(in: computed) else { continue }
            if !hidden, (observedAlpha >= BarState.visibleAlpha) != (computedAlpha >= BarState.visibleAlpha) {
                differing |= 1 << index
            }
        }
        if differing == 0 {
            if let run = titleRun { closeTitles(run, end: t) }
            return
        }
        if titleRun == nil {
            titleRun = TitleRun(
                start: t, computedAlphas: Array(repeating: 0, count: presentations.count),
                observedAlphas: Array(repeating: 0, count: presentations.count))
        }
        for index in presentations.indices where differing & (1 << index) != 0 && titleRun!.differed & (1 << index) == 0 {
            titleRun!.differed |= 1 << index
            titleRun!.computedAlphas[index] = presentations[index].alpha(in: computed) ?? 0
            titleRun!.observedAlphas[index] = observedAlphas[index] ?? 0
        }
    }

    private mutating func observeHidden(t: Double, computed: Bool?) {
        guard let observedHidden, let computed else { return }
        if observedHidden != computed {
            if hiddenRun == nil { hiddenRun = ConditionRun(condition: observedHidden, start: t, evidence: []) }
        } else if let run = hiddenRun {
            closeHidden(run, end: t)
        }
    }

    /// Closes the open runs at the end of the streams.
    mutating func finish() {
        if let run = hiddenRun { closeHidden(run, end: lastT) }
        if let run = titleRun { closeTitles(run, end: lastT) }
    }

    private mutating func closeHidden(_ run: ConditionRun<Bool>, end: Double) {
        hiddenRun = nil
        let duration = end - run.start
        guard duration > tolerance else { return }
        let (app, model) = run.condition ? ("hidden", "shown") : ("shown", "hidden")
        findings.append(Finding(
            kind: .titleMismatch, subkind: "observed_vs_expected", signal: "barHidden", source: .comparison,
            severity: .warning, start: run.start, end: end,
            message: "the bar is \(app) in the app but \(model) in the model for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s)",
            details: [
                ("computedBarHidden", .string(run.condition ? "false" : "true")),
                ("observedBarHidden", .string(run.condition ? "true" : "false")),
                ("duration", .number(rounded(duration, 6))), ("tolerance", .number(rounded(tolerance, 6))),
            ]))
    }

    private mutating func closeTitles(_ run: TitleRun, end: Double) {
        titleRun = nil
        let duration = end - run.start
        guard duration > tolerance else { return }
        let differed = presentations.indices.filter { run.differed & (1 << $0) != 0 }
        let signal = differed.map { presentations[$0].signalName }.joined(separator: "+")
        let timing = "for \(secondsText(duration, exceeding: tolerance)) s (tolerance \(decimalText(tolerance)) s)"
        var details: [(key: String, value: Finding.Value)] = []
        let message: String
        if differed.count == 1, let index = differed.first {
            let expected = run.computedAlphas[index] >= BarState.visibleAlpha ? "visible" : "hidden"
            let shown = expected == "visible" ? "hidden" : "visible"
            message = "\(signal) is \(shown) in the app but \(expected) in the model \(timing)"
            details = [("computedAlpha", .number(run.computedAlphas[index])), ("observedAlpha", .number(run.observedAlphas[index]))]
        } else {
            let modelShows = differed.filter { run.computedAlphas[$0] >= BarState.visibleAlpha }.map { presentations[$0].signalName }
            let appShows = differed.filter { run.observedAlphas[$0] >= BarState.visibleAlpha }.map { presentations[$0].signalName }
            let app = appShows.isEmpty ? "none of them" : appShows.joined(separator: " and ")
            let model = modelShows.isEmpty ? "none" : modelShows.joined(separator: " and ")
            message = "the app shows \(app) where the model shows \(model) \(timing)"
            for index in differed {
                let name = presentations[index].signalName
                details.append(("\(name)ComputedAlpha", .number(run.computedAlphas[index])))
                details.append(("\(name)ObservedAlpha", .number(run.observedAlphas[index])))
            }
        }
        details += [("duration", .number(rounded(duration, 6))), ("tolerance", .number(rounded(tolerance, 6)))]
        findings.append(Finding(
            kind: .titleMismatch, subkind: "observed_vs_expected", signal: signal, source: .comparison,
            severity: .warning, start: run.start, end: end, message: message, details: details))
    }
}

extension TitlePresentation {
    /// The presentation's name in findings: `largeTitle`, `inlineTitle`, `contentTitle`.
    package var signalName: String { rawValue + "Title" }
}
