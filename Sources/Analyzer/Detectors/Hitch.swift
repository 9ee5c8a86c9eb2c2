import BarModel

/// Hitches: frames shown late while the content moves (Docs/findings.md "Hitch model"; ANALYSIS.md
/// "hitch").
///
/// Samples within one frame are merged (``FrameMerger``). Only intervals that end in a moving
/// frame count (its phase is present and not `idle`, or its `y` moved by more than
/// ``RestTolerance``): an idle app logs nothing. Each counted interval is measured against the
/// frame duration in effect:
/// - the previous frame's recorded `frameDuration` (CADisplayLink `targetTimestamp − timestamp`);
/// - else, on a display that can lower its rate (`fps` above 60, or unknown), the slower of the
///   rate the display ran at before the interval and the rate it runs at after it, each the
///   ``rate(_:_:)`` of up to ``rateFrames`` counted intervals, and never shorter than `1/fps`
///   (ProMotion only lowers the rate, in its own steps): stamp noise cannot make a rate faster
///   than the display, and a rate change is not a late frame;
/// - else the nominal `1/fps` (the median interval without `fps`).
///
/// An interval longer than `factor` × that + ``lateMargin`` is late — when a counted interval
/// follows it, only if the two together are longer than `factor + 1` times that (a stamp taken
/// late makes the next interval short by as much). A late interval is a **gap**
/// (neither hitch time nor moving time) when it spans a lifecycle or transition event; when it
/// starts at rest (the frame before it is `idle`, the first, or did not move), unless the recorder
/// logs every frame at rest — as its header declares (`atRest: everyFrame`), or, when the header
/// says nothing, as ``restEvidence`` intervals of real rest before it show (`idle` frames at the
/// display's rate where neither `y` nor a bar state changed; a pause is not a frame) — so a late
/// first moving frame is the main thread's fault (the touch-down hitch); when it
/// starts a new gesture (a `drag` or `animate` frame after a frame of another phase); or when the
/// content did not keep moving across it: its jump is not in the direction of the velocity before
/// it or not between a quarter and four times velocity × interval. Otherwise it is a hitch (a
/// freeze mid-motion): its hitch time is `interval − expected`; hitches of 250 ms and more are
/// hangs (Apple's threshold). When the recorder writes only offset changes (`moving: offsetChanges`,
/// or undeclared without `frameDuration`), such a freeze is no hitch where a frame between may have
/// stayed on the start's pixel — the content moved at most a pixel across it, or (declared only)
/// less than two pixels a frame before it: UIKit keeps `contentOffset` on the pixel grid, so those frames were
/// drawn on time without a callback; it is moving time.
///
/// Frame-interval jitter follows RFC 3550 §6.4.1, `J += (|D| − J) / 16`, with `D` the interval's
/// deviation from the frame duration in effect, over moving intervals.
///
/// - Complexity: O(1) per sample, O(lifecycle events) memory.
struct HitchDetector: Sendable {
    /// The nominal frame interval, seconds (`1/fps`, else the median); `nil` when there is none.
    let expected: Double?
    let factor: Double
    /// Whether lower refresh rates are inferred from the intervals (ProMotion displays).
    let adaptive: Bool
    /// The shortest frame the display shows: `1/fps`, or 1/120 s (no iOS display is faster).
    let shortestFrame: Double
    /// What the recorder declared it writes.
    let policy: RecorderPolicy
    /// The recording's pixel, points: the grid UIKit keeps `contentOffset` on.
    let pixel: Double
    /// The shortest frame duration in effect after a frame without a recorded one (`nil`: such an
    /// interval is not measured): an interval no longer than `factor` × this is never late.
    private let leastFrameDuration: Double?
    /// ``rate(_:_:)``'s rounding. Its steps are half the shortest frame (ProMotion's rates are
    /// 240/n Hz at 120 Hz), half the median interval without `fps`.
    private let rates: RateRounding
    /// Lifecycle event times, ascending.
    private var lifecycle: [Double]
    private var nextLifecycle = 0
    private var merger: FrameMerger
    /// The last ``frameWindow`` frames, oldest first, each with the flags of the interval that ends
    /// at it: the waiting intervals and the frames before them that the velocity and the rest rule
    /// read. An interval is the two frames it joins, not a copy of them: queues of ~100-byte
    /// intervals would be copied on every append and classification, every frame.
    private var frames = FixedRing(capacity: Self.frameWindow, placeholder: Slot(frame: FrameMerger.Frame(t: 0, y: 0), flags: 0))
    /// Intervals not yet classified: the newest `waiting` intervals, which end at the newest
    /// `waiting` frames. The oldest waits for the counted intervals after it (the rate the display
    /// runs at after it); at most ``rateFrames`` + 1 wait.
    private var waiting = 0
    /// Durations of the last ``rateFrames`` counted intervals that were neither late nor gaps,
    /// since the last gap or rest: the rate before the next interval.
    private var before = RecentDurations()
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
    /// The hitches classified by the last ``observe(t:y:phase:frameDuration:barChanged:)`` or
    /// ``finish()``: when the frame before each and the late frame were shown, its hitch time, and
    /// whether it is a hang.
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
    /// Intervals of real rest at the display's rate in a row that show a recorder logging every
    /// frame at rest, when its header does not say.
    static let restEvidence = 3
    /// Apple's hang threshold, seconds.
    static let hangDuration = 0.25
    /// Frames (at most) and seconds looked back for the velocity before an interval.
    static let velocityFrames = 4
    static let velocityWindow = 0.1

    /// Frames kept: an interval's start is at most ``rateFrames`` + 1 frames before the newest, and
    /// its velocity reads up to ``velocityFrames`` frames before that.
    static let frameWindow = 8
    /// Frames ``takePlain(from:_:barChanged:)`` takes at most in one call: its buffers (two values
    /// more) stay under 1 KB, on the stack.
    static let plainRun = 60

    /// One frame, and what is known of the interval that ends at it when it ends.
    private struct Slot: Sendable {
        var frame: FrameMerger.Frame
        /// ``counted``, ``loggedAtRest``, ``spansLifecycle`` and ``plain`` of the interval ending here.
        var flags: UInt8
    }

    /// The interval ends in a moving frame.
    private static let counted: UInt8 = 1
    /// The ``restEvidence`` intervals before the interval's start were rest frames at the display's rate.
    private static let loggedAtRest: UInt8 = 2
    private static let spansLifecycle: UInt8 = 4
    /// The interval counts, spans no lifecycle event and is no longer than `factor` × the shortest
    /// frame duration in effect after its start: never late, whatever the rates around it.
    private static let plain: UInt8 = 8

    init(
        expected: Double?, fps: Double?, factor: Double, lifecycle: [Double] = [], policy: RecorderPolicy = RecorderPolicy(),
        pixel: Double = 0.5
    ) {
        self.expected = expected
        self.factor = factor
        self.policy = policy
        self.pixel = pixel
        adaptive = (fps ?? .infinity) > 60
        shortestFrame = fps.map { 1 / $0 } ?? 1.0 / 120
        leastFrameDuration = adaptive ? shortestFrame : expected
        rates = RateRounding(shortestFrame: shortestFrame, step: fps.map { 0.5 / $0 } ?? (expected ?? 1.0 / 120) / 2)
        self.lifecycle = lifecycle.sorted()
        merger = FrameMerger(window: FrameMerger.window(fps: fps))
    }

    /// Adds a lifecycle event at `t`, no earlier than those before, before the samples after it.
    mutating func addLifecycle(at t: Double) {
        lifecycle.append(t)
    }

    /// Whether the interval from `previous` to `frame` counts: it ends in a moving frame.
    @inline(__always)
    static func isMoving(_ frame: FrameMerger.Frame, afterY previous: Double) -> Bool {
        if let phase = frame.phase, phase != .idle { return true }
        return RestTolerance.moved(from: previous, to: frame.y)
    }

    /// The rate one or two neighbouring intervals show: their mean (the mean of two neighbours
    /// cancels the noise of the stamp between them), rounded to ``RateRounding/step`` and never
    /// shorter than the display's shortest frame.
    @inline(__always)
    func rate(_ first: Double, _ second: Double?) -> Double { rates.rate(first, second) }

    /// Takes the next sample, given as the fields the rule reads (callers hold samples as columns);
    /// `barChanged` when a bar state (computed or observed) differs from the sample before's.
    mutating func observe(t: Double, y: Double, phase: ScrollPhase?, frameDuration: Double?, barChanged: Bool) {
        if !newHitches.isEmpty { newHitches.removeAll(keepingCapacity: true) }
        if let frame = merger.add(t: t, y: y, phase: phase, frameDuration: frameDuration, barChanged: barChanged) { take(frame) }
    }

    /// Takes a block's samples, as ``observe(t:y:phase:frameDuration:barChanged:)`` row by row
    /// (bit `row` of `barChanged` its flag); ``newHitches`` are the block's.
    ///
    /// Nearly every interval of a recording is a plain frame (``plain``): where the two waiting
    /// intervals are plain and the next closes another, ``takePlain(from:_:barChanged:)`` runs
    /// the rule for that case alone over the columns; any other row goes through the merger.
    mutating func observe(_ block: FrameColumns, barChanged: UInt64) {
        if !newHitches.isEmpty { newHitches.removeAll(keepingCapacity: true) }
        let count = block.count
        var row = 0
        while row < count {
            row = takePlain(from: row, block, barChanged: barChanged)
            guard row < count else { break }
            let frame = merger.add(
                t: block.t[row], y: block.y[row], phase: block.phase[row], frameDuration: block.frameDuration[row],
                barChanged: barChanged &>> UInt64(row) & 1 != 0)
            if let frame { take(frame) }
            row += 1
        }
    }

    /// Takes rows from `start` on while the detector waits on two plain intervals and each row
    /// closes the merger's open frame with another plain one: each such frame classifies the
    /// oldest waiting interval on time, with no merge, no lifecycle event and no late test — what
    /// ``take(_:)`` and ``classifyOldest(countedAfter:)`` do in that case, in the same order of
    /// operations. Returns the first row not taken, `start` when the detector is not waiting so.
    ///
    /// First the rows are checked, then the intervals classified, in two loops over the
    /// durations: one loop doing both ran out of registers. Only the last ``frameWindow`` frames
    /// go into the ring, without ``loggedAtRest``: it is read only for a late interval.
    private mutating func takePlain(from start: Int, _ block: FrameColumns, barChanged: UInt64) -> Int {
        let newest = frames.count - 1
        guard waiting == 2, let open = merger.open, frames[newest].flags & frames[newest - 1].flags & Self.plain != 0,
            start < block.count, block.t[start] - open.t >= merger.window
        else { return start }
        let t = block.t, y = block.y, phase = block.phase, recorded = block.frameDuration
        let count = block.count, window = merger.window
        let nextEvent = nextLifecycle < lifecycle.count ? lifecycle[nextLifecycle] : .infinity
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.plainRun + 2) { durations in
            withUnsafeTemporaryAllocation(of: Double?.self, capacity: Self.plainRun + 2) { starts in
                // Interval `j` runs from the frame whose recorded duration is `starts[j]`, for
                // `durations[j]`: the two waiting, the one the open frame ends, then the rows'.
                durations[0] = frames[newest - 1].frame.t - frames[newest - 2].frame.t
                durations[1] = frames[newest].frame.t - frames[newest - 1].frame.t
                starts[0] = frames[newest - 2].frame.frameDuration
                starts[1] = frames[newest - 1].frame.frameDuration
                // Frame `k` taken is the open frame (0), else row `start + k - 1`; row `end` is the
                // first that does not close a plain one.
                var taken = 0
                // The late threshold after a frame without a recorded duration, and the rows frames
                // may be taken from (at most ``plainRun``), once: they were worked out each row.
                let unrecordedLimit = leastFrameDuration.map { factor * $0 + Self.lateMargin }
                let rowEnd = min(count, start + Self.plainRun)
                var (previousT, previousY, previousRecorded) = (frames[newest].frame.t, frames[newest].frame.y, frames[newest].frame.frameDuration)
                var (closingT, closingY, closingPhase, closingRecorded) = (open.t, open.y, open.phase, open.frameDuration)
                while true {
                    let duration = closingT - previousT
                    guard closingT < nextEvent, let limit = previousRecorded.map({ factor * $0 + Self.lateMargin }) ?? unrecordedLimit,
                        duration <= limit,
                        closingPhase.map({ $0 != .idle }) ?? false || RestTolerance.moved(from: previousY, to: closingY)
                    else { break }
                    durations[taken &+ 2] = duration
                    starts[taken &+ 2] = previousRecorded
                    let row = start &+ taken
                    taken &+= 1
                    guard row &+ 1 < rowEnd, t[row &+ 1] - t[row] >= window else { break }
                    (previousT, previousY, previousRecorded) = (closingT, closingY, closingRecorded)
                    (closingT, closingY, closingPhase, closingRecorded) = (t[row], y[row], phase[row], recorded[row])
                }
                guard taken > 0 else { return start }
                // The overruns go into the histogram together, one bounds and uniqueness check.
                withUnsafeTemporaryAllocation(of: Double.self, capacity: taken) { [taken] overrunValues in
                    var measured = 0
                    // The rates after the last three intervals: on an adaptive display each
                    // interval here goes into `before`, so the rate before interval `j` is the
                    // rate after interval `j - 3`, where that was inferred.
                    var (after1, after2, after3): (Double?, Double?, Double?) = (nil, nil, nil)
                    // The sums and the rates before in locals for the loop: as members they went
                    // through memory each interval, the jitter's chain from one to the next with them.
                    var (moving, jitter, before) = (movingSeconds, self.jitter, self.before)
                    var j = 0
                    while j < taken {
                        let oldest = durations[j], recordedBefore = starts[j]
                        let rateAfter = recordedBefore == nil && adaptive ? rate(durations[j + 1], durations[j + 2]) : nil
                        let inEffect = frameDuration(
                            after: recordedBefore, rateBefore: after3 ?? before.first.map { rate($0, before.second) }, rateAfter: rateAfter)
                        (after3, after2, after1) = (after2, after1, rateAfter)
                        if let inEffect {
                            overrunValues[measured] = Self.countMoving(oldest, frameDuration: inEffect, movingSeconds: &moving, jitter: &jitter)
                            measured += 1
                            if adaptive { before.append(oldest) }
                        }
                        j += 1
                        // Once the last three intervals have rates after them, an adaptive display's
                        // next interval whose start recorded no duration has the slower of the rate
                        // after the one three before and its own, both known: that case alone, with
                        // rates that are not optional and `before` given only the last two durations
                        // (all that appending them all leaves).
                        guard adaptive, let rate3 = after3, let rate2 = after2, let rate1 = after1 else { continue }
                        var rates = (rate3, rate2, rate1)
                        let first = j
                        while j < taken, starts[j] == nil {
                            let rateAfter = rate(durations[j &+ 1], durations[j &+ 2])
                            let inEffect = max(rates.0, rateAfter)
                            rates = (rates.1, rates.2, rateAfter)
                            overrunValues[measured] = Self.countMoving(durations[j], frameDuration: inEffect, movingSeconds: &moving, jitter: &jitter)
                            measured &+= 1
                            j &+= 1
                        }
                        (after3, after2, after1) = rates
                        for appended in max(first, j - 2)..<j { before.append(durations[appended]) }
                    }
                    (movingSeconds, self.jitter, self.before) = (moving, jitter, before)
                    overruns.add(UnsafeBufferPointer(rebasing: overrunValues.prefix(measured)))
                }
                let end = start + taken
                func frame(_ k: Int) -> FrameMerger.Frame {
                    guard k > 0 else { return open }
                    let row = start + k - 1
                    return FrameMerger.Frame(
                        t: t[row], y: y[row], phase: phase[row], frameDuration: recorded[row],
                        barChanged: barChanged &>> UInt64(row) & 1 != 0)
                }
                if policy.atRest == .changes || policy.atRest == .nothing {
                    // What `restRun(after:…)` gives every frame under these policies.
                    restRun = 0
                } else {
                    var startFrame = frames[newest].frame
                    for k in 0..<taken {
                        let closing = frame(k)
                        restRun = restRun(
                            after: closing, startT: startFrame.t, startY: startFrame.y, startFrameDuration: startFrame.frameDuration,
                            spansLifecycle: false)
                        startFrame = closing
                    }
                }
                let kept = min(taken, Self.frameWindow)
                frames.push(count: kept) { Slot(frame: frame(taken - kept + $0), flags: Self.counted | Self.plain) }
                merger.open = frame(taken)
                return end
            }
        }
    }

    /// Ends the session: the last frame and intervals are classified.
    mutating func finish() {
        if !newHitches.isEmpty { newHitches.removeAll(keepingCapacity: true) }
        if let frame = merger.finish() { take(frame) }
        classifyWaiting(final: true)
    }

    private mutating func take(_ frame: FrameMerger.Frame) {
        guard frames.count > 0 else {
            frames.push(Slot(frame: frame, flags: 0))
            return
        }
        let newest = frames.count - 1
        let startT = frames[newest].frame.t
        let startY = frames[newest].frame.y
        var flags: UInt8 = 0
        while nextLifecycle < lifecycle.count, lifecycle[nextLifecycle] <= frame.t {
            if lifecycle[nextLifecycle] > startT { flags |= Self.spansLifecycle }
            nextLifecycle += 1
        }
        let startFrameDuration = frames[newest].frame.frameDuration
        if Self.isMoving(frame, afterY: startY) {
            flags |= Self.counted
            if flags & Self.spansLifecycle == 0, let least = startFrameDuration ?? leastFrameDuration,
                frame.t - startT <= factor * least + Self.lateMargin
            {
                flags |= Self.plain
            }
        }
        if restRun >= restEvidenceNeeded { flags |= Self.loggedAtRest }
        restRun = restRun(
            after: frame, startT: startT, startY: startY, startFrameDuration: startFrameDuration,
            spansLifecycle: flags & Self.spansLifecycle != 0)
        frames.push(Slot(frame: frame, flags: flags))
        waiting &+= 1
        classifyWaiting(final: false)
    }

    /// Rest intervals in a row that show the recorder logging at rest: one where its header
    /// declares it, else ``restEvidence``.
    private var restEvidenceNeeded: Int { policy.atRest == .everyFrame ? 1 : Self.restEvidence }

    /// ``restRun`` once `frame` closes the interval from the frame at `startT`, `startY` (whose
    /// recorded frame duration is `startFrameDuration`).
    @inline(__always)
    private func restRun(after frame: FrameMerger.Frame, startT: Double, startY: Double, startFrameDuration: Double?, spansLifecycle: Bool) -> Int {
        let atRate = (startFrameDuration ?? expected).map { frame.t - startT <= factor * $0 + Self.lateMargin } ?? false
        if RestTolerance.moved(from: startY, to: frame.y) || spansLifecycle || !atRate { return 0 }
        switch policy.atRest {
        case .everyFrame?:
            // Declared: every frame that did not move, at the display's rate, is the recorder logging.
            return restRun + 1
        case .changes?, .nothing?:
            return 0
        case nil:
            // Inferred, conservatively: only a frame of real rest is evidence. The tail of a
            // deceleration or a bounce sits on one pixel while the content still moves, and an
            // `idle` frame where the bar changed was written for the change, not at rest; a
            // touch-down sample (a `drag` frame that did not move) neither adds nor breaks.
            if frame.phase == .idle, !frame.barChanged { return restRun + 1 }
            return frame.phase != .drag ? 0 : restRun
        }
    }

    /// The duration of the interval that ends at `frames[end]`.
    @inline(__always)
    private func duration(endingAt end: Int) -> Double {
        frames[end].frame.t - frames[end - 1].frame.t
    }

    @inline(__always)
    private func isCounted(endingAt end: Int) -> Bool {
        frames[end].flags & Self.counted != 0
    }

    /// Classifies the waiting intervals whose rate after them is known: ``rateFrames`` counted
    /// intervals follow, or an interval that does not count, or the session ended.
    ///
    /// Every waiting interval but the newest counts: one that does not ends the wait of those
    /// before it and is classified with them. So a newest interval that counts completes only the
    /// oldest's rate after it, once ``rateFrames`` follow that; anything else classifies them all.
    /// Inlined into ``take(_:)``, as are the two below: they run every frame, and each call saved
    /// and restored the registers the detector's state was in.
    @inline(__always)
    private mutating func classifyWaiting(final: Bool) {
        guard waiting > 0 else { return }
        let newestCounts = isCounted(endingAt: frames.count - 1)
        if newestCounts, !final {
            if waiting > Self.rateFrames { classifyOldest(countedAfter: Self.rateFrames) }
            return
        }
        // The counted intervals waiting, oldest first; none comes after them.
        var counted = newestCounts ? waiting : waiting - 1
        while waiting > 0 {
            classifyOldest(countedAfter: max(0, min(counted - 1, Self.rateFrames)))
            counted -= 1
        }
    }

    /// Classifies the oldest waiting interval, which `after` counted intervals follow (at most
    /// ``rateFrames``; all that will).
    @inline(__always)
    private mutating func classifyOldest(countedAfter after: Int) {
        // Where it ends in `frames`; the other waiting intervals end at the frames after it.
        let head = frames.count - waiting
        let counted = isCounted(endingAt: head)
        let next = after >= 1 ? duration(endingAt: head + 1) : nil
        let second = after >= 2 ? duration(endingAt: head + 2) : nil
        let inferred = counted && frames[head - 1].frame.frameDuration == nil && adaptive
        classify(endingAt: head, counted: counted, next: next, rateAfter: inferred ? next.map { rate($0, second) } : nil)
        waiting &-= 1
    }

    /// Velocity at the frame `frames[start]` over up to ``velocityFrames`` frames within
    /// ``velocityWindow`` before it (at least the one frame before it); `nil` at the first frame.
    private func velocity(at start: Int) -> Double? {
        guard start >= 1 else { return nil }
        let startT = frames[start].frame.t
        var reference = start - 1
        // Newest to oldest, as the oldest frame within the window is the reference.
        var index = start - 2
        while index >= max(0, start - Self.velocityFrames) {
            if startT - frames[index].frame.t <= Self.velocityWindow { reference = index }
            index -= 1
        }
        let elapsed = startT - frames[reference].frame.t
        return elapsed > 0 ? (frames[start].frame.y - frames[reference].frame.y) / elapsed : nil
    }

    /// Classifies the interval that ends at `frames[end]`.
    @inline(__always)
    private mutating func classify(endingAt end: Int, counted: Bool, next: Double?, rateAfter: Double?) {
        guard counted else {
            before.removeAll()
            return
        }
        let startT = frames[end - 1].frame.t
        let endT = frames[end].frame.t
        let duration = endT - startT
        guard let frameDuration = frameDuration(after: frames[end - 1].frame.frameDuration, rateBefore: rateBefore, rateAfter: rateAfter)
        else { return }

        // A stamp taken late makes its interval long and the next one short by as much: late only
        // when the two together are still late, as a frame the display showed late leaves them.
        let late = duration > factor * frameDuration + Self.lateMargin
            && next.map { duration + $0 > (factor + 1) * frameDuration + Self.lateMargin } ?? true
        if late, isGap(endingAt: end, duration: duration) {
            gapCount += 1
            gapSeconds += duration
            before.removeAll()
            return
        }
        if late, skipsUnmovedFrames(startingAt: end - 1), mayHaveSkippedCallbacks(endingAt: end, frameDuration: frameDuration) {
            // The frames between may have been drawn on time on the start's pixel and written
            // nothing. Moving time, with no frame of its own to measure.
            movingSeconds += duration
            return
        }
        overruns.add(countMoving(duration, frameDuration: frameDuration))
        if late {
            let lateBy = duration - frameDuration
            hitchSeconds += lateBy
            hitchCount += 1
            if duration >= Self.hangDuration { hangCount += 1 }
            longestHitch = max(longestHitch, lateBy)
            if firstHitch == nil { firstHitch = startT }
            lastHitch = endT
            newHitches.append((startT, endT, lateBy, duration >= Self.hangDuration))
        } else if adaptive {
            // Only an adaptive display's rate is read from the intervals before.
            before.append(duration)
        }
    }

    /// The rate the display ran at before the next interval, if ``before`` holds one.
    private var rateBefore: Double? { before.first.map { rate($0, before.second) } }

    /// The frame duration in effect for a counted interval whose start frame recorded `recorded`,
    /// given the rates the display ran at before it and runs at after it; `nil` when there is none.
    @inline(__always)
    private func frameDuration(after recorded: Double?, rateBefore: @autoclosure () -> Double?, rateAfter: Double?) -> Double? {
        if let recorded { return recorded }
        if adaptive, let rate = Self.slower(rateBefore(), rateAfter) { return rate }
        guard let expected else { return nil }
        return adaptive ? max(expected, shortestFrame) : expected
    }

    /// Counts a moving interval (not a gap) against the frame duration in effect; returns its
    /// overrun, milliseconds, for ``overruns``.
    @inline(__always)
    private mutating func countMoving(_ duration: Double, frameDuration: Double) -> Double {
        Self.countMoving(duration, frameDuration: frameDuration, movingSeconds: &movingSeconds, jitter: &jitter)
    }

    /// ``countMoving(_:frameDuration:)`` into the given sums: ``takePlain(from:_:barChanged:)``
    /// keeps them in locals over its intervals.
    @inline(__always)
    private static func countMoving(_ duration: Double, frameDuration: Double, movingSeconds: inout Double, jitter: inout Double) -> Double {
        movingSeconds += duration
        jitter += (abs(duration - frameDuration) - jitter) / 16
        return (duration - frameDuration) * 1000
    }

    /// Whether the recorder writes only frames whose offset changed: declared `offsetChanges`, or
    /// undeclared and the frame carries no `frameDuration` (a display-link recorder records it).
    @inline(__always)
    private func skipsUnmovedFrames(startingAt start: Int) -> Bool {
        switch policy.moving {
        case .offsetChanges?: true
        case .everyFrame?: false
        case nil: frames[start].frame.frameDuration == nil
        }
    }

    /// Whether a frame between the two that end at `frames[end]` may have shown the start's pixel,
    /// so a recorder of offset changes wrote nothing for it: the content moved at most a pixel
    /// across the interval; or, for a recorder that declares it writes only offset changes, it
    /// moved slower than two pixels a frame before it (a frame then need not leave the pixel: a
    /// finger turning back, a hover's tremor). Undeclared, only the first: a recorder without
    /// `frameDuration` may as well write every frame.
    @inline(__always)
    private func mayHaveSkippedCallbacks(endingAt end: Int, frameDuration: Double) -> Bool {
        if abs(frames[end].frame.y - frames[end - 1].frame.y) <= pixel + RestTolerance.points { return true }
        guard policy.moving == .offsetChanges, let velocity = velocity(at: end - 1) else { return false }
        return abs(velocity) * frameDuration < 2 * pixel
    }

    /// The longer of two frame durations, either of which may be unknown.
    private static func slower(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }

    /// Whether the late interval that ends at `frames[end]` is a gap rather than a freeze mid-motion.
    private func isGap(endingAt end: Int, duration: Double) -> Bool {
        let flags = frames[end].flags
        if flags & Self.spansLifecycle != 0 { return true }
        let start = frames[end - 1].frame
        let endFrame = frames[end].frame
        // It starts at rest: the frame before it is `idle`, the first, or did not move.
        let startsAtRest = start.phase == .idle || (end >= 2 ? !RestTolerance.moved(from: frames[end - 2].frame.y, to: start.y) : true)
        if startsAtRest { return flags & Self.loggedAtRest == 0 }
        if let phase = endFrame.phase, phase == .drag || phase == .animate,
            let before = start.phase, before != phase
        {
            return true
        }
        guard let velocity = velocity(at: end - 1) else { return true }
        let predicted = velocity * duration
        let jump = endFrame.y - start.y
        guard jump * predicted > 0 else { return true }
        let ratio = jump / predicted
        return ratio < 0.25 || ratio > 4
    }

    /// Hitch milliseconds per second of movement (Apple's unit); 0 without movement.
    var hitchTimeRatio: Double {
        movingSeconds > 0 ? hitchSeconds * 1000 / movingSeconds : 0
    }
}

/// The durations of the last two counted intervals that were neither late nor gaps (``HitchDetector/rateFrames``),
/// oldest first, in place.
private struct RecentDurations: Sendable {
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
