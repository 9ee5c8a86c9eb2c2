import BarModel
import Foundation
import Simulation
import Testing

/// Issue 10, class 4: a bar at rest on a threshold, with `y` wobbling by float noise, does not flip.
@Suite("a bar resting on a threshold with float noise, end to end")
struct ThresholdRestTests {
    let directory = TemporaryDirectory()

    /// A drag up to `threshold`, then 1.5 s at rest there with `noise(frame)` added, display-link style.
    static func resting(_ id: String, behaviors: String, at threshold: Double, fps: Double = 120,
                        noise: @escaping (Int) -> Double) -> AppRecording {
        var recording = AppRecording(id: id, behaviors: behaviors, fps: fps)
        let drag = Int(fps / 2)
        recording.frames(drag) { threshold * min(1, $0 / 0.5 + 1 / Double(drag)) }
        var frame = 0
        recording.frames(Int(fps * 1.5), phase: "idle") { _ in
            frame += 1
            return threshold + noise(frame)
        }
        return recording
    }

    /// One ulp either side, in turn: `52.5`, `52.49999999999999`, `52.50000000000001`, …
    static func ulps(around threshold: Double) -> @Sendable (Int) -> Double {
        { frame in [0, threshold.nextDown - threshold, threshold.nextUp - threshold][frame % 3] }
    }

    /// Noise of up to `amplitude` points from a fixed seed.
    static func random(_ amplitude: Double, seed: UInt64) -> @Sendable (Int) -> Double {
        { frame in
            var state = seed &* 1_000_003 &+ UInt64(frame)
            let bits = SeededGenerator.splitMix64(&state)
            return (Double(bits >> 11) / Double(1 << 53) * 2 - 1) * amplitude
        }
    }

    // customTitle switches where `showing` is 0: y = labelHeight × labelScale + labelTop − slack.
    static let customThreshold = 22.0 * 1.4 + 16 - 5

    @Test("ulp-level and sub-tolerance noise on a threshold gives no finding", arguments: [
        ("large-ulp", #"{"largeTitle":{},"avatar":{}}"#, 52.5, 120.0, ulps(around: 52.5)),
        ("large-1e-9", #"{"largeTitle":{}}"#, 52.5, 60.0, random(1e-9, seed: 1)),
        ("large-h1-ulp", #"{"largeTitle":{"hysteresis":1}}"#, 53.5, 120.0, ulps(around: 53.5)),
        ("blur-ulp", #"{"blurHeader":{}}"#, 84.0, 120.0, ulps(around: 84)),
        ("blur-5e-7", #"{"blurHeader":{}}"#, 84.0, 60.0, random(5e-7, seed: 2)),
        ("blur-h2-ulp", #"{"blurHeader":{"hysteresis":2}}"#, 86.0, 120.0, ulps(around: 86)),
        ("custom-ulp", #"{"customTitle":{}}"#, customThreshold, 120.0, ulps(around: customThreshold)),
        ("custom-1e-9", #"{"customTitle":{},"hideOnSwipe":{}}"#, customThreshold, 60.0, random(1e-9, seed: 3)),
    ] as [(String, String, Double, Double, @Sendable (Int) -> Double)])
    func noiseAtRest(id: String, behaviors: String, threshold: Double, fps: Double, noise: @escaping @Sendable (Int) -> Double) throws {
        let recording = Self.resting(id, behaviors: behaviors, at: threshold, fps: fps, noise: noise)
        let reported = try AppRecording.report([recording], in: directory)
        #expect(reported[id] == [])
        #expect(reported.failOnErrorStatus == 0)
    }

    @Test("noise just above the tolerance still flaps, with the fix the replay proves")
    func noiseAboveTheTolerance() throws {
        let recording = Self.resting("large-2e-6", behaviors: #"{"largeTitle":{}}"#, at: 52.5) { frame in
            frame % 2 == 0 ? 2e-6 : -2e-6
        }
        let reported = try AppRecording.report([recording], in: directory)
        #expect(reported["large-2e-6"] == [
            "error flapping inlineTitleVisible (computed): inlineTitleVisible flipped 181 times in 1.5 s with y 52.5–52.5 pt; hysteresis 0.5 pt removes it",
        ])
        #expect(reported.failOnErrorStatus == 1)
    }
}
