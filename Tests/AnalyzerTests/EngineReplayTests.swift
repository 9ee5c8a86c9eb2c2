import BarModel
import Testing
@testable import Analyzer

/// ``HysteresisSearch/run(_:logs:block:frames:)`` for candidates its engines step (customTitle's
/// hysteresis, hideOnSwipe's swipeDistance), a block at a time,
/// against the straightforward rule: each value replayed over the whole session a sample at a
/// time (``ReplayEngine/step(_:)``, ``BinarySignal/value(in:)``), its toggles counted inside each
/// episode's span, the smallest value left with fewer than `minToggles` suggested.
@Suite("engine replay against a replay a sample at a time")
struct EngineReplayTests {
    /// The suggestion for each request by the straightforward rule, trying `values` in order.
    static func straightforward(
        _ requests: [HysteresisSearch.Request], behaviors: BehaviorSet, events: [ScrollEvent], samples: [ScrollSample],
        values: [Double], settings: AnalyzerSettings.Flapping
    ) throws -> [Double?] {
        try requests.map { request in
            for value in values {
                var replayed = behaviors
                try replayed.set(request.behavior, request.parameter, to: .number(value))
                var engine = ReplayEngine(behaviors: replayed, events: events)
                var last: Bool?, toggles = 0
                for sample in samples {
                    guard let on = request.signal.value(in: engine.step(sample)) else { continue }
                    if let last, last != on, request.start <= sample.t, sample.t <= request.end { toggles += 1 }
                    last = on
                }
                if toggles < settings.minToggles { return value }
            }
            return nil
        }
    }

    /// A drag hovering around `y0`: legs of 5 to 40 frames to random points of a band (half as
    /// wide as one of `band`; long enough for a fade to pass half way, short enough to turn back
    /// before it ends), touch noise of up to a third of it, a sample decelerating now and then
    /// (a swipe starts again), and taps.
    static func session(around y0: Double, band: ClosedRange<Double>, count: Int, using generator: inout some RandomNumberGenerator)
        -> (samples: [ScrollSample], events: [ScrollEvent])
    {
        var y = y0, t = 0.0, samples: [ScrollSample] = []
        let amplitude = Double.random(in: band, using: &generator)
        let noise = Double.random(in: 0...amplitude / 3, using: &generator)
        while samples.count < count {
            let target = y0 + Double.random(in: -amplitude...amplitude, using: &generator)
            let frames = Int.random(in: 5...40, using: &generator)
            let start = y
            for frame in 1...frames where samples.count < count {
                // Repeated times now and then: a tap at a sample's time applies before it.
                if Int.random(in: 0..<6, using: &generator) != 0 { t += 1.0 / 60 }
                y = start + (target - start) * Double(frame) / Double(frames)
                samples.append(ScrollSample(
                    t: t, y: y + Double.random(in: -noise...noise, using: &generator),
                    phase: Int.random(in: 0..<60, using: &generator) == 0 ? .decelerate : .drag))
            }
        }
        let events = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            ScrollEvent(t: samples.randomElement(using: &generator)!.t, target: Bool.random(using: &generator) ? .content : .title)
        }.sorted { $0.t < $1.t }
        return (samples, events)
    }

    @Test("random sessions: the suggestions of the straightforward rule, episodes ending inside and at the end of blocks",
          arguments: [["customTitle"], ["customTitle", "dropdownTitle"], ["hideOnSwipe"], ["customTitle", "hideOnSwipe"]])
    func randomSessions(_ names: [String]) throws {
        var generator = SystemRandomNumberGenerator()
        let settings = AnalyzerSettings.Flapping()
        var behaviors = BehaviorSet()
        for name in names { try behaviors.add(name) }
        try behaviors.validate()
        let hides = names.contains("hideOnSwipe")
        let behavior = hides ? "hideOnSwipe" : names[0]
        let parameter = hides ? "swipeDistance" : "hysteresis"
        let signals: [BinarySignal] = hides ? [.barHidden] : [.inlineTitleVisible]
        let threshold = hides ? 100 : try #require(HysteresisSearch.threshold(of: behavior, in: behaviors))
        // A y range wide enough that the search tries every value up to the maximum, as the rule does.
        let values = hides
            ? HysteresisSearch.multiples(of: settings.swipeDistanceStep, from: Int(behaviors.hideOnSwipe!.swipeDistance / settings.swipeDistanceStep) + 1,
                                         upTo: settings.maxSwipeDistance)
            : HysteresisSearch.multiples(of: settings.hysteresisStep, from: 1, upTo: settings.maxHysteresis)
        var suggested = 0
        for _ in 0..<100 {
            let (samples, events) = Self.session(around: threshold, band: hides ? 10...60 : 1...15, count: Int.random(in: 20...600, using: &generator), using: &generator)
            let frames = samples.enumerated().map { SessionFrame(seq: $0.offset, sample: $0.element, computed: BarState()) }
            // Up to three disjoint spans per signal, some ending on a block's last row (63, 127).
            var requests: [HysteresisSearch.Request] = []
            for signal in signals {
                var cuts = (0..<6).map { _ in Int.random(in: 0..<samples.count, using: &generator) }
                if samples.count > 127, Bool.random(using: &generator) { cuts[1] = 63; cuts[3] = 127 }
                cuts.sort()
                for pair in stride(from: 0, to: 6, by: 2) where cuts[pair] < cuts[pair + 1] && (pair == 0 || cuts[pair - 1] < cuts[pair]) {
                    requests.append(HysteresisSearch.Request(
                        signal: signal, behavior: behavior, parameter: parameter,
                        start: samples[cuts[pair]].t, end: samples[cuts[pair + 1]].t, yMin: -1000, yMax: 1000))
                }
            }
            let search = HysteresisSearch(behaviors: behaviors, events: events, settings: settings)
            let actual = try search.run(requests, logs: HysteresisLogs(behaviors: BehaviorSet(), settings: settings)) {
                FrameArrayReader(frames)
            }
            let expected = try Self.straightforward(requests, behaviors: behaviors, events: events, samples: samples, values: values, settings: settings)
            #expect(actual == expected, "\(names) \(requests.map { ($0.signal, $0.start, $0.end) })")
            suggested += expected.filter { $0 != nil && $0 != values.first }.count
        }
        // Not vacuous: some episodes need more than the smallest value.
        #expect(suggested > 0, "\(names)")
    }
}
