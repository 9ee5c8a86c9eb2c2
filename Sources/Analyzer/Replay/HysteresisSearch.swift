import BarModel

/// Finds, by replay, the smallest hysteresis that removes each flapping episode of a threshold-driven
/// computed signal (ANALYSIS.md "flapping": the smallest multiple of the step for which replaying the
/// session leaves fewer than `minToggles` toggles in the episode's span), and likewise the smallest
/// hideOnSwipe `swipeDistance` (a multiple of `swipeDistanceStep` above the session's value) for
/// `barHidden` episodes, since hideOnSwipe has no hysteresis.
///
/// All candidates of all episodes replay together in one pass over the frames, which stops after the
/// last episode's end.
///
/// - Complexity: O(n × c × e) time for n frames up to the last episode, c candidate values and e
///   episodes per behaviour; O(c × e) memory.
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

    private struct Candidate: Sendable {
        /// The parameter's value this candidate replays with.
        var value: Double
        var engine: ReplayEngine
        /// Indices into the requests this candidate's behaviour serves.
        var requests: [Int]
        var last: [Bool?]
        var toggles: [Int]
    }

    let behaviors: BehaviorSet
    let events: [ScrollEvent]
    let settings: AnalyzerSettings.Flapping

    /// The suggested value per request (points), `nil` where no candidate up to
    /// `settings.maxHysteresis` (or `settings.maxSwipeDistance`) works.
    func run<Frames: Sequence<SessionFrame>>(_ requests: [Request], frames: Frames) -> [Double?] {
        guard !requests.isEmpty else { return [] }
        var candidates: [Candidate] = []
        let groups = Set(requests.map { [$0.behavior, $0.parameter] }).sorted { $0.joined(separator: ".") < $1.joined(separator: ".") }
        for group in groups {
            let (behavior, parameter) = (group[0], group[1])
            let served = requests.indices.filter { requests[$0].behavior == behavior && requests[$0].parameter == parameter }
            for value in values(behavior: behavior, parameter: parameter, for: served.map { requests[$0] }) {
                var replayed = behaviors
                guard (try? replayed.set(behavior, parameter, to: .number(value))) != nil else { continue }
                candidates.append(Candidate(
                    value: value, engine: ReplayEngine(behaviors: replayed, events: events), requests: served,
                    last: served.map { _ in nil }, toggles: served.map { _ in 0 }))
            }
        }
        let lastEnd = requests.map(\.end).max() ?? 0
        for frame in frames {
            let t = frame.sample.t
            if t > lastEnd { break }
            for index in candidates.indices {
                let state = candidates[index].engine.step(frame.sample)
                for (slot, request) in candidates[index].requests.enumerated() {
                    guard let value = requests[request].signal.value(in: state) else { continue }
                    let previous = candidates[index].last[slot]
                    candidates[index].last[slot] = value
                    if t >= requests[request].start, t <= requests[request].end, let previous, previous != value {
                        candidates[index].toggles[slot] += 1
                    }
                }
            }
        }
        var suggestions: [Double?] = requests.map { _ in nil }
        for candidate in candidates {
            for (slot, request) in candidate.requests.enumerated() where candidate.toggles[slot] < settings.minToggles {
                if suggestions[request] == nil || candidate.value < suggestions[request]! {
                    suggestions[request] = candidate.value
                }
            }
        }
        return suggestions
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
            first = Int((current / step).rounded(.down)) + 1
            // Past the span's y range no travel that starts inside the span reaches the distance, so
            // at most the first toggle (travel from before the span) remains.
            let bound = served.map { $0.yMax - $0.yMin }.max() ?? 0
            limit = min(settings.maxSwipeDistance, max(bound, current) + step)
        default:
            return []
        }
        guard step > 0 else { return [] }
        var values: [Double] = []
        var multiple = first
        while Double(multiple) * step <= limit + 1e-9 {
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
