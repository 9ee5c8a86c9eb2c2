import BarModel
import Foundation
import Recording
import Testing

/// ``ScrollSampler``: the phase of each frame and what is written, from plain scroll-view values.
@Suite("ScrollSampler: phases and what a recorder writes")
struct ScrollSamplerTests {
    /// A 120 Hz frame at `frame` with the content at `y` (content 2,000 pt long in an 800 pt view).
    static func tick(_ frame: Int, y: Double, tracking: Bool = false, dragging: Bool = false,
                     decelerating: Bool = false, duration: Double = 1.0 / 120) -> RecorderTick {
        let timestamp = 1000 + Double(frame) / 120
        return RecorderTick(timestamp: timestamp, targetTimestamp: timestamp + duration, contentOffsetY: y - 91,
                            insetTop: 91, insetBottom: 34, contentHeight: 2000, boundsHeight: 800,
                            isTracking: tracking, isDragging: dragging, isDecelerating: decelerating)
    }

    static func samples(_ lines: [ScrollSampler.Line]) -> [ScrollSample] {
        lines.compactMap { if case .sample(let sample, _) = $0 { sample } else { nil } }
    }

    @Test("drag, decelerate, bounce past either end, animate (programmatic) and idle")
    func phases() {
        var sampler = ScrollSampler()
        var lines: [ScrollSampler.Line] = []
        let ticks = [
            Self.tick(0, y: 0),                                         // at rest: the first idle frame
            Self.tick(1, y: 0, tracking: true),                         // touched, not moved: idle
            Self.tick(2, y: 3, tracking: true),                         // moved under the finger
            Self.tick(3, y: 9, tracking: true, dragging: true),
            Self.tick(4, y: 20, decelerating: true),
            // The bottom end: 2,000 + 34 + 91 − 800 = 1,325 pt.
            Self.tick(5, y: 1400, decelerating: true),
            Self.tick(6, y: 1390, decelerating: true),
            Self.tick(7, y: 1325),                                      // content moved, no finger: animate
            Self.tick(8, y: 1325),                                      // rest
            Self.tick(9, y: 1325),                                      // still at rest: not written
            Self.tick(10, y: 900),                                      // setContentOffset(animated:)
            Self.tick(11, y: -12, decelerating: true),                  // past the top
        ]
        for tick in ticks { sampler.add(tick, to: &lines) }
        let samples = Self.samples(lines)
        #expect(samples.map(\.phase) == [.idle, .drag, .drag, .decelerate, .bounce, .bounce, .animate, .idle, .animate, .bounce])
        #expect(samples.map(\.y) == [0, 3, 9, 20, 1400, 1390, 1325, 1325, 900, -12])
        // t counts from the first tick, to the microsecond; frameDuration = target − timestamp.
        #expect(samples.first?.t == 0)
        #expect(samples[1].t == 0.016667)
        #expect(samples.allSatisfy { $0.frameDuration == 0.008333 })
    }

    @Test("at rest: the first idle frame, then nothing unless the bar changes; every frame with writesIdleFrames")
    func rest() {
        var quiet = ScrollSampler()
        var every = ScrollSampler(writesIdleFrames: true)
        var quietLines: [ScrollSampler.Line] = []
        var everyLines: [ScrollSampler.Line] = []
        for frame in 0..<10 {
            var tick = Self.tick(frame, y: 40)
            tick.observed = BarState(barHeight: frame < 6 ? 56.5 : 44)
            quiet.add(tick, to: &quietLines)
            every.add(tick, to: &everyLines)
        }
        #expect(Self.samples(quietLines).map(\.t) == [0, 0.05])
        #expect(Self.samples(everyLines).count == 10)
    }

    @Test("touch-down and size changes write a sample at their time; taps and lifecycle events are events")
    func events() {
        var sampler = ScrollSampler()
        var lines: [ScrollSampler.Line] = []
        sampler.add(Self.tick(0, y: 10), to: &lines)
        sampler.add(.touchDown(at: 1002.0), to: &lines)
        sampler.add(.tap(.title, at: 1002.5), to: &lines)
        sampler.add(.background(at: 1003), to: &lines)
        sampler.add(.foreground(at: 1030), to: &lines)
        sampler.add(.sizeChange(at: 1030.5), to: &lines)
        sampler.addDropped(count: 12, at: 1031, to: &lines)
        #expect(lines == [
            .sample(ScrollSample(t: 0, y: 10, phase: .idle, frameDuration: 0.008333), observed: nil),
            .sample(ScrollSample(t: 2, y: 10, phase: .drag), observed: nil),
            .event(ScrollEvent(t: 2.5, target: .title)),
            .event(ScrollEvent(t: 3, kind: .background)),
            .event(ScrollEvent(t: 30, kind: .foreground)),
            .sample(ScrollSample(t: 30.5, y: 10, phase: .idle), observed: nil),
            .dropped(t: 31, count: 12),
        ])
    }

    @Test("times never go backwards, whatever the clock a caller passes")
    func monotonicTimes() {
        var sampler = ScrollSampler()
        var lines: [ScrollSampler.Line] = []
        sampler.add(Self.tick(10, y: 0, dragging: true), to: &lines)
        sampler.add(.touchDown(at: 1000), to: &lines)  // earlier than the tick
        let times = Self.samples(lines).map(\.t)
        #expect(times == [0, 0])
    }
}
