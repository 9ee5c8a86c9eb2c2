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

    /// One `--set` detector key, `DETECTOR.KEY`: how its text is checked and stored, and how the
    /// value reads back as text (``assignments``).
    private struct Setting: Sendable {
        let key: String
        let set: @Sendable (inout AnalyzerSettings, String) throws(AnalyzerSettingsError) -> Void
        let text: @Sendable (AnalyzerSettings) -> String

        /// A number; `seconds` takes an `s` suffix (`0.5s`).
        static func number(
            _ key: String, _ path: any (WritableKeyPath<AnalyzerSettings, Double> & Sendable), positive: Bool, seconds: Bool = false
        ) -> Setting {
            Setting(key: key, set: { settings, text throws(AnalyzerSettingsError) in
                settings[keyPath: path] = try seconds
                    ? AnalyzerSettings.seconds(text, key, positive: positive) : AnalyzerSettings.number(text, key, positive: positive)
            }, text: { "\($0[keyPath: path])" })
        }

        /// A whole number of at least 1.
        static func count(_ key: String, _ path: any (WritableKeyPath<AnalyzerSettings, Int> & Sendable)) -> Setting {
            Setting(key: key, set: { settings, text throws(AnalyzerSettingsError) in
                settings[keyPath: path] = try AnalyzerSettings.count(text, key)
            }, text: { "\($0[keyPath: path])" })
        }
    }

    /// Every detector key `set` accepts, declared once: ``keys``, ``set(_:)`` and ``assignments``
    /// come from this list.
    private static let settings: [Setting] = [
        .number("flapping.window", \.flapping.window, positive: true, seconds: true),
        .count("flapping.minToggles", \.flapping.minToggles),
        .number("flapping.hysteresisStep", \.flapping.hysteresisStep, positive: true),
        .number("flapping.maxHysteresis", \.flapping.maxHysteresis, positive: false),
        .number("flapping.swipeDistanceStep", \.flapping.swipeDistanceStep, positive: true),
        .number("flapping.maxSwipeDistance", \.flapping.maxSwipeDistance, positive: false),
        .number("jitter.window", \.jitter.window, positive: true, seconds: true),
        .count("jitter.minReversals", \.jitter.minReversals),
        .number("jitter.epsilon", \.jitter.epsilon, positive: false),
        .number("jitter.fractionEpsilon", \.jitter.fractionEpsilon, positive: false),
        Setting(key: "hitch.factor", set: { settings, text throws(AnalyzerSettingsError) in
            settings.hitch.factor = try number(text, "hitch.factor", positive: true)
            guard settings.hitch.factor >= 1 else { throw AnalyzerSettingsError("hitch.factor must be at least 1, got '\(text)'") }
        }, text: { "\($0.hitch.factor)" }),
        .number("hitch.warning", \.hitch.warning, positive: false),
        .number("hitch.error", \.hitch.error, positive: false),
        .number("title_mismatch.margin", \.titleMismatch.margin, positive: false, seconds: true),
        // `auto` (or `null`) restores the per-session default.
        Setting(key: "title_mismatch.tolerance", set: { settings, text throws(AnalyzerSettingsError) in
            settings.titleMismatch.tolerance = text == "auto" || text == "null"
                ? nil : try seconds(text, "title_mismatch.tolerance", positive: false)
        }, text: { $0.titleMismatch.tolerance.map { "\($0)" } ?? "auto" }),
        .number("title_mismatch.errorAfter", \.titleMismatch.errorAfter, positive: false, seconds: true),
    ]

    /// Every detector key `set` accepts, `DETECTOR.KEY`.
    package static let keys = settings.map(\.key)

    /// The detectors of ``keys``, in their order (`flapping`, `jitter`, …).
    private static let detectors = keys.reduce(into: [String]()) { detectors, key in
        let detector = String(key.prefix { $0 != "." })
        if !detectors.contains(detector) { detectors.append(detector) }
    }

    /// Every detector value and every replay as `set` takes them: applied in order to the
    /// defaults, they give these settings back, each through `--set`'s checks.
    package var assignments: [String] {
        Self.settings.map { $0.key + "=" + $0.text(self) } + replay.map(\.assignment)
    }

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
        guard let setting = Self.settings.first(where: { $0.key == key }) else {
            let message: String
            if Self.detectors.contains(prefix) {
                message = "unknown key '\(key)'; known: \(Self.keys.joined(separator: ", "))"
            } else {
                message = "unknown detector or behaviour '\(prefix)' in '\(key)'; known keys: "
                    + Self.keys.joined(separator: ", ") + "; or BEHAVIOR.PARAMETER to replay with ("
                    + BehaviorSet.names.joined(separator: ", ") + ")"
            }
            let keyHint = didYouMean(key, in: Self.keys)
            throw AnalyzerSettingsError(message + (keyHint.isEmpty ? didYouMean(prefix, in: Self.detectors + BehaviorSet.names) : keyHint))
        }
        try setting.set(&self, text)
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
