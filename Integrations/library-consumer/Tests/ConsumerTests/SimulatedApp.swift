import BarModel
import Foundation
import Recording
import Simulation

/// Stands in for an app under a UI test: a simulated scroll view drives a `ScrollRecorder`, one
/// display-link tick per frame, which writes its recording into a directory — as the app would
/// into its container, for the test to read the file afterwards.
enum SimulatedApp {
    /// Records one simulated session of `behaviors` and `gestures` through `ScrollRecorder` into
    /// `directory`; returns the file it wrote.
    static func record(
        id: String, behaviors: [String], gestures: [Gesture], in directory: URL
    ) throws -> URL {
        let behaviorSet = try BehaviorSet(behaviors.map { ($0, []) })
        let sink = RecordingDirectory(directory)
        let recorder = ScrollRecorder(
            header: SessionHeader(
                id: id, metadata: SessionMetadata(app: "Consumer", screen: "Album", fps: 60, screenScale: 3),
                behaviors: behaviorSet),
            sink: sink)
        for item in try Simulator(SimulationConfiguration(behaviors: behaviorSet, gestures: gestures, fps: 60)) {
            guard case .sample(let sample, _) = item else { continue }
            // The scroll view's display-link tick: a drag is tracking, a fling's glide decelerating.
            let dragging = sample.phase == .drag
            recorder.tick(RecorderTick(
                timestamp: 1000 + sample.t, targetTimestamp: 1000 + sample.t + 1.0 / 60, contentOffsetY: sample.y,
                contentHeight: 10_000, boundsHeight: 800, isTracking: dragging, isDragging: dragging,
                isDecelerating: sample.phase == .decelerate || sample.phase == .bounce))
        }
        try recorder.finish()
        return try require(sink.files.first)
    }

    /// A fresh directory for one test's recordings.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "navrec-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// `#require` for plain code: the value, or an error.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw CocoaError(.fileNoSuchFile) }
    return value
}
