internal import BarModel
internal import TextTools

/// A typical app bug injected into the observed bar states of a simulated session, so the
/// analyzer (ANALYSIS.md) has something real to find. Faults that change bar states apply only
/// when the session is ``SimulationConfiguration/observed``; ``droppedFrames(fraction:)`` removes
/// samples from the recording itself.
///
/// The title faults need a title presenter (largeTitle, customTitle or blurHeader), whose
/// threshold is ``Gesture/threshold(for:)``; `heightJitter` needs a behaviour that defines
/// `barHeight`. Without one, the fault changes nothing.
public enum Fault: Sendable, Hashable {
    /// The inline title shows (alpha 1) from `by` points before the title threshold, while the other
    /// presentation is still visible, as when an app compares against the wrong offset.
    /// Produces title_mismatch `both_visible` on the observed stream and `observed_vs_expected`,
    /// when `y` stays within `by` below the threshold longer than the mismatch tolerance
    /// (a slow drag or a hover).
    case titleEarly(by: Double = 12)
    /// The observed `barHeight` wobbles by ±`amplitude` points, alternating every frame, while the
    /// content moves (phase not `idle`), as a layout feedback loop does.
    /// Produces `jitter` on observed `barHeight` (more reversals than `y` had).
    case heightJitter(amplitude: Double = 3)
    /// Each moving sample starts a gap with probability `fraction`: 1–3 samples are dropped, so
    /// intervals of 2–4 frames appear, as when the main thread stalls.
    /// Produces `hitch` (the default fraction gives well over 10 ms of hitch per moving second).
    case droppedFrames(fraction: Double = 0.05)
    /// For `duration` seconds after each computed title switch, the observed inline title
    /// alternates every sample between the right and the wrong visibility.
    /// Produces `flapping` on observed `inlineTitleVisible`.
    case flicker(duration: Double = 0.3)
    /// For `duration` seconds after each computed title switch, every title presentation the
    /// behaviours define is hidden (alpha 0), as when an app hides the old title before it shows
    /// the new one late. Produces title_mismatch `none_visible` on the observed stream (severity
    /// error with the default 0.6 s) and `observed_vs_expected`.
    case noTitle(duration: Double = 0.6)
    /// The main thread blocks for `seconds` once, inside the session's first animation (a snap, a
    /// programmatic scroll, a scroll to the top, a bounce-back): after its 6th frame nothing is drawn
    /// for `seconds`, then the animation continues where its clock is. Produces one `hitch`.
    case freeze(seconds: Double = 0.05)
    /// At each touch-down the main thread blocks for `seconds` (work done on touch-down): nothing is
    /// drawn, and the touch-down frame comes that late. With a recorder that writes every frame at
    /// rest (`--idle-frames`), a touch-down hitch per gesture; otherwise a pause, not a hitch.
    case touchDownFreeze(seconds: Double = 0.06)
    /// After a cancelled interactive pop (`pop reach=…` below 0.5), the cross-fade is not undone:
    /// every title presentation the behaviours define stays visible (alpha 1) for `duration`
    /// seconds after the `appear` event. Produces title_mismatch `both_visible` (on the observed
    /// stream) and `observed_vs_expected`.
    case stuckTitles(duration: Double = 1.5)

    /// Every fault: its default (which gives its name and default value), the case with another
    /// value, and the values it takes. ``names`` and ``init(argument:)`` read it.
    private static let kinds: [(fault: Fault, with: @Sendable (Double) -> Fault, isValid: @Sendable (Double) -> Bool, expected: String)] = [
        (.titleEarly(), { .titleEarly(by: $0) }, { $0 > 0 }, "greater than 0 points"),
        (.heightJitter(), { .heightJitter(amplitude: $0) }, { $0 > 0 }, "greater than 0 points"),
        (.droppedFrames(), { .droppedFrames(fraction: $0) }, { $0 > 0 && $0 <= 1 }, "a fraction in 0 < f <= 1"),
        (.flicker(), { .flicker(duration: $0) }, { $0 > 0 }, "greater than 0 seconds"),
        (.noTitle(), { .noTitle(duration: $0) }, { $0 > 0 }, "greater than 0 seconds"),
        (.freeze(), { .freeze(seconds: $0) }, { $0 > 0 && $0 <= 10 }, "from 0 to 10 seconds"),
        (.touchDownFreeze(), { .touchDownFreeze(seconds: $0) }, { $0 > 0 && $0 <= 10 }, "from 0 to 10 seconds"),
        (.stuckTitles(), { .stuckTitles(duration: $0) }, { $0 > 0 }, "greater than 0 seconds"),
    ]

    /// The fault names accepted by `--fault NAME[=VALUE]`.
    public static let names = kinds.map(\.fault.name)

    /// The fault's name on the command line.
    public var name: String {
        switch self {
        case .titleEarly: "titleEarly"
        case .heightJitter: "heightJitter"
        case .droppedFrames: "droppedFrames"
        case .flicker: "flicker"
        case .noTitle: "noTitle"
        case .freeze: "freeze"
        case .touchDownFreeze: "touchDownFreeze"
        case .stuckTitles: "stuckTitles"
        }
    }

    /// The fault's one parameter (points, a fraction or seconds, as the case says).
    public var value: Double {
        switch self {
        case .titleEarly(let by): by
        case .heightJitter(let amplitude): amplitude
        case .droppedFrames(let fraction): fraction
        case .flicker(let duration): duration
        case .noTitle(let duration): duration
        case .freeze(let seconds): seconds
        case .touchDownFreeze(let seconds): seconds
        case .stuckTitles(let duration): duration
        }
    }

    /// The fault as `NAME=VALUE`, the form ``init(argument:)`` reads.
    public var argument: String { "\(name)=\(formatNumber(value))" }

    /// Reads `NAME` or `NAME=VALUE` (`--fault heightJitter=2`); throws for an unknown name (saying
    /// the known ones, with a "did you mean" hint) or a value out of range.
    public init(argument: String) throws(SimulationError) {
        let name: String
        let text: String?
        if let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            text = String(argument[argument.index(after: equals)...])
        } else {
            (name, text) = (argument, nil)
        }
        var number: Double?
        if let text {
            guard let value = Double(text), value.isFinite else {
                throw SimulationError("fault \(name) needs a number after '=', got '\(text)'")
            }
            number = value
        }
        guard let kind = Self.kinds.first(where: { $0.fault.name == name }) else {
            throw SimulationError("unknown fault '\(name)'; known: \(Self.names.joined(separator: ", "))" + didYouMean(name, in: Self.names))
        }
        let value = number ?? kind.fault.value
        guard kind.isValid(value) else { throw SimulationError("fault \(name) must be \(kind.expected), got \(formatNumber(value))") }
        self = kind.with(value)
    }
}
