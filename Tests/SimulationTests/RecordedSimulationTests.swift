import Testing
@testable import BarModel
@testable import Simulation

@Suite("RecordedSimulation: what real apps' recorders write")
struct RecordedSimulationTests {
    private func configuration(_ gesture: Gesture, fps: Int = 60, duration: Double? = nil, seed: UInt64 = 5) throws -> SimulationConfiguration {
        SimulationConfiguration(behaviors: try makeBehaviors(["largeTitle"]), gesture: gesture, duration: duration, fps: fps, seed: seed)
    }

    private func items(_ configuration: SimulationConfiguration, _ options: RecorderOptions) throws -> [SimulationItem] {
        Array(try RecordedSimulation(configuration, options: options))
    }

    private func samples(_ items: [SimulationItem]) -> [ScrollSample] {
        items.compactMap { if case .sample(let sample, _) = $0 { sample } else { nil } }
    }

    @Test("default options give exactly the simulator's items", arguments: [Gesture.fling(), .hover(), .tap(.content)])
    func passThrough(gesture: Gesture) throws {
        let configuration = try configuration(gesture, duration: 4)
        #expect(try items(configuration, RecorderOptions()) == Array(try Simulator(configuration)))
    }

    @Test("display-link adds frameDuration; scroll-callbacks writes only offset changes")
    func styles() throws {
        let configuration = try configuration(.fling(), duration: 5)
        let displayLink = samples(try items(configuration, RecorderOptions(style: .displayLink)))
        #expect(displayLink.allSatisfy { $0.frameDuration == 0.016667 })
        let callbacks = samples(try items(configuration, RecorderOptions(style: .scrollCallbacks)))
        #expect(callbacks.allSatisfy { $0.frameDuration == nil })
        #expect(zip(callbacks, callbacks.dropFirst()).allSatisfy { $0.y != $1.y })
        #expect(!callbacks.contains { $0.phase == .idle && $0.y == 0 })
        #expect(callbacks.count < displayLink.count)
    }

    @Test("adaptive refresh: frames at 120, 80, 60 and 40 Hz, each rate held at least 4 frames, frameDuration matching")
    func adaptive() throws {
        let configuration = try configuration(.fling(velocity: 1500), fps: 120, duration: 4)
        let frames = samples(try items(configuration, RecorderOptions(style: .displayLink, refresh: .adaptive)))
        let durations = Set(frames.compactMap(\.frameDuration))
        #expect(durations == [0.008333, 0.0125, 0.016667, 0.025])
        for (a, b) in zip(frames, frames.dropFirst()) where a.phase != .idle && b.phase != .idle && b.t - a.t < 0.05 {
            #expect(abs((b.t - a.t) - a.frameDuration!) < 2e-6, "\(a.t) → \(b.t)")
        }
        // Runs of one rate are at least 4 frames long, except where motion stops.
        var run = 0
        var previous: Double?
        for frame in frames where frame.phase == .decelerate {
            if frame.frameDuration == previous { run += 1 } else {
                if previous != nil { #expect(run >= RecordedSimulation.minimumRateFrames) }
                run = 1
                previous = frame.frameDuration
            }
        }
    }

    @Test("noise, duplicates, background and clock offset; the same seed gives the same items")
    func imperfections() throws {
        let configuration = try configuration(.drag(to: 300, duration: 1), duration: 3)
        let options = RecorderOptions(
            touchNoise: 0.4, timestampNoise: 0.0005, duplicates: 0.5, background: (at: 1.5, seconds: 30), clockOffset: 100_000)
        let recorded = try items(configuration, options)
        #expect(recorded == (try items(configuration, options)))
        let clean = samples(try items(configuration, RecorderOptions()))
        let noisy = samples(recorded)
        #expect(noisy.allSatisfy { $0.t >= 100_000 - 0.0005 })
        #expect(zip(noisy, noisy.dropFirst()).allSatisfy { $0.t <= $1.t })
        #expect(noisy.count > clean.count + clean.count / 4)
        let events = recorded.compactMap { if case .event(let event) = $0 { event } else { nil } }
        #expect(events == [ScrollEvent(t: 100_001.5, kind: .background), ScrollEvent(t: 100_031.5, kind: .foreground)])
        #expect(!noisy.contains { $0.t > 100_001.5 + 0.001 && $0.t < 100_031.5 - 0.001 })
        let dragged = zip(clean.filter { $0.phase == .drag }, noisy.filter { $0.phase == .drag })
        #expect(dragged.contains { abs($0.y - $1.y) > 0.01 })
    }

    @Test("options out of range are refused")
    func validation() throws {
        let configuration = try configuration(.drag())
        for options in [
            RecorderOptions(touchNoise: -1), RecorderOptions(timestampNoise: 1), RecorderOptions(duplicates: 2),
            RecorderOptions(background: (at: 1, seconds: 0)), RecorderOptions(clockOffset: .infinity),
        ] {
            #expect(throws: SimulationError.self) { try RecordedSimulation(configuration, options: options) }
        }
    }
}
