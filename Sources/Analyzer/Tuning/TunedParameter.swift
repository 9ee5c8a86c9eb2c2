package import BarModel
internal import TextTools

/// A behaviour parameter `navrec tune` can choose: one whose larger values trade flapping for a
/// later reaction of one binary signal, or (a fade) for a longer time to settle.
package struct TunedParameter: Sendable, Hashable {
    /// How responsiveness is measured.
    package enum Response: Sendable, Hashable {
        /// The delay of each switch of ``TunedParameter/signal`` against the reference value's.
        case switchDelay
        /// The time an animated value takes from leaving 0 or 1 until it rests at 0 or 1 again.
        case settleTime(ContinuousSignal)
    }

    /// Behaviour name (`blurHeader`).
    package let behavior: String
    /// Parameter name (`hysteresis`).
    package let parameter: String
    /// The signal whose switches the parameter delays (the Schmitt state the hysteresis bands,
    /// `barHidden` for hideOnSwipe's swipe distance) or whose flaps a fade smooths.
    package let signal: BinarySignal
    package let response: Response

    /// Every tunable parameter, `behavior.parameter`.
    package static let supported: [TunedParameter] = [
        TunedParameter(behavior: BlurHeader.name, parameter: "hysteresis", signal: .background),
        TunedParameter(behavior: LargeTitle.name, parameter: "hysteresis", signal: .inlineTitleVisible),
        TunedParameter(behavior: CustomTitle.name, parameter: "hysteresis", signal: .inlineTitleVisible),
        TunedParameter(behavior: HideOnSwipe.name, parameter: "swipeDistance", signal: .barHidden),
        TunedParameter(
            behavior: CustomTitle.name, parameter: "fadeDuration", signal: .inlineTitleVisible, response: .settleTime(.inlineTitleAlpha)),
        TunedParameter(behavior: HideOnSwipe.name, parameter: "duration", signal: .barHidden, response: .settleTime(.barShown)),
    ]

    /// `behavior.parameter`.
    package var name: String { "\(behavior).\(parameter)" }

    /// The parameter named `text` (`blurHeader.hysteresis`).
    ///
    /// - Throws: ``AnalyzerSettingsError`` naming the supported parameters, with a did-you-mean.
    package init(_ text: String) throws(AnalyzerSettingsError) {
        guard let match = Self.supported.first(where: { $0.name == text }) else {
            throw AnalyzerSettingsError("cannot tune '\(text)'; tunable: \(Self.supported.map(\.name).joined(separator: ", "))"
                + didYouMean(text, in: Self.supported.map(\.name)))
        }
        self = match
    }

    private init(behavior: String, parameter: String, signal: BinarySignal, response: Response = .switchDelay) {
        self.behavior = behavior
        self.parameter = parameter
        self.signal = signal
        self.response = response
    }

    /// The candidates `navrec tune` tries when none are given, as `--values` takes them.
    package var defaultCandidates: String {
        switch parameter {
        case "swipeDistance": "10:60:5"
        case "fadeDuration", "duration": "0:0.5:0.05"
        default: "0:6:0.5"
        }
    }

    /// The parameter's default value (a default instance of the behaviour's).
    package var defaultValue: Double {
        var probe = BehaviorSet()
        if behavior == Avatar.name { try? probe.add(LargeTitle.name) }
        try? probe.add(behavior)
        return value(in: probe) ?? 0
    }

    /// The parameter's value in `behaviors`, `nil` when the set lacks the behaviour.
    package func value(in behaviors: BehaviorSet) -> Double? {
        guard let entry = behaviors.parameters.first(where: { $0.name == behavior }),
            case .number(let value)? = entry.parameters.first(where: { $0.name == parameter })?.value
        else { return nil }
        return value
    }

    /// Whether a flap of `signal` in a session with `behaviors` is one this parameter removes
    /// (``BinarySignal/fixParameter(in:)``); for a fade, a flap of the signal it animates.
    package func governs(_ signal: BinarySignal, in behaviors: BehaviorSet) -> Bool {
        if case .settleTime = response { return signal == self.signal }
        guard let fix = signal.fixParameter(in: behaviors) else { return false }
        return fix.behavior == behavior && fix.parameter == parameter
    }
}
