import BarModel

/// Hitches: frames shown late while the content moves (README "Hitch model"; ANALYSIS.md "hitch").
///
/// Samples within one frame are merged (``FrameMerger``). Only intervals that end in a moving
/// frame count (its phase is present and not `idle`, or its `y` moved by more than
/// ``RestTolerance``): an idle app logs nothing. Each counted interval is measured against the
/// frame duration in effect:
/// - the previous frame's recorded `frameDuration` (CADisplayLink `targetTimestamp − timestamp`);
/// - else, on a display that can lower its rate (`fps` above 60, or unknown), the interval itself
///   when it is a steady new rate: at most ``slowestSteadyRate``, more than ``steadyTolerance``
///   away from the duration in effect, and within ``steadyTolerance`` of the interval before or
///   after it (ProMotion holds a rate for several frames; one dropped frame is a lone long
///   interval);
/// - else the duration in effect: the last one so decided, or the nominal `1/fps` (median
///   interval) at the start and after a gap.
///
/// An interval longer than `factor` × that + ``lateMargin`` is late. A late interval is a **gap**
/// (neither hitch time nor moving time) when it spans a lifecycle event, starts at rest (the
/// frame before it is `idle`, the first, or did not move), starts a new gesture (a `drag` or
/// `animate` frame after a frame of another phase), or when the content did not keep moving
/// across it: its jump is not in the direction of the velocity before it or not between a quarter
/// and four times velocity × interval. Otherwise it is a hitch (a freeze mid-motion): its hitch
/// time is `interval − expected`; hitches of 250 ms and more are hangs (Apple's threshold).
///
/// Frame-interval jitter follows RFC 3550 §6.4.1, `J += (|D| − J) / 16`, with `D` the interval's
/// deviation from the frame duration in effect, over moving intervals.
///
/// - Complexity: O(1) per sample, O(lifecycle events) memory.
struct HitchDetector: Sendable {
    /// The nominal frame interval, seconds (`1/fps`, else the median); `nil` when there is none.
    let expected: Double?
    let factor: Double
    /// Whether lower refresh rates are inferred from steady intervals (ProMotion displays).
    let adaptive: Bool
    /// Lifecycle event times, ascending.
    private let lifecycle: [Double]
    private var nextLifecycle = 0
    private var merger: FrameMerger
    /// Up to the last five frames, oldest first, for the velocity before an interval.
    private var recent: [FrameMerger.Frame] = []
    /// The interval waiting for the one after it (to tell a steady rate from a lone long frame).
    private var pending: Interval?
    /// Duration of the last classified interval when it was counted and not a gap.
    private var previousDuration: Double?
    /// The frame duration last in effect; `nil` means the nominal one.
    private var rateInEffect: Double?

    /// Seconds covered by moving intervals (hitches included, gaps not).
    private(set) var movingSeconds = 0.0
    /// Sum of `interval − expected` over hitches, seconds.
    private(set) var hitchSeconds = 0.0
    private(set) var hitchCount = 0
    /// Hitches of at least ``hangDuration``.
    private(set) var hangCount = 0
    private(set) var longestHitch = 0.0
    private(set) var firstHitch: Double?
    private(set) var lastHitch: Double?
    /// The latest hitch: when the frame before it and the late frame were shown, and its hitch time.
    private(set) var lastHitchInterval: (start: Double, end: Double, late: Double)?
    /// Late intervals that were gaps, and the seconds they cover.
    private(set) var gapCount = 0
    private(set) var gapSeconds = 0.0
    /// RFC 3550 interarrival jitter of the moving intervals, seconds.
    private(set) var jitter = 0.0

    /// Seconds added to the late threshold: ten times the microsecond resolution of stored times,
    /// so that an interval exactly at the threshold (80 Hz against 120 Hz: 12.5 ms = 1.5 × 8.33 ms)
    /// is never decided by rounding.
    static let lateMargin = 1e-5
    /// Half a ProMotion step (its rates are 240/n Hz): intervals this close are the same rate.
    static let steadyTolerance = 1.0 / 480
    /// The slowest refresh rate iOS uses while content moves, as a frame duration (30 Hz).
    static let slowestSteadyRate = 1.0 / 30
    /// Apple's hang threshold, seconds.
    static let hangDuration = 0.25
    /// Frames (at most) and seconds looked back for the velocity before an interval.
    static let velocityFrames = 4
    static let velocityWindow = 0.1

    /// One interval between two frames, with what is known when it ends.
    private struct Interval: Sendable {
        var start: FrameMerger.Frame
        var end: FrameMerger.Frame
        var counted: Bool
        /// Points per second over the frames before `start`; `nil` when `start` is the first.
        var velocity: Double?
        var startsAtRest: Bool
        var spansLifecycle: Bool
        var duration: Double { end.t - start.t }
    }

    init(expected: Double?, fps: Double?, factor: Double, lifecycle: [Double] = []) {
        self.expected = expected
        self.factor = factor
        adaptive = (fps ?? .infinity) > 60
        self.lifecycle = lifecycle.sorted()
        merger = FrameMerger(window: FrameMerger.window(fps: fps))
    }

    /// Whether the interval from `previous` to `frame` counts: it ends in a moving frame.
    @inline(__always)
    static func isMoving(_ frame: FrameMerger.Frame, after previous: FrameMerger.Frame) -> Bool {
        if let phase = frame.phase, phase != .idle { return true }
        return RestTolerance.moved(from: previous.y, to: frame.y)
    }

    /// Takes the next sample.
    mutating func observe(_ sample: ScrollSample) {
        if let frame = merger.add(sample) { take(frame) }
    }

    /// Ends the session: the last frame and interval are classified.
    mutating func finish() {
        if let frame = merger.finish() { take(frame) }
        if let pending { classify(pending, next: nil) }
        pending = nil
    }

    private mutating func take(_ frame: FrameMerger.Frame) {
        defer {
            recent.append(frame)
            if recent.count > Self.velocityFrames + 1 { recent.removeFirst() }
        }
        guard let start = recent.last else { return }
        var spansLifecycle = false
        while nextLifecycle < lifecycle.count, lifecycle[nextLifecycle] <= frame.t {
            if lifecycle[nextLifecycle] > start.t { spansLifecycle = true }
            nextLifecycle += 1
        }
        let beforeStart = recent.count >= 2 ? recent[recent.count - 2] : nil
        let startsAtRest = start.phase == .idle || beforeStart.map { !RestTolerance.moved(from: $0.y, to: start.y) } ?? true
        let interval = Interval(
            start: start, end: frame, counted: Self.isMoving(frame, after: start), velocity: velocity(at: start),
            startsAtRest: startsAtRest, spansLifecycle: spansLifecycle)
        if let pending { classify(pending, next: interval) }
        pending = interval
    }

    /// Velocity at `start` (the newest of ``recent``) over up to ``velocityFrames`` frames within
    /// ``velocityWindow`` before it (at least the one frame before it).
    private func velocity(at start: FrameMerger.Frame) -> Double? {
        guard recent.count >= 2 else { return nil }
        var reference = recent[recent.count - 2]
        for frame in recent.dropLast(2).reversed() where start.t - frame.t <= Self.velocityWindow {
            reference = frame
        }
        let elapsed = start.t - reference.t
        return elapsed > 0 ? (start.y - reference.y) / elapsed : nil
    }

    private mutating func classify(_ interval: Interval, next: Interval?) {
        guard interval.counted else {
            previousDuration = nil
            return
        }
        let duration = interval.duration
        let inEffect = rateInEffect ?? expected
        let frameDuration: Double
        if let recorded = interval.start.frameDuration {
            frameDuration = recorded
        } else if adaptive, inEffect.map({ abs(duration - $0) > Self.steadyTolerance }) ?? true, isSteady(duration, next: next) {
            frameDuration = duration
        } else if let inEffect {
            frameDuration = inEffect
        } else {
            return
        }

        if duration > factor * frameDuration + Self.lateMargin, isGap(interval) {
            gapCount += 1
            gapSeconds += duration
            previousDuration = nil
            rateInEffect = nil
            return
        }
        movingSeconds += duration
        jitter += (abs(duration - frameDuration) - jitter) / 16
        previousDuration = duration
        if duration > factor * frameDuration + Self.lateMargin {
            let late = duration - frameDuration
            hitchSeconds += late
            hitchCount += 1
            if duration >= Self.hangDuration { hangCount += 1 }
            longestHitch = max(longestHitch, late)
            if firstHitch == nil { firstHitch = interval.start.t }
            lastHitch = interval.end.t
            lastHitchInterval = (interval.start.t, interval.end.t, late)
        } else {
            rateInEffect = frameDuration
        }
    }

    /// Whether `duration` is a steady refresh rate: not slower than ``slowestSteadyRate`` and the
    /// same as the moving interval before or after it.
    private func isSteady(_ duration: Double, next: Interval?) -> Bool {
        guard duration <= Self.slowestSteadyRate + Self.steadyTolerance else { return false }
        if let previousDuration, abs(duration - previousDuration) <= Self.steadyTolerance { return true }
        if let next, next.counted, abs(duration - next.duration) <= Self.steadyTolerance { return true }
        return false
    }

    /// Whether a late interval is a gap rather than a freeze mid-motion.
    private func isGap(_ interval: Interval) -> Bool {
        if interval.spansLifecycle || interval.startsAtRest { return true }
        if let phase = interval.end.phase, phase == .drag || phase == .animate,
            let before = interval.start.phase, before != phase
        {
            return true
        }
        guard let velocity = interval.velocity else { return true }
        let predicted = velocity * interval.duration
        let jump = interval.end.y - interval.start.y
        guard jump * predicted > 0 else { return true }
        let ratio = jump / predicted
        return ratio < 0.25 || ratio > 4
    }

    /// Hitch milliseconds per second of movement (Apple's unit); 0 without movement.
    var hitchTimeRatio: Double {
        movingSeconds > 0 ? hitchSeconds * 1000 / movingSeconds : 0
    }
}
