import BarModel

/// Finds, by replay, the smallest hysteresis that removes each flapping episode of a threshold-driven
/// computed signal (ANALYSIS.md "flapping": the smallest multiple of the step for which replaying the
/// session leaves fewer than `minToggles` toggles in the episode's span).
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
        /// The behaviour whose `hysteresis` drives the signal.
        var behavior: String
        var start: Double
        var end: Double
        var yMin: Double
        var yMax: Double
    }

    private struct Candidate: Sendable {
        var hysteresis: Double
        var engine: ReplayEngine
        /// Indices into the requests this candidate's behaviour serves.
        var requests: [Int]
        var last: [Bool?]
        var toggles: [Int]
    }

    let behaviors: BehaviorSet
    let events: [ScrollEvent]
    let settings: AnalyzerSettings.Flapping

    /// The suggested hysteresis per request (points), `nil` where no candidate up to
    /// `settings.maxHysteresis` works.
    func run<Frames: Sequence<SessionFrame>>(_ requests: [Request], frames: Frames) -> [Double?] {
        guard !requests.isEmpty, settings.hysteresisStep > 0 else { return requests.map { _ in nil } }
        var candidates: [Candidate] = []
        for behavior in Set(requests.map(\.behavior)).sorted() {
            let served = requests.indices.filter { requests[$0].behavior == behavior }
            guard let threshold = Self.threshold(of: behavior, in: behaviors) else { continue }
            // Above this the band holds every y of the span, so nothing inside it can toggle.
            let bound = served.map { max(threshold - requests[$0].yMin, requests[$0].yMax - threshold) }.max() ?? 0
            let limit = min(settings.maxHysteresis, bound + settings.hysteresisStep)
            var multiple = 1
            while Double(multiple) * settings.hysteresisStep <= limit + 1e-9 {
                let hysteresis = Double(multiple) * settings.hysteresisStep
                multiple += 1
                var replayed = behaviors
                guard (try? replayed.set(behavior, "hysteresis", to: .number(hysteresis))) != nil else { continue }
                candidates.append(Candidate(
                    hysteresis: hysteresis, engine: ReplayEngine(behaviors: replayed, events: events), requests: served,
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
                if suggestions[request] == nil || candidate.hysteresis < suggestions[request]! {
                    suggestions[request] = candidate.hysteresis
                }
            }
        }
        return suggestions
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
