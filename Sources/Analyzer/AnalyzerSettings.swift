package import BarModel
internal import TextTools

/// Every detector parameter of ANALYSIS.md with its documented default, plus the behaviour
/// parameters to replay a session with.
///
/// Set from the command line with ``set(_:)``: `flapping.window=0.5`, `jitter.epsilon=1`, or a
/// behaviour parameter such as `blurHeader.hysteresis=1.5`, which makes the analyzer replay the
/// session's models with that value instead of reading the stored computed states.
package struct AnalyzerSettings: Sendable, Hashable {
    /// Flapping: a binary state toggling around a threshold.
    package struct Flapping: Sendable, Hashable {
        /// Longest rest between two toggles of one episode, seconds.
        package var window = 1.0
        /// Toggles an episode needs to be reported; `error` from twice as many.
        package var minToggles = 3
        /// Suggested hysteresis values are multiples of this, points.
        package var hysteresisStep = 0.5
        /// Largest hysteresis the replay search tries, points; beyond it no fix is suggested.
        package var maxHysteresis = 20.0
        /// Suggested hideOnSwipe `swipeDistance` values are multiples of this, points.
        package var swipeDistanceStep = 5.0
        /// Largest `swipeDistance` the replay search tries, points; beyond it no fix is suggested.
        package var maxSwipeDistance = 100.0
        package init() {}
    }

    /// Jitter: a continuous state moving back and forth more than the content did.
    package struct Jitter: Sendable, Hashable {
        /// Longest gap between two reversals of one episode, seconds.
        package var window = 0.25
        /// Reversals an episode needs to be reported; `error` from twice as many.
        package var minReversals = 3
        /// Noise for lengths (`barHeight`, `avatarTx`, `avatarTy`, `y`), points: smaller steps are ignored.
        package var epsilon = 0.5
        /// Noise for scales, alphas and `barShown` (unitless): smaller steps are ignored.
        package var fractionEpsilon = 0.02
        package init() {}
    }

    /// Hitch: frames shown late.
    package struct Hitch: Sendable, Hashable {
        /// An interval longer than this many expected intervals is a hitch.
        package var factor = 1.5
        /// Hitch time ratio for a `warning` finding, ms per second of movement (WWDC20).
        package var warning = 5.0
        /// Hitch time ratio for an `error` finding, ms per second of movement (WWDC20).
        package var error = 10.0
        package init() {}
    }

    /// Title mismatch: the wrong title showing.
    package struct TitleMismatch: Sendable, Hashable {
        /// Added to the session's longest title animation to give the default tolerance, seconds.
        package var margin = 0.1
        /// Fixed tolerance, seconds; `nil` uses `margin` + the longest title animation.
        package var tolerance: Double?
        /// A `both_visible` / `none_visible` run longer than this is an `error`, seconds.
        package var errorAfter = 0.5
        package init() {}

        /// The tolerance for a session with these behaviours, seconds.
        package func tolerance(for behaviors: BehaviorSet) -> Double {
            tolerance ?? margin + behaviors.longestTitleAnimation
        }
    }

    /// A behaviour parameter to replay sessions with (`blurHeader.hysteresis=1.5`).
    package struct Replay: Sendable, Hashable {
        /// Behaviour name (`blurHeader`).
        package var behavior: String
        /// Parameter name (`hysteresis`).
        package var parameter: String
        package var value: ParameterValue

        package init(behavior: String, parameter: String, value: ParameterValue) {
            self.behavior = behavior
            self.parameter = parameter
            self.value = value
        }

        /// `behavior.parameter=value`, as given on the command line.
        package var assignment: String { "\(behavior).\(parameter)=\(value)" }
    }

    package var flapping = Flapping()
    package var jitter = Jitter()
    package var hitch = Hitch()
    package var titleMismatch = TitleMismatch()
    /// Behaviour parameters to replay with, in the order given; sessions without the behaviour
    /// ignore them.
    package var replay: [Replay] = []

    /// All defaults, no replay.
    package init() {}

    /// Every detector key `set` accepts, `DETECTOR.KEY`.
    package static let keys = [
        "flapping.window", "flapping.minToggles", "flapping.hysteresisStep", "flapping.maxHysteresis",
        "flapping.swipeDistanceStep", "flapping.maxSwipeDistance",
        "jitter.window", "jitter.minReversals", "jitter.epsilon", "jitter.fractionEpsilon",
        "hitch.factor", "hitch.warning", "hitch.error",
        "title_mismatch.margin", "title_mismatch.tolerance", "title_mismatch.errorAfter",
    ]

    /// Applies one `DETECTOR.KEY=VALUE` or `BEHAVIOR.PARAMETER=VALUE` assignment.
    ///
    /// Keys are ``keys``; seconds may carry an `s` suffix (`0.5s`); `title_mismatch.tolerance=auto`
    /// restores the per-session default. A behaviour parameter (`blurHeader.hysteresis=1.5`) is
    /// checked against a default instance of the behaviour and replaces an earlier one for the
    /// same parameter.
    ///
    /// - Throws: ``AnalyzerSettingsError`` for a malformed assignment, an unknown detector, key,
    ///   behaviour or parameter (listing the known ones, with a did-you-mean), or a value of the
    ///   wrong type or range.
    package mutating func set(_ assignment: String) throws(AnalyzerSettingsError) {
        guard let parsed = KeyAssignment(assignment) else {
            throw AnalyzerSettingsError("expected DETECTOR.KEY=VALUE, got '\(assignment)'")
        }
        let prefix = parsed.name
        let name = parsed.key
        let text = parsed.value
        let key = prefix + "." + name

        if BehaviorSet.names.contains(prefix) {
            try setReplay(behavior: prefix, parameter: name, text: text)
            return
        }
        switch key {
        case "flapping.window": flapping.window = try Self.seconds(text, key, positive: true)
        case "flapping.minToggles": flapping.minToggles = try Self.count(text, key)
        case "flapping.hysteresisStep": flapping.hysteresisStep = try Self.number(text, key, positive: true)
        case "flapping.maxHysteresis": flapping.maxHysteresis = try Self.number(text, key, positive: false)
        case "flapping.swipeDistanceStep": flapping.swipeDistanceStep = try Self.number(text, key, positive: true)
        case "flapping.maxSwipeDistance": flapping.maxSwipeDistance = try Self.number(text, key, positive: false)
        case "jitter.window": jitter.window = try Self.seconds(text, key, positive: true)
        case "jitter.minReversals": jitter.minReversals = try Self.count(text, key)
        case "jitter.epsilon": jitter.epsilon = try Self.number(text, key, positive: false)
        case "jitter.fractionEpsilon": jitter.fractionEpsilon = try Self.number(text, key, positive: false)
        case "hitch.factor":
            hitch.factor = try Self.number(text, key, positive: true)
            guard hitch.factor >= 1 else { throw AnalyzerSettingsError("\(key) must be at least 1, got '\(text)'") }
        case "hitch.warning": hitch.warning = try Self.number(text, key, positive: false)
        case "hitch.error": hitch.error = try Self.number(text, key, positive: false)
        case "title_mismatch.margin": titleMismatch.margin = try Self.seconds(text, key, positive: false)
        case "title_mismatch.tolerance":
            titleMismatch.tolerance = text == "auto" || text == "null" ? nil : try Self.seconds(text, key, positive: false)
        case "title_mismatch.errorAfter": titleMismatch.errorAfter = try Self.seconds(text, key, positive: false)
        default:
            let detectors = ["flapping", "jitter", "hitch", "title_mismatch"]
            var message: String
            if detectors.contains(prefix) {
                message = "unknown key '\(key)'; known: \(Self.keys.joined(separator: ", "))"
            } else {
                message = "unknown detector or behaviour '\(prefix)' in '\(key)'; known keys: "
                    + Self.keys.joined(separator: ", ") + "; or BEHAVIOR.PARAMETER to replay with ("
                    + BehaviorSet.names.joined(separator: ", ") + ")"
            }
            if let hint = closestName(to: key, in: Self.keys) {
                message += " (did you mean '\(hint)'?)"
            } else if let hint = closestName(to: prefix, in: detectors + BehaviorSet.names) {
                message += " (did you mean '\(hint)'?)"
            }
            throw AnalyzerSettingsError(message)
        }
    }

    private mutating func setReplay(behavior: String, parameter: String, text: String) throws(AnalyzerSettingsError) {
        let value = ParameterValue(commandLine: text)
        // Validate on a default set that has the behaviour (and what it needs), so a typo fails
        // at once rather than being skipped for every session.
        var probe = BehaviorSet()
        do {
            if behavior == Avatar.name { try probe.add(LargeTitle.name) }
            try probe.add(behavior)
            try probe.set(behavior, parameter, to: value)
        } catch {
            throw AnalyzerSettingsError(error.description)
        }
        replay.removeAll { $0.behavior == behavior && $0.parameter == parameter }
        replay.append(Replay(behavior: behavior, parameter: parameter, value: value))
    }

    /// The most values a replay search's candidate list may hold (`flapping.maxHysteresis /
    /// flapping.hysteresisStep`, `flapping.maxSwipeDistance / flapping.swipeDistanceStep`): the
    /// defaults give 40 and 20; a ratio of 10²⁰ (`hysteresisStep=1e-300`, `maxHysteresis=1e20`)
    /// ran out of memory or time (issue 39).
    package static let maximumCandidates = 1000

    /// Checks what no single assignment can: the combinations. Call once every `--set` is applied.
    ///
    /// - Throws: ``AnalyzerSettingsError`` naming the keys when a replay search would try more than
    ///   ``maximumCandidates`` values.
    package func validate() throws(AnalyzerSettingsError) {
        for (maximum, step, maxKey, stepKey) in [
            (flapping.maxHysteresis, flapping.hysteresisStep, "flapping.maxHysteresis", "flapping.hysteresisStep"),
            (flapping.maxSwipeDistance, flapping.swipeDistanceStep, "flapping.maxSwipeDistance", "flapping.swipeDistanceStep"),
        ] {
            let count = (maximum / step).rounded(.down)
            guard count.isFinite, count <= Double(Self.maximumCandidates) else {
                func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)" }
                throw AnalyzerSettingsError(
                    "\(maxKey) / \(stepKey) = \(text(maximum)) / \(text(step)) gives \(count.isFinite ? text(count) : "too many") values to try; at most \(Self.maximumCandidates) (raise \(stepKey) or lower \(maxKey))")
            }
        }
    }

    private static func number(_ text: String, _ key: String, positive: Bool) throws(AnalyzerSettingsError) -> Double {
        guard let value = Double(text), value.isFinite, positive ? value > 0 : value >= 0 else {
            throw AnalyzerSettingsError("\(key) must be a \(positive ? "positive" : "non-negative") number, got '\(text)'")
        }
        return value
    }

    private static func seconds(_ text: String, _ key: String, positive: Bool) throws(AnalyzerSettingsError) -> Double {
        try number(text.hasSuffix("s") ? String(text.dropLast()) : text, key, positive: positive)
    }

    private static func count(_ text: String, _ key: String) throws(AnalyzerSettingsError) -> Int {
        guard let value = Int(text), value >= 1 else {
            throw AnalyzerSettingsError("\(key) must be a whole number of at least 1, got '\(text)'")
        }
        return value
    }
}
