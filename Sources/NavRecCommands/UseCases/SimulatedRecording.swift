internal import BarModel
internal import Recording
internal import Simulation

/// A simulated session as an NDJSON recording: what `navrec simulate` prints and what `navrec demo`
/// imports, so the demo goes through the same reader and pipeline as a real recording.
struct SimulatedRecording {
    let configuration: SimulationConfiguration
    let recorder: RecorderOptions
    /// Whether the header declares what the recorder writes (`session.recorder`); `false` leaves it
    /// out, as an older recorder does, so navrec infers it.
    let declaresPolicy: Bool

    init(_ configuration: SimulationConfiguration, recorder: RecorderOptions = RecorderOptions(), declaresPolicy: Bool = true) {
        self.configuration = configuration
        self.recorder = recorder
        self.declaresPolicy = declaresPolicy
    }

    /// Writes the session to `output`: a header with `id` and `metadata` (its fps and scale are the
    /// configuration's), then the recorded samples and events.
    func write(id: String?, metadata: SessionMetadata, to output: any TextWriter) throws {
        var metadata = metadata
        metadata.fps = Double(configuration.fps)
        if let scale = configuration.scale { metadata.screenScale = scale }
        if metadata.recorder == RecorderPolicy(), declaresPolicy {
            metadata.recorder = recorder.style.policy(idleFrames: configuration.idleFrames)
        }
        let writer = RecordingWriter { output.write($0) }
        try writer.writeHeader(SessionHeader(id: id, metadata: metadata, behaviors: configuration.behaviors))
        var library = recorder.style == .library ? LibraryRecorder(writesIdleFrames: configuration.idleFrames) : nil
        for item in try RecordedSimulation(configuration, options: recorder) {
            if library != nil {
                for line in library!.lines(for: item) { try writer.write(line) }
                continue
            }
            switch item {
            case .sample(let sample, let observed): try writer.writeSample(sample, observed: observed)
            case .event(let event): try writer.writeEvent(event)
            }
        }
        try writer.flush()
    }
}

/// `--recorder library`: the simulated frames as display-link ticks of a scroll view, through
/// `ScrollRecorder`'s own sampler, so the recording is what the library writes for that motion.
/// The simulated content is long (no bottom end) and rests at y = 0; a drag is `isTracking` and
/// `isDragging`, a deceleration and a bounce `isDecelerating`, anything else (a programmatic
/// scroll) none of them. The simulator's first sample of a drag is its touch-down.
private struct LibraryRecorder {
    private var sampler: ScrollSampler
    private var lines: [ScrollSampler.Line] = []

    init(writesIdleFrames: Bool) {
        sampler = ScrollSampler(writesIdleFrames: writesIdleFrames)
    }
    static let boundsHeight = 800.0
    static let contentHeight = 1e7

    mutating func lines(for item: SimulationItem) -> [ScrollSampler.Line] {
        lines.removeAll(keepingCapacity: true)
        switch item {
        case .event(let event):
            switch event.kind {
            case .tap(let target): sampler.add(.tap(target, at: event.t), to: &lines)
            case .background: sampler.add(.background(at: event.t), to: &lines)
            case .foreground: sampler.add(.foreground(at: event.t), to: &lines)
            case .dropped(let samples): sampler.addDropped(count: samples, at: event.t, to: &lines)
            case .disappear: sampler.add(.disappear(at: event.t), to: &lines)
            case .appear: sampler.add(.appear(at: event.t), to: &lines)
            }
        case .sample(let sample, let observed):
            let dragging = sample.phase == .drag
            let tick = RecorderTick(
                timestamp: sample.t, targetTimestamp: sample.t + (sample.frameDuration ?? 0), contentOffsetY: sample.y,
                contentHeight: Self.contentHeight, boundsHeight: Self.boundsHeight, isTracking: dragging,
                isDragging: dragging, isDecelerating: sample.phase == .decelerate || sample.phase == .bounce,
                observed: observed)
            sampler.add(tick, to: &lines)
        }
        return lines
    }
}
