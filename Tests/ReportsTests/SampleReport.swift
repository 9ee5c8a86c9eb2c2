import Analyzer
import BarModel
import Reports

/// A fixed small report: ANALYSIS.md's worked example, a clean session, and one with an error.
enum SampleReport {
    static func session(
        _ id: String, _ names: [String], _ samples: [(Double, Double)], fps: Double? = 60, app: String? = nil,
        screen: String? = nil, observed: ((Int) -> BarState?)? = nil, settings: [String] = [], timelineBuckets: Int = 100
    ) throws -> SessionAnalysis {
        var behaviors = BehaviorSet()
        for name in names { try behaviors.add(name) }
        var engine = ReplayEngine(behaviors: behaviors, events: [])
        let frames = samples.enumerated().map { index, sample in
            let scroll = ScrollSample(t: sample.0, y: sample.1, phase: .drag)
            return SessionFrame(seq: index, sample: scroll, computed: engine.step(scroll), observed: observed?(index))
        }
        var analyzerSettings = AnalyzerSettings()
        for assignment in settings { try analyzerSettings.set(assignment) }
        let description = SessionDescription(
            id: id, metadata: SessionMetadata(app: app, screen: screen, fps: fps), behaviors: behaviors, sampleCount: frames.count,
            duration: (frames.last?.sample.t ?? 0) - (frames.first?.sample.t ?? 0))
        return try Analyzer(settings: analyzerSettings, timelineBuckets: timelineBuckets).analyze(description) { _ in FrameArrayReader(frames) }
    }

    static func hover84(timelineBuckets: Int = 100) throws -> SessionAnalysis {
        try session("hover-84", ["blurHeader"], [(0, 82), (0.017, 85), (0.033, 83), (0.05, 86), (0.067, 82.5)], timelineBuckets: timelineBuckets)
    }

    /// `timelineBuckets` 0: the analyses without a timeline digest, as `navrec report` makes them
    /// for formats that draw no charts.
    static func report(timelineBuckets: Int = 100) throws -> Report {
        let clean = try session(
            "clean-scroll", ["largeTitle", "avatar"], (0...60).map { (Double($0) / 60, Double($0) * 1.5) }, app: "Mail",
            screen: "Inbox", timelineBuckets: timelineBuckets)
        // The app's large title lingers after the model's inline one took over, and the bar
        // flaps around the collapse point with a 70 ms hitch in the middle.
        var samples: [(Double, Double)] = []
        var t = 0.0
        for (index, y) in [40.0, 50, 53, 51, 54, 52, 55, 51.5, 56, 60, 64, 68, 72, 76, 80, 84, 88].enumerated() {
            samples.append((t, y))
            t += index == 8 ? 0.07 : 0.02
        }
        let broken = try session(
            "album-<1>", ["largeTitle"], samples, fps: 50, app: "Music", screen: "Album & \"Artist\" | detail",
            observed: { index in
                index < 10 ? nil : BarState(largeTitleAlpha: 1, inlineTitleAlpha: index < 12 ? 0 : 1)
            }, timelineBuckets: timelineBuckets)
        return Report(sessions: [try hover84(timelineBuckets: timelineBuckets), clean, broken])
    }
}
