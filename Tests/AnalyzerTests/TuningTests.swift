@testable import Analyzer
import BarModel
import Testing

@Suite("tuning: delays, Pareto front and recommendation")
struct TuningTests {
    /// A session of `samples` (t, y) at one phase, decoded as `navrec tune` holds it.
    static func session(_ names: [String], samples: [(Double, Double)], fps: Double) throws -> TuningSession {
        var behaviors = BehaviorSet()
        for name in names { try behaviors.add(name) }
        var session = TuningSession(SessionDescription(
            id: "s", metadata: SessionMetadata(fps: fps), behaviors: behaviors, sampleCount: samples.count,
            duration: (samples.last?.0 ?? 0) - (samples.first?.0 ?? 0)))
        for (t, y) in samples { session.append(ScrollSample(t: t, y: y, phase: .drag), observed: nil) }
        return session
    }

    /// A drag up from `from` to `to` and back, `step` points a frame at `fps`.
    static func drag(from: Double, to: Double, step: Double, fps: Double) -> [(Double, Double)] {
        let frames = Int(((to - from) / step).rounded())
        let ys = (0...frames).map { from + Double($0) * step } + (0..<frames).reversed().map { from + Double($0) * step }
        return ys.enumerated().map { (Double($0.offset) / fps, $0.element) }
    }

    @Test("a constant-speed drag: every switch comes hysteresis / speed later, hysteresis points further", arguments: [
        ("largeTitle", 52.5, 0.5, 120.0, 0.5), ("largeTitle", 52.5, 0.5, 120, 2), ("largeTitle", 52.5, 1, 60, 3),
        ("blurHeader", 84, 2, 120, 4), ("blurHeader", 84, 0.5, 60, 1.5),
    ])
    func constantSpeedDrag(behavior: String, threshold: Double, step: Double, fps: Double, hysteresis: Double) throws {
        let session = try Self.session([behavior], samples: Self.drag(from: threshold - 20, to: threshold + 20, step: step, fps: fps), fps: fps)
        let tuner = ParameterTuner(parameter: try TunedParameter("\(behavior).hysteresis"))
        let reference = try tuner.evaluate(session, value: 0)
        let candidate = try tuner.evaluate(session, value: hysteresis)
        #expect(reference.switches.count == 2)
        #expect(candidate.switches.count == 2)
        let delays = SwitchDelay.delays(reference: reference.switches, candidate: candidate.switches)
        let speed = step * fps
        #expect(delays.count == 2)
        for delay in delays {
            #expect(abs(delay.seconds - hysteresis / speed) < 1e-9, "delay \(delay.seconds) s at \(speed) pt/s")
            #expect(abs(delay.points - hysteresis) < 1e-9)
        }
    }

    @Test("a hideOnSwipe drag: a longer swipe distance hides the bar that many points later")
    func swipeDistanceDelay() throws {
        // 1 pt a frame at 60 Hz up from 100 to 200: default 20 pt hides after 21 pt, 35 pt after 36.
        let samples = (0...100).map { (Double($0) / 60, 100 + Double($0)) }
        let session = try Self.session(["hideOnSwipe"], samples: samples, fps: 60)
        let tuner = ParameterTuner(parameter: try TunedParameter("hideOnSwipe.swipeDistance"))
        let delays = SwitchDelay.delays(reference: try tuner.evaluate(session, value: 20).switches,
                                        candidate: try tuner.evaluate(session, value: 35).switches)
        #expect(delays == [SwitchDelay(seconds: 15.0 / 60, points: 15)])
    }

    @Test("fades: the time to settle is the fade duration, to the next frame", arguments: [0.1, 0.25, 0.35])
    func settleTime(duration: Double) throws {
        // Up past customTitle's threshold (41.8) and rest there, then back down and rest.
        let up = (0...80).map { 20 + Double($0) * 0.5 }
        let ys = up + Array(repeating: 60, count: 120) + up.reversed() + Array(repeating: 20, count: 120)
        let session = try Self.session(["customTitle"], samples: ys.enumerated().map { (Double($0.offset) / 120, $0.element) }, fps: 120)
        let outcome = try ParameterTuner(parameter: try TunedParameter("customTitle.fadeDuration")).evaluate(session, value: duration)
        #expect(outcome.settles.count == 2)
        for settle in outcome.settles {
            #expect(settle.seconds >= duration - 1e-9 && settle.seconds < duration + 1.0 / 120 + 1e-9, "\(settle.seconds)")
        }
    }

    @Test("pairing: suppressed flaps pair with nothing; an earlier switch is a negative delay")
    func pairing() {
        let reference = [
            SignalSwitch(t: 1, y: 50, on: true), SignalSwitch(t: 1.1, y: 49, on: false), SignalSwitch(t: 1.2, y: 51, on: true),
            SignalSwitch(t: 3, y: 40, on: false),
        ]
        // The candidate ignores the flap, switches on at 1.5 (0.3 s after the reference settled)
        // and off at 2.5, half a second before the reference.
        let candidate = [SignalSwitch(t: 1.5, y: 54, on: true), SignalSwitch(t: 2.5, y: 43, on: false)]
        #expect(SwitchDelay.delays(reference: reference, candidate: candidate) == [
            SwitchDelay(seconds: 1.5 - 1.2, points: 3), SwitchDelay(seconds: -0.5, points: -3),
        ])
    }

    static func result(_ value: Double, flapping: Int, toggles: Int, p95: Double?) -> TuningValueResult {
        var result = TuningValueResult(value: value)
        result.flappingSessions = flapping
        result.toggles = toggles
        result.delayP95 = p95
        return result
    }

    @Test("the Pareto front keeps exactly the values no other value beats on all three")
    func paretoFront() {
        let results = [
            Self.result(0, flapping: 4, toggles: 40, p95: 0),        // least delay: on the front
            Self.result(0.5, flapping: 4, toggles: 30, p95: 0.01),   // fewer toggles: on the front
            Self.result(1, flapping: 4, toggles: 30, p95: 0.02),     // beaten by 0.5
            Self.result(1.5, flapping: 1, toggles: 3, p95: 0.03),    // on the front
            Self.result(2, flapping: 0, toggles: 0, p95: 0.03),      // beats 1.5
            Self.result(2.5, flapping: 0, toggles: 0, p95: 0.05),    // beaten by 2
            Self.result(3, flapping: 0, toggles: 0, p95: 0.03),      // ties 2: not beaten
        ]
        #expect(TuningRun.paretoFront(results) == [0, 1, 4, 6])
    }

    @Test("the recommendation: smallest value within both limits, else the fewest flapping within the delay, else none")
    func recommendation() {
        let results = [
            Self.result(0, flapping: 30, toggles: 400, p95: 0),
            Self.result(1, flapping: 5, toggles: 40, p95: 0.02),
            Self.result(2, flapping: 1, toggles: 3, p95: 0.04),
            Self.result(3, flapping: 0, toggles: 0, p95: 0.06),
        ]
        // 1 % of 100 sessions is one session: 2 qualifies first.
        let first = TuningRule(maxFlappingSessions: 0.01).recommend(results, sessions: 100)
        #expect(first.value == 2)
        #expect(first.reason == "the smallest value that leaves ≤ 1% of sessions flapping and adds no title mismatch (1 of 100 flapping); p95 delay 40 ms")
        #expect(TuningRule(maxFlappingSessions: 0).recommend(results, sessions: 100).value == 3)
        // Within 50 ms only 0, 1 and 2 remain; none leaves no session flapping, 2 leaves the fewest.
        let limited = TuningRule(maxFlappingSessions: 0, maxDelay: 0.05).recommend(results, sessions: 100)
        #expect(limited.value == 2)
        #expect(limited.reason == "no value leaves ≤ 0% of sessions flapping and adds no title mismatch within a p95 delay of 50 ms;"
            + " this one leaves the fewest (1 of 100 flapping); p95 delay 40 ms")
        // A value that adds a title mismatch is passed over.
        var mismatching = results
        mismatching[2].mismatchesIntroduced = 1
        let passedOver = TuningRule(maxFlappingSessions: 0.01).recommend(mismatching, sessions: 100)
        #expect(passedOver.value == 3)
        #expect(TuningRun.paretoFront(mismatching).contains(2))
        let impossible = TuningRule(maxDelay: 0.001).recommend(Array(results.dropFirst()), sessions: 100)
        #expect(impossible.value == nil)
        #expect(impossible.reason == "no value keeps the p95 delay within 1 ms")
    }

    @Test("a run sums sessions: flapping sessions, mismatches against the reference, median and nearest-rank p95")
    func accumulate() throws {
        var accumulator = TuningAccumulator(parameter: try TunedParameter("blurHeader.hysteresis"), values: [0, 1], reference: 0)
        func outcome(_ episodes: Int, _ mismatches: Int, _ switches: [SignalSwitch]) -> TuningOutcome {
            var outcome = TuningOutcome()
            outcome.flappingEpisodes = episodes
            outcome.toggles = 3 * episodes
            outcome.titleMismatches = mismatches
            outcome.switches = switches
            return outcome
        }
        let on = (0..<20).map { SignalSwitch(t: Double($0 * 2), y: 84, on: true) }
        // Twenty delays of 0.01 … 0.2 s.
        let later = on.enumerated().map { SignalSwitch(t: $0.element.t + Double($0.offset + 1) / 100, y: 86, on: true) }
        accumulator.add(samples: 100, reference: outcome(2, 1, on), outcomes: [outcome(2, 1, on), outcome(0, 3, later)], seconds: [0.1, 0.2])
        accumulator.add(samples: 50, reference: outcome(0, 2, []), outcomes: [outcome(0, 2, []), outcome(0, 0, [])], seconds: [0.1, 0.1])
        let run = accumulator.finish(rule: TuningRule(), skippedSessions: 3, wallSeconds: 1, threads: 2)
        #expect(run.sessions == 2)
        #expect(run.samples == 150)
        #expect(run.results.map(\.flappingSessions) == [1, 0])
        #expect(run.results.map(\.toggles) == [6, 0])
        #expect(run.results[1].mismatchesIntroduced == 2)
        #expect(run.results[1].mismatchesRemoved == 2)
        #expect(run.results[1].pairedSwitches == 20)
        #expect(abs((run.results[1].delayMedian ?? 0) - 0.105) < 1e-12)
        #expect(abs((run.results[1].delayP95 ?? 0) - 0.19) < 1e-12)
        #expect(run.results[1].delayP95Points == 2)
        #expect(run.recommendation.value == 1)
        #expect(run.samplesTimesValuesPerSecond == 300)
    }
}
