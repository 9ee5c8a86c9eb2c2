import Analyzer
import BarModel

/// Builds sessions from (t, y) samples, computing states with BarEngine as `navrec import` does.
struct Fixture {
    var id = "test"
    var behaviors: BehaviorSet
    var fps: Double? = 60
    /// The header's `scale` (UIScreen.scale); `nil` when the recording does not say.
    var screenScale: Double?
    var events: [ScrollEvent] = []
    var frames: [SessionFrame]

    /// Samples with states computed by the models.
    init(_ names: [String], samples: [(Double, Double)], phase: ScrollPhase? = .drag, fps: Double? = 60,
         events: [ScrollEvent] = [], parameters: [(String, String, ParameterValue)] = []) throws {
        var set = BehaviorSet()
        for name in names { try set.add(name) }
        for (behavior, parameter, value) in parameters { try set.set(behavior, parameter, to: value) }
        try set.validate()
        behaviors = set
        self.fps = fps
        self.events = events
        var engine = ReplayEngine(behaviors: set, events: events)
        frames = samples.enumerated().map { index, sample in
            let scroll = ScrollSample(t: sample.0, y: sample.1, phase: phase)
            return SessionFrame(seq: index, sample: scroll, computed: engine.step(scroll))
        }
    }

    /// Frames with explicit computed (and observed) states.
    /// `fps` defaults to `nil` (the median interval) so that sparse crafted streams have no hitches.
    init(behaviors names: [String], states: [(t: Double, y: Double, computed: BarState, observed: BarState?)],
         fps: Double? = nil) throws {
        var set = BehaviorSet()
        for name in names { try set.add(name) }
        behaviors = set
        self.fps = fps
        frames = states.enumerated().map { index, item in
            SessionFrame(seq: index, sample: ScrollSample(t: item.t, y: item.y, phase: .drag), computed: item.computed,
                         observed: item.observed)
        }
    }

    var description: SessionDescription {
        SessionDescription(
            id: id, metadata: SessionMetadata(fps: fps, screenScale: screenScale), behaviors: behaviors, events: events, sampleCount: frames.count,
            duration: (frames.last?.sample.t ?? 0) - (frames.first?.sample.t ?? 0))
    }

    func analyze(_ assignments: [String] = []) throws -> SessionAnalysis {
        var settings = AnalyzerSettings()
        for assignment in assignments { try settings.set(assignment) }
        return try Analyzer(settings: settings).analyze(description) { _ in FrameArrayReader(frames) }
    }
}
