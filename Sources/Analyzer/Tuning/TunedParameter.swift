public import BarModel

/// A behaviour parameter `navrec tune` can choose: one whose larger values trade flapping for a
/// later reaction of one binary signal.
public struct TunedParameter: Sendable, Hashable {
    /// Behaviour name (`blurHeader`).
    public let behavior: String
    /// Parameter name (`hysteresis`).
    public let parameter: String
    /// The signal whose switches the parameter delays: the Schmitt state the hysteresis bands, or
    /// `barHidden` for hideOnSwipe's swipe distance.
    public let signal: BinarySignal

    /// Every tunable parameter, `behavior.parameter`.
    public static let supported: [TunedParameter] = [
        TunedParameter(behavior: BlurHeader.name, parameter: "hysteresis", signal: .background),
        TunedParameter(behavior: LargeTitle.name, parameter: "hysteresis", signal: .inlineTitleVisible),
        TunedParameter(behavior: CustomTitle.name, parameter: "hysteresis", signal: .inlineTitleVisible),
        TunedParameter(behavior: HideOnSwipe.name, parameter: "swipeDistance", signal: .barHidden),
    ]

    /// `behavior.parameter`.
    public var name: String { "\(behavior).\(parameter)" }

    /// The parameter named `text` (`blurHeader.hysteresis`).
    ///
    /// - Throws: ``AnalyzerSettingsError`` naming the supported parameters, with a did-you-mean.
    public init(_ text: String) throws(AnalyzerSettingsError) {
        guard let match = Self.supported.first(where: { $0.name == text }) else {
            var message = "cannot tune '\(text)'; tunable: \(Self.supported.map(\.name).joined(separator: ", "))"
            if let hint = closestName(to: text, in: Self.supported.map(\.name)) { message += " (did you mean '\(hint)'?)" }
            throw AnalyzerSettingsError(message)
        }
        self = match
    }

    private init(behavior: String, parameter: String, signal: BinarySignal) {
        self.behavior = behavior
        self.parameter = parameter
        self.signal = signal
    }

    /// The parameter's default value (a default instance of the behaviour's).
    public var defaultValue: Double {
        var probe = BehaviorSet()
        if behavior == Avatar.name { try? probe.add(LargeTitle.name) }
        try? probe.add(behavior)
        return value(in: probe) ?? 0
    }

    /// The parameter's value in `behaviors`, `nil` when the set lacks the behaviour.
    public func value(in behaviors: BehaviorSet) -> Double? {
        guard let entry = behaviors.parameters.first(where: { $0.name == behavior }),
            case .number(let value)? = entry.parameters.first(where: { $0.name == parameter })?.value
        else { return nil }
        return value
    }

    /// Whether a flap of `signal` in a session with `behaviors` is one this parameter removes
    /// (``BinarySignal/fixParameter(in:)``).
    public func governs(_ signal: BinarySignal, in behaviors: BehaviorSet) -> Bool {
        guard let fix = signal.fixParameter(in: behaviors) else { return false }
        return fix.behavior == behavior && fix.parameter == parameter
    }
}
