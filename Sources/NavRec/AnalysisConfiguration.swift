internal import Analyzer
internal import BarModel

/// The analyzer's settings as values: every detector threshold of Docs/findings.md with its
/// default, and the behaviour parameters to replay sessions with — what `navrec report --set` and
/// `navrec analyze --set` take as `DETECTOR.KEY=VALUE` and `BEHAVIOUR.PARAMETER=VALUE`.
///
/// ```swift
/// var configuration = AnalysisConfiguration()
/// configuration.flapping.window = 0.5
/// configuration.replay = [ParameterReplay(behavior: "blurHeader", parameter: "hysteresis", value: 2)]
/// // or, as on the command line:
/// let same = try AnalysisConfiguration(settings: ["flapping.window=0.5", "blurHeader.hysteresis=2"])
/// ```
///
/// Values are checked when a recording is analysed: an invalid one (a window of 0, an unknown
/// behaviour parameter) makes ``RecordingAnalyzer`` throw ``NavRecError`` with the command line's
/// message.
public struct AnalysisConfiguration: Sendable, Codable, Equatable {
    /// Flapping: a binary state toggling around a threshold.
    public struct Flapping: Sendable, Codable, Equatable {
        /// Longest rest between two toggles of one episode, seconds (`flapping.window`).
        public var window = defaults.window
        /// Toggles an episode needs to be reported; `error` from twice as many (`flapping.minToggles`).
        public var minToggles = defaults.minToggles
        /// Suggested hysteresis values are multiples of this, points (`flapping.hysteresisStep`).
        public var hysteresisStep = defaults.hysteresisStep
        /// Largest hysteresis the fix search tries, points (`flapping.maxHysteresis`).
        public var maxHysteresis = defaults.maxHysteresis
        /// Suggested `swipeDistance` values are multiples of this, points (`flapping.swipeDistanceStep`).
        public var swipeDistanceStep = defaults.swipeDistanceStep
        /// Largest `swipeDistance` the fix search tries, points (`flapping.maxSwipeDistance`).
        public var maxSwipeDistance = defaults.maxSwipeDistance
        /// The defaults.
        public init() {}

        /// The analyzer's own defaults: the one place each is defined.
        private static var defaults: AnalyzerSettings.Flapping { AnalyzerSettings.Flapping() }
    }

    /// Jitter: a continuous state moving back and forth more than the content did.
    public struct Jitter: Sendable, Codable, Equatable {
        /// Longest gap between two reversals of one episode, seconds (`jitter.window`).
        public var window = defaults.window
        /// Reversals an episode needs to be reported; `error` from twice as many (`jitter.minReversals`).
        public var minReversals = defaults.minReversals
        /// Smaller steps of a length are noise, points (`jitter.epsilon`).
        public var epsilon = defaults.epsilon
        /// Smaller steps of a scale or alpha are noise (`jitter.fractionEpsilon`).
        public var fractionEpsilon = defaults.fractionEpsilon
        /// The defaults.
        public init() {}

        /// The analyzer's own defaults: the one place each is defined.
        private static var defaults: AnalyzerSettings.Jitter { AnalyzerSettings.Jitter() }
    }

    /// Hitch: frames shown late.
    public struct Hitch: Sendable, Codable, Equatable {
        /// An interval longer than this many expected intervals is a hitch (`hitch.factor`).
        public var factor = defaults.factor
        /// Hitch time ratio of a `warning`, ms per second of movement (`hitch.warning`).
        public var warning = defaults.warning
        /// Hitch time ratio of an `error`, ms per second of movement (`hitch.error`).
        public var error = defaults.error
        /// The defaults.
        public init() {}

        /// The analyzer's own defaults: the one place each is defined.
        private static var defaults: AnalyzerSettings.Hitch { AnalyzerSettings.Hitch() }
    }

    /// Title mismatch: the wrong title showing.
    public struct TitleMismatch: Sendable, Codable, Equatable {
        /// Added to the session's longest title animation to give the tolerance, seconds (`title_mismatch.margin`).
        public var margin = defaults.margin
        /// A fixed tolerance, seconds; `nil` uses `margin` + the longest title animation (`title_mismatch.tolerance`).
        public var tolerance: Double?
        /// A `both_visible` or `none_visible` run longer than this is an `error`, seconds (`title_mismatch.errorAfter`).
        public var errorAfter = defaults.errorAfter
        /// The defaults.
        public init() {}

        /// The analyzer's own defaults: the one place each is defined.
        private static var defaults: AnalyzerSettings.TitleMismatch { AnalyzerSettings.TitleMismatch() }
    }

    /// The flapping detector's settings.
    public var flapping = Flapping()
    /// The jitter detector's settings.
    public var jitter = Jitter()
    /// The hitch detector's settings.
    public var hitch = Hitch()
    /// The title-mismatch detector's settings.
    public var titleMismatch = TitleMismatch()
    /// Behaviour parameters to replay sessions with, in order (a later one for the same parameter
    /// wins); a session without the behaviour ignores them. With any, the session's models are
    /// run again with the new values instead of reading the stored states.
    public var replay: [ParameterReplay] = []

    /// The defaults, no replay: what `navrec analyze` uses without `--set`.
    public init() {}

    /// The defaults with `settings` applied in order, each as `--set` takes it.
    ///
    /// - Throws: ``NavRecError`` with `--set`'s message for the first assignment that is not valid.
    public init(settings: [String]) throws {
        for assignment in settings { try set(assignment) }
    }

    /// Applies one `--set` assignment: `DETECTOR.KEY=VALUE` (`flapping.window=0.5`,
    /// `title_mismatch.tolerance=auto`) or `BEHAVIOUR.PARAMETER=VALUE` (`blurHeader.hysteresis=2`).
    ///
    /// - Throws: ``NavRecError`` with `--set`'s message (unknown key, with a did-you-mean; a value
    ///   of the wrong type or range).
    public mutating func set(_ assignment: String) throws {
        var settings = try analyzerSettings()
        do {
            try settings.set(assignment)
        } catch {
            throw NavRecError(error.description)
        }
        self = AnalysisConfiguration(settings)
    }

    /// The analyzer's settings: each value goes through `--set`'s own checks (the keys and their
    /// text are ``AnalyzerSettings/assignments``', declared once there).
    func analyzerSettings() throws -> AnalyzerSettings {
        var values = AnalyzerSettings()
        var configuration = self
        configuration.exchange(&values, toAnalyzer: true)
        var settings = AnalyzerSettings()
        for assignment in values.assignments + replay.map({ "\($0.behavior).\($0.parameter)=\($0.value)" }) {
            do {
                try settings.set(assignment)
            } catch {
                throw NavRecError(error.description)
            }
        }
        return settings
    }

    /// The values of `settings`.
    init(_ settings: AnalyzerSettings) {
        var settings = settings
        exchange(&settings, toAnalyzer: false)
        replay = settings.replay.map { ParameterReplay(behavior: $0.behavior, parameter: $0.parameter, value: $0.value.commandLineText) }
    }

    /// Copies each detector value to the analyzer's settings or from them: the one list of which
    /// public value is which of the analyzer's.
    private mutating func exchange(_ settings: inout AnalyzerSettings, toAnalyzer: Bool) {
        func pair<Value>(_ mine: inout Value, _ theirs: inout Value) {
            if toAnalyzer { theirs = mine } else { mine = theirs }
        }
        pair(&flapping.window, &settings.flapping.window)
        pair(&flapping.minToggles, &settings.flapping.minToggles)
        pair(&flapping.hysteresisStep, &settings.flapping.hysteresisStep)
        pair(&flapping.maxHysteresis, &settings.flapping.maxHysteresis)
        pair(&flapping.swipeDistanceStep, &settings.flapping.swipeDistanceStep)
        pair(&flapping.maxSwipeDistance, &settings.flapping.maxSwipeDistance)
        pair(&jitter.window, &settings.jitter.window)
        pair(&jitter.minReversals, &settings.jitter.minReversals)
        pair(&jitter.epsilon, &settings.jitter.epsilon)
        pair(&jitter.fractionEpsilon, &settings.jitter.fractionEpsilon)
        pair(&hitch.factor, &settings.hitch.factor)
        pair(&hitch.warning, &settings.hitch.warning)
        pair(&hitch.error, &settings.hitch.error)
        pair(&titleMismatch.margin, &settings.titleMismatch.margin)
        pair(&titleMismatch.tolerance, &settings.titleMismatch.tolerance)
        pair(&titleMismatch.errorAfter, &settings.titleMismatch.errorAfter)
    }
}

/// A behaviour parameter to replay sessions with, as `--set blurHeader.hysteresis=2` gives one:
/// navrec runs the session's models again with it, so a fix can be tried on a recording before
/// the app ships it.
public struct ParameterReplay: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The behaviour (`blurHeader`, `largeTitle`, `hideOnSwipe`, …).
    public var behavior: String
    /// The parameter (`hysteresis`, `swipeDistance`, …).
    public var parameter: String
    /// The value as the command line writes it: a number (`2`, `1.5`), `true`/`false`, `null` or text.
    public var value: String

    /// A replay with a value written as on the command line.
    public init(behavior: String, parameter: String, value: String) {
        self.behavior = behavior
        self.parameter = parameter
        self.value = value
    }

    /// A replay with a number.
    public init(behavior: String, parameter: String, value: Double) {
        self.init(behavior: behavior, parameter: parameter, value: formatNumber(value))
    }

    /// `behavior.parameter=value`, the `--set` assignment.
    public var description: String { "\(behavior).\(parameter)=\(value)" }
}

extension ParameterValue {
    /// The value as `--set` would take it back (``ParameterValue/init(commandLine:)``).
    fileprivate var commandLineText: String {
        switch self {
        case .string(let text): text
        default: description
        }
    }
}

/// Why navrec could not analyse a recording: a file it could not open or read, or a configuration
/// value `--set` would refuse. The message is the command line's (`FILE: error: cannot open: …`).
public struct NavRecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command line's message.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
