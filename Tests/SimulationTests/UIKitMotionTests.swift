import Testing
@testable import BarModel
@testable import Simulation

/// What UIKit produces that the simulator reproduces (issue 34 item 5): offsets on the pixel grid,
/// deceleration and bounce tails on one pixel, transitions as bar changes at rest, a refresh
/// control's hold, and the glitches planted inside them.
@Suite("Simulator: UIKit's motion")
struct UIKitMotionTests {
    private func make(_ script: String, names: [String] = ["largeTitle"], fps: Int = 60, scale: Double? = 3,
                               observed: Bool = false, faults: [Fault] = [], idleFrames: Bool = false) throws -> SimulationConfiguration {
        var configuration = SimulationConfiguration(
            behaviors: try makeBehaviors(names), script: try SimulationScript(parsing: script), fps: fps, seed: 5,
            observed: observed || !faults.isEmpty, faults: faults)
        configuration.scale = scale
        configuration.idleFrames = idleFrames
        return configuration
    }

    static let motionScripts: [String] = [
        "fling velocity=2500", "fling velocity=-1800", "bounce pull=200", "drag to=37.3 duration=0.7", "hover hold=1",
        "drag to=200\nwait 0.5\ntop duration=0.4", "scroll to=333.3", "refresh pull=250 hold=1", "zigzag",
        "drag to=20 duration=0.6",
    ]

    @Test("every offset is a multiple of 1/scale", arguments: Self.motionScripts, [2.0, 3.0] as [Double])
    func pixelGrid(script: String, scale: Double) throws {
        for fps in [60, 120] {
            let session = try Collected(make(script, fps: fps, scale: scale))
            #expect(session.samples.count > 10)
            for sample in session.samples {
                let pixels: Double = (sample.y * scale).rounded()
                let grid: Double = pixels / scale + 0
                #expect(sample.y == grid, "\(sample.y) at \(sample.t)")
            }
        }
    }

    @Test("without a scale, offsets stay millipoints")
    func unaligned() throws {
        let session = try Collected(make("fling velocity=2500", scale: nil))
        #expect(session.samples.contains { abs($0.y * 3 - ($0.y * 3).rounded()) > 1e-6 })
        #expect(session.samples.allSatisfy { abs($0.y * 1000 - ($0.y * 1000).rounded()) < 1e-6 })
    }

    /// The runs of consecutive samples of `phase` whose `y` did not change, as counts of frames on one pixel.
    private func stillRuns(_ samples: [ScrollSample], phase: ScrollPhase) -> [Int] {
        let samples = samples.filter { $0.phase == phase }
        var runs: [Int] = []
        var run = 1
        for (previous, sample) in zip(samples, samples.dropFirst()) {
            if sample.y == previous.y {
                run += 1
            } else {
                if run > 1 { runs.append(run) }
                run = 1
            }
        }
        if run > 1 { runs.append(run) }
        return runs
    }

    @Test("a deceleration's last frames move less than a pixel: several in a row share one y, phase decelerate")
    func decelerationTail() throws {
        // UIKit ends a deceleration at about 10 pt/s: at 120 Hz that is 1/4 of an @3x pixel a frame.
        let fast = try Collected(make("fling velocity=2500", fps: 120))
        let decelerating = fast.samples.filter { $0.phase == .decelerate }
        let tail = decelerating.suffix(3)
        #expect(Set(tail.map(\.y)).count == 1)
        #expect(stillRuns(fast.samples, phase: .decelerate).suffix(3) == [4, 3, 3])
        // The idle sample that ends it is on the same pixel.
        let end = try #require(fast.samples.first { $0.phase == .idle && $0.t > tail.last!.t })
        #expect(end.y == tail.last!.y)
        // 60 Hz: two frames a pixel at the end, six times.
        let slow = try Collected(make("fling velocity=2500", fps: 60))
        let runs = stillRuns(slow.samples, phase: .decelerate)
        #expect(runs.allSatisfy { $0 == 2 })
        #expect(runs.count == 6)
    }

    @Test("a bounce-back's last frames sit on the edge's pixel with phase bounce")
    func bounceTail() throws {
        let session = try Collected(make("bounce pull=200"))
        let bouncing = session.samples.filter { $0.phase == .bounce }
        let atRest = bouncing.reversed().prefix { $0.y == 0 }
        #expect(atRest.count == 8)
        #expect(bouncing.dropLast(atRest.count).last?.y == -1.0 / 3)
    }

    @Test("pull to refresh: a spring to the spinner's hold (bounce), rest there, then animate back to the top")
    func refresh() throws {
        let session = try Collected(make("refresh pull=250 hold=1.5", observed: true))
        let phases = session.samples.map { $0.phase! }
        let firstAnimate = try #require(phases.firstIndex(of: .animate))
        let held = session.samples[..<firstAnimate].filter { $0.phase == .idle }
        #expect(held.map(\.y) == [-60, -60])
        #expect(abs(held[1].t - held[0].t - 1.5) < 1e-9)
        let bounces = session.samples.filter { $0.phase == .bounce }
        #expect(bounces.last?.y == -60)
        #expect(bounces.filter { $0.y == -60 }.count >= 3)
        #expect(session.samples.last?.y == 0)
        #expect(session.samples.last?.phase == .idle)
    }

    @Test("a cancelled pop: disappear, idle frames at one y whose observed bar cross-fades and back, appear")
    func cancelledPop() throws {
        let session = try Collected(make("drag to=200 duration=1\nwait 0.5\npop reach=0.4 duration=0.3\nwait 1", observed: true))
        #expect(session.events.map(\.kind) == [.disappear, .appear])
        let disappear = session.events[0].t
        let appear = session.events[1].t
        let between = session.samples.indices.filter { session.samples[$0].t >= disappear && session.samples[$0].t < appear }
        #expect(between.count == 33)  // 0.3 s there, 0.25 s back, at 60 Hz (+ the frame back at rest)
        #expect(between.allSatisfy { session.samples[$0].y == 200 && session.samples[$0].phase == .idle })
        let large = between.map { session.observed[$0]?.largeTitleAlpha ?? -1 }
        #expect(large.max() == 0.4)
        #expect(large.last == 0)
        // Every frame written changes the bar.
        #expect(zip(between, between.dropFirst()).allSatisfy { session.observed[$0] != session.observed[$1] })
        // The computed bar does not move: only the observed one cross-fades.
        #expect(Set(between.map { session.computed[$0] }).count == 1)
        // The bar the app shows after the cancel is the list's again, and nothing more is written.
        #expect(session.samples.last?.t == Simulator.time(frame: Int((appear * 60).rounded()) + 59, fps: 60))
    }

    @Test("a completed pop and a push end the session on the other screen's bar")
    func completedTransitions() throws {
        for script in ["drag to=200 duration=1\nwait 0.5\npop", "drag to=200 duration=1\nwait 0.5\npop reach=0.6",
                       "drag to=200 duration=1\nwait 0.5\npush duration=0.35 to=0"] {
            let session = try Collected(make(script, observed: true))
            #expect(session.events.map(\.kind) == [.disappear])
            let last = try #require(session.observed.last ?? nil)
            #expect(last.largeTitleAlpha == 1 && last.inlineTitleAlpha == 0 && last.barHeight == 96.5)
            #expect(session.samples.last?.y == 200)
        }
        // A gesture after a transition that completes is refused.
        #expect(throws: SimulationError.self) { try Simulator(make("push\ndrag")) }
        #expect(throws: (any Error).self) { try SimulationScript(parsing: "pop reach=1.5") }
    }

    @Test("stuckTitles: after a cancelled pop both titles stay visible for the fault's duration")
    func stuckTitles() throws {
        let session = try Collected(make("drag to=200 duration=1\nwait 0.5\npop reach=0.4\nwait 2", faults: [.stuckTitles(duration: 1.5)]))
        let appear = try #require(session.events.last { $0.kind == .appear }).t
        let after = session.samples.indices.filter { session.samples[$0].t >= appear }
        let both = after.filter { session.observed[$0]?.largeTitleAlpha == 1 && session.observed[$0]?.inlineTitleAlpha == 1 }
        #expect(both.count == 1 && session.samples[both[0]].t == appear)
        let back = try #require(after.first { session.observed[$0]?.largeTitleAlpha == 0 })
        #expect(abs(session.samples[back].t - appear - 1.5) < 1e-6)
        // No cancelled pop, no glitch.
        let clean = try Collected(make("drag to=200 duration=1\nwait 2", faults: [.stuckTitles()]))
        #expect(clean.observed.allSatisfy { $0?.largeTitleAlpha != 1 || $0?.inlineTitleAlpha != 1 })
    }

    @Test("freeze: nothing is drawn for the fault's seconds after the first animation's 6th frame")
    func freezeInsideAnimation() throws {
        let session = try Collected(make("drag to=120\nwait 0.5\ntop duration=0.3", faults: [.freeze(seconds: 0.05)]))
        let animate = session.samples.filter { $0.phase == .animate }
        let gaps = zip(animate, animate.dropFirst()).map { (($1.t - $0.t) * 60).rounded() }
        #expect(gaps.filter { $0 != 1 } == [4])
        #expect(gaps.firstIndex(of: 4) == 5)
        #expect(animate.last?.y == 0)
        // Only once.
        let twice = try Collected(make("drag to=120\nwait 0.5\ntop\nwait 0.5\nscroll to=300", faults: [.freeze()]))
        let moving = twice.samples.filter { $0.phase == .animate }
        #expect(zip(moving, moving.dropFirst()).filter { (($1.t - $0.t) * 60).rounded() == 4 }.count == 1)
    }

    @Test("touchDownFreeze with idle frames: every frame at rest is written, then a touch-down that comes late")
    func touchDownFreeze() throws {
        let script = "drag to=100 duration=0.5\nwait 0.3\ndrag to=0 duration=0.5"
        let session = try Collected(make(script, faults: [.touchDownFreeze(seconds: 0.05)], idleFrames: true))
        let intervals = zip(session.samples, session.samples.dropFirst()).map { (($1.t - $0.t) * 60).rounded() }
        #expect(intervals.filter { $0 != 1 } == [4])
        let late = try #require(intervals.firstIndex(of: 4))
        #expect(session.samples[late].phase == .idle)
        #expect(session.samples[late + 1].phase == .drag)
        #expect(session.samples[late + 1].y == session.samples[late].y)
        // Without the fault, the same frames at rest, one a frame.
        let clean = try Collected(make(script, idleFrames: true))
        #expect(zip(clean.samples, clean.samples.dropFirst()).allSatisfy { (($1.t - $0.t) * 60).rounded() == 1 })
        #expect(clean.samples.filter { $0.phase == .idle }.count == 20)
    }

    @Test("the new gestures read from scripts and print back")
    func scripts() throws {
        let script = try SimulationScript(parsing: "refresh pull=200 hold=1\npop reach=0.3 duration=0.5 to=10\npush")
        #expect(script.steps == [.refresh(pull: 200, hold: 1), .pop(reach: 0.3, duration: 0.5, to: 10), .push()])
        #expect(try SimulationScript(parsing: script.description) == script)
        for name in ["refresh", "push", "pop"] { #expect(Gesture(name: name)?.name == name) }
        for name in ["freeze", "touchDownFreeze", "stuckTitles"] { #expect(try Fault(argument: name).name == name) }
    }
}
