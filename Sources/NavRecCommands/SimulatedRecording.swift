internal import BarModel
internal import Recording

/// A simulated session as an NDJSON recording: what `navrec simulate` prints and what `navrec demo`
/// imports, so the demo goes through the same reader and pipeline as a real recording.
struct SimulatedRecording {
    let configuration: SimulationConfiguration
    let recorder: RecorderOptions

    init(_ configuration: SimulationConfiguration, recorder: RecorderOptions = RecorderOptions()) {
        self.configuration = configuration
        self.recorder = recorder
    }

    /// Writes the session to `output`: a header with `id` and `metadata` (its fps is the
    /// configuration's), then the recorded samples and events.
    func write(id: String?, metadata: SessionMetadata, to output: Output) throws {
        var metadata = metadata
        metadata.fps = Double(configuration.fps)
        let writer = RecordingWriter { output.write($0) }
        try writer.writeHeader(SessionHeader(id: id, metadata: metadata, behaviors: configuration.behaviors))
        for item in try RecordedSimulation(configuration, options: recorder) {
            switch item {
            case .sample(let sample, let observed): try writer.writeSample(sample, observed: observed)
            case .event(let event): try writer.writeEvent(event)
            }
        }
        try writer.flush()
    }
}
