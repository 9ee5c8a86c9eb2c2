import Testing
@testable import BarModel
@testable import Simulation

@Suite("Simulator")
struct SimulatorTests {
    static let allGestures: [Gesture] = [
        .drag(), .drag(to: -60, duration: 0.4), .fling(), .fling(velocity: -2500), .fling(velocity: 4000, rate: .fast),
        .bounce(), .hover(), .hover(at: 30, hold: 0), .zigzag(), .tap(.content), .tap(.title), .wait(0.5), .top(),
        .scroll(), .scroll(to: 40, duration: 0.5),
    ]

    private func configuration(_ names: [String], _ gesture: Gesture, fps: Int = 60, seed: UInt64 = 7,
                               duration: Double? = nil, faults: [Fault] = [], observed: Bool = false) throws -> SimulationConfiguration {
        SimulationConfiguration(behaviors: try makeBehaviors(names), gesture: gesture, duration: duration, fps: fps, seed: seed,
                                observed: observed, faults: faults)
    }

    @Test("every gesture yields valid samples: times on the frame grid and non-decreasing, finite values",
          arguments: allGestures, [60, 120])
    func validSamples(gesture: Gesture, fps: Int) throws {
        let session = try Collected(configuration(["largeTitle", "hideOnSwipe", "dropdownTitle"], gesture, fps: fps))
        #expect(!session.samples.isEmpty)
        var previous = -1.0
        for sample in session.samples {
            #expect(sample.t >= previous)
            #expect(sample.y.isFinite && (sample.vy ?? .nan).isFinite)
            #expect(sample.phase != nil)
            let frame = (sample.t * Double(fps)).rounded()
            #expect(abs(sample.t - frame / Double(fps)) < 1e-6)
            previous = sample.t
        }
        // Every motion ends at rest, within the content.
        let last = try #require(session.samples.last)
        #expect(last.phase == .idle)
        #expect(last.y >= 0 && last.y <= 2000)
    }

    @Test("the same seed gives the same items; another seed gives other tremor", arguments: allGestures)
    func determinism(gesture: Gesture) throws {
        let a = try Collected(configuration(["blurHeader"], gesture, seed: 99, faults: [.droppedFrames()], observed: true))
        let b = try Collected(configuration(["blurHeader"], gesture, seed: 99, faults: [.droppedFrames()], observed: true))
        #expect(a.items == b.items)
        if case .tap = gesture { return }
        if case .wait = gesture { return }
        if case .top = gesture { return }  // from rest at the top: nothing random happens
        let c = try Collected(configuration(["blurHeader"], gesture, seed: 100, faults: [.droppedFrames()], observed: true))
        #expect(a.items != c.items)
    }

    @Test("a drag starts with the touch-down at the current offset and ends exactly at its target")
    func dragShape() throws {
        let session = try Collected(configuration(["blurHeader"], .drag(to: 120, duration: 0.5)))
        let phases = session.samples.map { $0.phase! }
        #expect(session.samples.first == ScrollSample(t: 0, y: 0, phase: .drag, vy: 0))
        #expect(phases == Array(repeating: .drag, count: 31) + [.idle])
        #expect(session.samples[30].y == 120)
        // The tremor never reverses the finger.
        #expect(reversalTimes(session.samples.map(\.t), session.samples.map(\.y), epsilon: 0).isEmpty)
        #expect(session.samples.map(\.y) != session.samples.map { 120 * FingerPath.ease($0.t / 0.5) })
    }

    @Test("a fling drags, decelerates with UIScrollView's friction and stops below 10 pt/s")
    func flingPhases() throws {
        let session = try Collected(configuration(["customTitle"], .fling(velocity: 1500)))
        let phases = session.samples.map { $0.phase! }
        let drags = phases.prefix { $0 == .drag }.count
        #expect(drags == 7)  // touch-down + 0.1 s at 60 fps
        let decelerating = session.samples.filter { $0.phase == .decelerate }
        #expect(phases.dropFirst(drags).prefix { $0 == .decelerate }.count == decelerating.count)
        #expect(phases.last == .idle)
        // Velocity decays geometrically: each frame keeps 0.998^(1000/60) of it.
        let factor = Math.power(0.998, 1000.0 / 60)
        for (a, b) in zip(decelerating, decelerating.dropFirst()) {
            #expect(close(b.vy! / a.vy!, factor, 0.002))
            #expect(b.y > a.y)
        }
        #expect(try #require(decelerating.last?.vy) >= 10)
        // Released at 75 pt with 1500 pt/s: rests near 75 + 1500 / (1000 * -ln 0.998).
        #expect(abs(session.samples.last!.y - (75 + 749.25)) < 6)
    }

    @Test("a fling toward the top crosses it, bounces past it and springs back to 0")
    func flingBounce() throws {
        let session = try Collected(SimulationConfiguration(
            behaviors: try makeBehaviors(["largeTitle"]),
            script: try SimulationScript(parsing: "drag to=300 duration=0.5\nfling velocity=-2500"), seed: 3))
        let phases = session.samples.map { $0.phase! }
        let bounce = try #require(phases.firstIndex(of: .bounce))
        #expect(phases[..<bounce].contains(.decelerate))
        #expect(session.samples[bounce].y < 0)
        #expect(session.samples.map(\.y).min()! < -10)
        #expect(phases.last == .idle)
        #expect(session.samples.last!.y == 0)
        #expect(!phases.contains(.animate))  // ends at 0: nothing to snap
    }

    @Test("bounce pulls past the top on the rubber band and springs back with phase bounce")
    func bounceGesture() throws {
        let session = try Collected(configuration(["largeTitle", "avatar"], .bounce(pull: 150, duration: 0.5)))
        let lowest = try #require(session.samples.min { $0.y < $1.y })
        #expect(lowest.phase == .drag)
        #expect(close(lowest.y, -(69630 / 926.5), 0.001))  // the rubber band of 150 pt on 844 pt
        let phases = session.samples.map { $0.phase! }
        #expect(phases.drop { $0 == .drag }.dropLast().allSatisfy { $0 == .bounce })
        #expect(session.samples.last!.y == 0)
        // Pulling down stretches the bar with the content.
        #expect(close(session.computed[session.samples.firstIndex(of: lowest)!].barHeight, 96.5 - lowest.y))
        let afterRelease = session.samples.filter { $0.phase == .bounce }.map(\.y)
        #expect(zip(afterRelease, afterRelease.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("a large title stopped mid-collapse snaps to the nearer end over 0.3 s", arguments: [
        (20.0, 0.0), (26.0, 0.0), (26.25, 52.5), (40.0, 52.5), (52.5, 52.5), (80.0, 80.0),
    ])
    func snapping(to: Double, rest: Double) throws {
        let session = try Collected(configuration(["largeTitle"], .drag(to: to, duration: 0.5)))
        let animated = session.samples.filter { $0.phase == .animate }
        #expect(session.samples.last!.y == rest)
        #expect(session.samples.last!.phase == .idle)
        if rest == to {
            #expect(animated.isEmpty)
        } else {
            #expect(animated.count == 18)
            #expect(animated.last!.y == rest)
            #expect(close(animated.last!.t - animated.first!.t, 17.0 / 60, 1e-5))
        }
    }

    @Test("no snapping without a large title")
    func noSnapWithoutLargeTitle() throws {
        let session = try Collected(configuration(["blurHeader"], .drag(to: 20, duration: 0.5)))
        #expect(!session.samples.contains { $0.phase == .animate })
        #expect(session.samples.last!.y == 20)
    }

    @Test("hover creeps to the behaviour's threshold and holds within about ±2 pt", arguments: [
        (["largeTitle"], 52.5), (["blurHeader"], 84.0), (["customTitle"], 41.8), (["hideOnSwipe"], 100.0),
    ])
    func hover(names: [String], threshold: Double) throws {
        let session = try Collected(configuration(names, .hover(hold: 2)))
        let hold = session.samples.filter { $0.phase == .drag }.suffix(120)
        #expect(hold.allSatisfy { abs($0.y - threshold) <= 2.001 })
        let crossings = zip(hold, hold.dropFirst()).filter { ($0.y >= threshold) != ($1.y >= threshold) }.count
        #expect(crossings >= 4)
        if names == ["largeTitle"] {
            #expect(try #require(flappingEpisodes(session.samples.map(\.t), session.computed.map { visible($0.inlineTitleAlpha) }).first) >= 3)
        }
    }

    @Test("zigzag drags back and forth by the amplitude, flapping hide-on-swipe")
    func zigzag() throws {
        let session = try Collected(configuration(["hideOnSwipe"], .zigzag(amplitude: 25, legs: 8, legDuration: 0.25)))
        #expect(session.samples.map(\.y).max()! == 25)
        #expect(reversalTimes(session.samples.map(\.t), session.samples.map(\.y), epsilon: 0.5).count == 7)
        let hidden = session.computed.map(\.barHidden)
        #expect(try #require(flappingEpisodes(session.samples.map(\.t), hidden).first) >= 6)
    }

    @Test("a tap comes as an event before the samples that see it")
    func tap() throws {
        let session = try Collected(SimulationConfiguration(
            behaviors: try makeBehaviors(["hideOnSwipe", "dropdownTitle"]),
            script: try SimulationScript(parsing: "drag to=50 duration=0.2\ntap title\ntap content")))
        #expect(session.events.map(\.target) == [.title, .content])
        let titleTap = try #require(session.items.firstIndex(of: .event(session.events[0])))
        guard case .sample(let next, _) = session.items[titleTap + 1] else { Issue.record("no sample after the tap"); return }
        #expect(next.t == session.events[0].t)
        // The bar animates after the content tap: one idle sample per frame for its 0.33 s.
        let afterContentTap = session.samples.filter { $0.t >= session.events[1].t }
        #expect(afterContentTap.count >= 20)
        // The drag hid the bar (50 > swipeDistance 20); the content tap shows it again.
        let beforeTap = try #require(session.samples.lastIndex { $0.t < session.events[1].t })
        #expect(session.computed[beforeTap].barHidden == true)
        #expect(session.computed.last!.barHidden == false && session.computed.last!.barShown == 1)
        #expect(session.computed.last!.dropdownExpanded == true)
    }

    @Test("waits log nothing but the frame before the next touch")
    func waits() throws {
        let session = try Collected(SimulationConfiguration(
            behaviors: try makeBehaviors(["blurHeader"]),
            script: try SimulationScript(parsing: "drag to=50 duration=0.2\nwait 2\ndrag to=0 duration=0.2")))
        let idle = session.samples.filter { $0.phase == .idle }
        #expect(idle.count == 3)
        #expect(idle[1].t == Simulator.time(frame: 13 + 120, fps: 60))
        #expect(session.samples[session.samples.firstIndex(of: idle[1])! + 1].phase == .drag)
    }

    @Test("a duration repeats the gestures with pauses until it is filled")
    func durationRepeats() throws {
        let session = try Collected(configuration(["largeTitle"], .drag(to: 150, duration: 1), duration: 12))
        #expect(session.samples.last!.t <= 12)
        #expect(session.samples.last!.t > 10)
        let touchDowns = session.samples.indices.filter { i in
            session.samples[i].phase == .drag && (i == 0 || session.samples[i - 1].phase != .drag)
        }
        #expect(touchDowns.count >= 5)  // drag, return, drag, return, drag…
        // The pauses keep each threshold crossing alone in its flapping window.
        #expect(flappingEpisodes(session.samples.map(\.t), session.computed.map { visible($0.inlineTitleAlpha) }).isEmpty)
    }

    @Test("long sessions are produced lazily")
    func lazy() throws {
        let simulator = try Simulator(configuration(["largeTitle", "avatar"], .fling(), fps: 120, duration: 100_000))
        var count = 0
        var last = 0.0
        for item in simulator {
            guard case .sample(let sample, _) = item else { continue }
            last = sample.t
            count += 1
            if count == 50_000 { break }
        }
        #expect(count == 50_000)
        #expect(last > 400)
    }

    @Test("observed states equal the computed ones without faults")
    func observedClean() throws {
        let session = try Collected(configuration(["customTitle", "hideOnSwipe"], .fling(), observed: true))
        #expect(session.observed == session.computed.map { Optional($0) })
    }

    @Test("invalid configurations are rejected with a message", arguments: [
        (SimulationConfiguration(behaviors: BehaviorSet()), "a session needs at least one behaviour"),
        (SimulationConfiguration(behaviors: try! makeBehaviors(["largeTitle"]), gesture: .drag(), fps: 0), "fps must be from 1 to 1000, got 0"),
        (SimulationConfiguration(behaviors: try! makeBehaviors(["largeTitle"]), gestures: []), "a simulation needs at least one gesture"),
        (SimulationConfiguration(behaviors: try! makeBehaviors(["largeTitle"]), gesture: .drag(), duration: -1),
         "duration must be a number of seconds from 0 to 1e7, got -1"),
        (SimulationConfiguration(behaviors: try! makeBehaviors(["largeTitle"]), gesture: .zigzag(legs: 0)),
         "gesture 'zigzag amplitude=25 legs=0 leg=0.25' has a parameter out of range"),
    ])
    func invalid(configuration: SimulationConfiguration, message: String) {
        #expect(throws: SimulationError(message)) { _ = try Simulator(configuration) }
    }
}

@Suite("Clean simulated sessions")
struct CleanSessionTests {
    static let behaviorSets = [["largeTitle", "avatar"], ["customTitle"], ["blurHeader"], ["hideOnSwipe"], ["largeTitle", "dropdownTitle"]]
    static let gestures: [Gesture] = [.drag(), .fling(), .fling(velocity: -2000), .bounce(), .tap(.content)]

    @Test("repeated clean gestures produce no flapping or jitter (ANALYSIS.md defaults)", arguments: behaviorSets, gestures)
    func clean(names: [String], gesture: Gesture) throws {
        let s = try Collected(SimulationConfiguration(behaviors: try makeBehaviors(names), gesture: gesture, duration: 8, seed: 17))
        let t = s.samples.map(\.t)
        let y = s.samples.map(\.y)
        let binary: [[Bool?]] = [
            s.computed.map(\.barHidden), s.computed.map { $0.background.map { $0 == .default } },
            s.computed.map { visible($0.largeTitleAlpha) }, s.computed.map { visible($0.inlineTitleAlpha) },
            s.computed.map { visible($0.contentTitleAlpha) },
        ]
        for signal in binary { #expect(flappingEpisodes(t, signal).isEmpty) }
        for signal: [Double?] in [s.computed.map(\.barHeight), s.computed.map(\.avatarTx), s.computed.map(\.avatarTy)] {
            #expect(jitterEpisodes(t, signal, y: y, epsilon: 0.5).isEmpty)
        }
        for signal: [Double?] in [s.computed.map(\.barShown), s.computed.map(\.blurAlpha), s.computed.map(\.inlineTitleAlpha),
                                  s.computed.map(\.avatarScale)] {
            #expect(jitterEpisodes(t, signal, y: y, epsilon: 0.02).isEmpty)
        }
    }
}
