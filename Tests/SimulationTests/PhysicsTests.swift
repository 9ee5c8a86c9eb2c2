import Testing
@testable import BarModel
@testable import Simulation

@Suite("Scroll physics")
struct PhysicsTests {
    // Flutter's packages/flutter/test/physics/friction_simulation_test.dart expectations.
    @Test("FrictionSimulation reproduces Flutter's published expectations")
    func flutterFriction() {
        let friction = FrictionSimulation(drag: 0.3, position: 100, velocity: 400)
        #expect(friction.x(0) == 100)
        #expect(friction.dx(0) == 400)
        #expect(close(friction.dx(1), 120, 1e-9))
        #expect((330...335).contains(friction.x(1)))
        #expect((431...432).contains(friction.x(5)))
        #expect(close(friction.x(100), friction.finalX, 1e-6))
    }

    @Test("timeAtX inverts x(t) and is nil beyond the final position")
    func timeAtX() throws {
        let friction = FrictionSimulation(drag: 0.3, position: 100, velocity: 400)
        let t = try #require(friction.timeAtX(friction.x(1.5)))
        #expect(close(t, 1.5, 1e-9))
        #expect(friction.timeAtX(friction.finalX + 1) == nil)
        #expect(friction.timeAtX(50) == nil)
        #expect(close(friction.timeAtSpeed(120), 1, 1e-9))
    }

    @Test("UIScrollView's rate is per millisecond: drag per second is rate^1000", arguments: [
        (DecelerationRate.normal, 0.998),
        (.fast, 0.99),
    ])
    func decelerationRate(rate: DecelerationRate, perMillisecond: Double) {
        let friction = FrictionSimulation(decelerationRate: rate, position: 0, velocity: 1000)
        // After 1 ms the velocity has been multiplied by the rate once.
        #expect(close(friction.dx(0.001), 1000 * perMillisecond, 1e-9))
        #expect(close(friction.dx(1), 1000 * rate.dragPerSecond, 1e-9))
        #expect(close(rate.dragPerSecond, 0.135, 0.001) || close(rate.dragPerSecond, 4.3e-5, 1e-6))
    }

    @Test("a normal-rate fling of 1500 pt/s travels about 750 pt")
    func flingDistance() {
        let friction = FrictionSimulation(decelerationRate: .normal, position: 0, velocity: 1500)
        #expect((748...751).contains(friction.finalX))  // 1500 / (1000 * -ln 0.998)
    }

    @Test("rubber band: (1 - 1/(x c/d + 1)) d with c = 0.55", arguments: [
        (0.0, 0.0),
        (1534.5454545454545, 422.0),   // x c / d = 1 gives d / 2
        (150.0, 69630 / 926.5),        // = x c d / (d + x c)
        (10.0, 4642 / 849.5),
        (-150.0, -69630 / 926.5),
    ])
    func rubberBand(pull: Double, offset: Double) {
        #expect(close(RubberBand.offset(pull: pull, dimension: 844), offset, 1e-9))
    }

    @Test("rubber band never reaches the dimension, and pull(offset:) inverts it")
    func rubberBandLimits() {
        #expect(RubberBand.offset(pull: 1e9, dimension: 844) < 844)
        for pull in [1.0, 50, 150, 900] {
            #expect(close(RubberBand.pull(offset: RubberBand.offset(pull: pull, dimension: 844), dimension: 844), pull, 1e-6))
        }
        // Small pulls follow the finger at the coefficient.
        #expect(close(RubberBand.offset(pull: 0.01, dimension: 844), 0.0055, 1e-6))
    }

    @Test("the critically damped spring returns to rest without crossing it")
    func spring() {
        let spring = SpringSimulation(rest: 0, position: -75, velocity: 0)
        #expect(spring.x(0) == -75)
        var previous = -75.0
        for frame in 1...120 {
            let x = spring.x(Double(frame) / 120)
            #expect(x >= previous && x <= 0)
            previous = x
        }
        #expect(spring.isDone(at: 1))
        #expect(!spring.isDone(at: 0.1))
        // An overshoot from the edge goes out and comes back once.
        let overshoot = SpringSimulation(rest: 0, position: 0, velocity: -1500)
        #expect(close(overshoot.x(1 / 12), -1500 / (12 * 2.718281828459045), 1e-6))
        #expect(close(overshoot.dx(1 / 12), 0, 1e-9))
    }

    @Test("SplitMix64 matches the published reference sequence for seed 1234567")
    func splitMix() {
        var state: UInt64 = 1_234_567
        let values = (0..<5).map { _ in SeededGenerator.splitMix64(&state) }
        #expect(values == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                           4_593_380_528_125_082_431, 16_408_922_859_458_223_821])
    }

    @Test("the generator is deterministic per seed and uniform in its ranges")
    func generator() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        var sum = 0.0
        for _ in 0..<10_000 {
            let unit = a.nextUnit()
            #expect(unit >= 0 && unit < 1)
            sum += unit
            #expect((1...3).contains(a.next(in: 1...3)))
        }
        #expect(abs(sum / 10_000 - 0.5) < 0.02)
    }
}
