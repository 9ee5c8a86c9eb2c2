@testable import Analyzer
import BarModel

/// The hitch detector as it was before its intervals became frame indices (commit 2f6acc0), with
/// the rest and pixel rules of issue 34 written out plainly: the oracle the current one must agree
/// with decision for decision.
struct ReferenceHitchDetector: Sendable {
    /// The nominal frame interval, seconds (`1/fps`, else the median); `nil` when there is none.
    let expected: Double?
    let factor: Double
    /// Whether lower refresh rates are inferred from the intervals (ProMotion displays).
    let adaptive: Bool
    /// The shortest frame the display shows: `1/fps`, or 1/120 s (no iOS display is faster).
    let shortestFrame: Double
    /// The steps inferred frame durations are rounded to: half the shortest frame (ProMotion's
    /// rates are 240/n Hz at 120 Hz), half the median interval without `fps`.
    let rateStep: Double
    let policy: RecorderPolicy
    let pixel: Double
    /// Lifecycle event times, ascending.
    private let lifecycle: [Double]
    private var nextLifecycle = 0
    private var merger: FrameMerger
    /// Up to the last five frames (``velocityFrames`` + 1), oldest first, for the velocity before
    /// an interval.
    private var recent: [FrameMerger.Frame] = []
    /// Intervals not yet classified, oldest first: the first waits for the counted intervals
    /// after it (the rate the display runs at after it). At most ``rateFrames`` + 1 wait.
    private var waiting: [Interval] = []
    /// Durations of the last ``rateFrames`` counted intervals that were neither late nor gaps,
    /// since the last gap or rest: the rate before the next interval.
    private var before = ReferenceRecentDurations()
    /// Rest intervals at the display's rate in a row, up to the newest frame.
    private var restRun = 0

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
    /// Late intervals that were gaps, and the seconds they cover.
    private(set) var gapCount = 0
    private(set) var gapSeconds = 0.0
    /// RFC 3550 interarrival jitter of the moving intervals, seconds.
    private(set) var jitter = 0.0
    /// The hitches classified by the last ``observe(_:)`` or ``finish()``: when the frame before
    /// each and the late frame were shown, its hitch time, and whether it is a hang.
    private(set) var newHitches: [(start: Double, end: Double, late: Double, hang: Bool)] = []
    /// Every moving interval's `interval − frame duration in effect`, milliseconds (for the
    /// overrun percentiles of ``SessionMetrics``).
    private(set) var overruns = OverrunHistogram()

    /// Seconds added to the late threshold: ten times the microsecond resolution of stored times,
    /// so that an interval exactly at the threshold (80 Hz against 120 Hz: 12.5 ms = 1.5 × 8.33 ms)
    /// is never decided by rounding.
    static let lateMargin = 1e-5
    /// Counted intervals a rate is taken from, before and after an interval.
    static let rateFrames = 2
    /// Rest intervals at the display's rate in a row that show a recorder logging every frame at rest.
    static let restEvidence = 3
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
        /// The ``restEvidence`` intervals before `start` were rest frames at the display's rate.
        var loggedAtRest: Bool
        var spansLifecycle: Bool
        var duration: Double { end.t - start.t }
    }

    init(
        expected: Double?, fps: Double?, factor: Double, lifecycle: [Double] = [], policy: RecorderPolicy = RecorderPolicy(),
        pixel: Double = 0.5
    ) {
        self.policy = policy
        self.pixel = pixel
        self.expected = expected
        self.factor = factor
        adaptive = (fps ?? .infinity) > 60
        shortestFrame = fps.map { 1 / $0 } ?? 1.0 / 120
        rateStep = fps.map { 0.5 / $0 } ?? (expected ?? 1.0 / 120) / 2
        self.lifecycle = lifecycle.sorted()
        merger = FrameMerger(window: FrameMerger.window(fps: fps))
    }

    /// The rate one or two neighbouring intervals show: their mean (the mean of two neighbours
    /// cancels the noise of the stamp between them), rounded to ``rateStep`` and never shorter than
    /// the display's shortest frame.
    func rate(_ first: Double, _ second: Double?) -> Double {
        let mean = second.map { (first + $0) / 2 } ?? first
        return max(shortestFrame, (mean / rateStep).rounded() * rateStep)
    }

    /// Takes the next sample.
    mutating func observe(_ sample: ScrollSample, barChanged: Bool = false) {
        if !newHitches.isEmpty { newHitches.removeAll(keepingCapacity: true) }
        if let frame = merger.add(t: sample.t, y: sample.y, phase: sample.phase, frameDuration: sample.frameDuration, barChanged: barChanged) {
            take(frame)
        }
    }

    /// Ends the session: the last frame and intervals are classified.
    mutating func finish() {
        if !newHitches.isEmpty { newHitches.removeAll(keepingCapacity: true) }
        if let frame = merger.finish() { take(frame) }
        classifyWaiting(final: true)
    }

    private mutating func take(_ frame: FrameMerger.Frame) {
        defer {
            if recent.count == Self.velocityFrames + 1 { recent.removeFirst() }
            recent.append(frame)
        }
        guard recent.count > 0 else { return }
        let start = recent[recent.count - 1]
        var spansLifecycle = false
        while nextLifecycle < lifecycle.count, lifecycle[nextLifecycle] <= frame.t {
            if lifecycle[nextLifecycle] > start.t { spansLifecycle = true }
            nextLifecycle += 1
        }
        let beforeStart = recent.count >= 2 ? recent[recent.count - 2] : nil
        let startsAtRest = start.phase == .idle || beforeStart.map { !RestTolerance.moved(from: $0.y, to: start.y) } ?? true
        let interval = Interval(
            start: start, end: frame, counted: HitchDetector.isMoving(frame, afterY: start.y), velocity: velocity(at: start),
            startsAtRest: startsAtRest, loggedAtRest: restRun >= (policy.atRest == .everyFrame ? 1 : Self.restEvidence),
            spansLifecycle: spansLifecycle)
        let atRate = (start.frameDuration ?? expected).map { interval.duration <= factor * $0 + Self.lateMargin } ?? false
        let stillFrame = !RestTolerance.moved(from: start.y, to: frame.y) && !spansLifecycle && atRate
        if !stillFrame || policy.atRest == .changes || policy.atRest == .nothing {
            restRun = 0
        } else if policy.atRest == .everyFrame || (frame.phase == .idle && !frame.barChanged) {
            restRun += 1
        } else if frame.phase != .drag {
            restRun = 0
        }
        waiting.append(interval)
        classifyWaiting(final: false)
    }

    /// Classifies the waiting intervals whose rate after them is known: ``rateFrames`` counted
    /// intervals follow, or an interval that does not count, or the session ended.
    private mutating func classifyWaiting(final: Bool) {
        while waiting.count > 0 {
            // The counted intervals right after the first, up to ``rateFrames``; an interval that
            // does not count (or the session's end) means no more will come.
            var after = 0
            var ended = final
            var index = 1
            while index < waiting.count, after < Self.rateFrames {
                guard waiting[index].counted else {
                    ended = true
                    break
                }
                after += 1
                index += 1
            }
            let head = waiting[0]
            guard !head.counted || ended || after >= Self.rateFrames else { return }
            let next = after >= 1 ? waiting[1].duration : nil
            let second = after >= 2 ? waiting[2].duration : nil
            let inferred = head.counted && head.start.frameDuration == nil && adaptive
            classify(head, next: next, rateAfter: inferred ? next.map { rate($0, second) } : nil)
            waiting.removeFirst()
        }
    }

    /// Velocity at `start` (the newest of ``recent``) over up to ``velocityFrames`` frames within
    /// ``velocityWindow`` before it (at least the one frame before it).
    private func velocity(at start: FrameMerger.Frame) -> Double? {
        guard recent.count >= 2 else { return nil }
        var reference = recent[recent.count - 2]
        // Newest to oldest, as the oldest frame within the window is the reference.
        var index = recent.count - 3
        while index >= 0 {
            let frame = recent[index]
            if start.t - frame.t <= Self.velocityWindow { reference = frame }
            index -= 1
        }
        let elapsed = start.t - reference.t
        return elapsed > 0 ? (start.y - reference.y) / elapsed : nil
    }

    private mutating func classify(_ interval: Interval, next: Double?, rateAfter: Double?) {
        guard interval.counted else {
            before.removeAll()
            return
        }
        let duration = interval.duration
        let frameDuration: Double
        if let recorded = interval.start.frameDuration {
            frameDuration = recorded
        } else if adaptive, let rate = Self.slower(before.first.map { rate($0, before.second) }, rateAfter) {
            frameDuration = rate
        } else if let expected {
            frameDuration = adaptive ? max(expected, shortestFrame) : expected
        } else {
            return
        }

        // A stamp taken late makes its interval long and the next one short by as much: late only
        // when the two together are still late, as a frame the display showed late leaves them.
        let late = duration > factor * frameDuration + Self.lateMargin
            && next.map { duration + $0 > (factor + 1) * frameDuration + Self.lateMargin } ?? true
        if late, isGap(interval) {
            gapCount += 1
            gapSeconds += duration
            before.removeAll()
            return
        }
        let offsetChangesOnly = policy.moving == .offsetChanges || (policy.moving == nil && interval.start.frameDuration == nil)
        let slowBefore = policy.moving == .offsetChanges && interval.velocity.map { abs($0) * frameDuration < 2 * pixel } == true
        if late, offsetChangesOnly, abs(interval.end.y - interval.start.y) <= pixel + RestTolerance.points || slowBefore {
            movingSeconds += duration
            return
        }
        movingSeconds += duration
        jitter += (abs(duration - frameDuration) - jitter) / 16
        overruns.add((duration - frameDuration) * 1000)
        if late {
            let lateBy = duration - frameDuration
            hitchSeconds += lateBy
            hitchCount += 1
            if duration >= Self.hangDuration { hangCount += 1 }
            longestHitch = max(longestHitch, lateBy)
            if firstHitch == nil { firstHitch = interval.start.t }
            lastHitch = interval.end.t
            newHitches.append((interval.start.t, interval.end.t, lateBy, duration >= Self.hangDuration))
        } else {
            before.append(duration)
        }
    }

    /// The longer of two frame durations, either of which may be unknown.
    private static func slower(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }

    /// Whether a late interval is a gap rather than a freeze mid-motion.
    private func isGap(_ interval: Interval) -> Bool {
        if interval.spansLifecycle { return true }
        if interval.startsAtRest { return !interval.loggedAtRest }
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

    /// The durations of the last two counted intervals that were neither late nor gaps (``HitchDetector/rateFrames``),
    /// oldest first, in place.
    private struct ReferenceRecentDurations: Sendable {
        private(set) var first: Double?
        private(set) var second: Double?

        mutating func append(_ duration: Double) {
            if first == nil {
                first = duration
            } else if second == nil {
                second = duration
            } else {
                first = second
                second = duration
            }
        }

        mutating func removeAll() {
            first = nil
            second = nil
        }
    }
}
