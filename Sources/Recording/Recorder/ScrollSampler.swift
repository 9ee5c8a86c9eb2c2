public import BarModel

/// Decides, frame by frame, what a recording says about a scroll view: the phase of each frame,
/// which frames are written and their times. Pure and deterministic — ``ScrollRecorder`` runs it on
/// its writer thread, tests run it directly.
///
/// Rules (Docs/recording-format.md "Recording from an app"):
/// - phase: `drag` while the finger has moved the content (`isDragging`, or `isTracking` with the
///   content moving); otherwise `bounce` while the content is beyond either end (more than
///   ``endTolerance`` above 0 or below its bottom end); `decelerate` while `isDecelerating`;
///   `animate` when the content moved since the previous frame without a finger or a deceleration
///   (programmatic scrolls: `setContentOffset(animated:)`, `scrollToRow`, scroll-to-top); else `idle`.
/// - one sample per displayed frame while the phase is not `idle`, with `frameDuration =
///   targetTimestamp − timestamp`; the first `idle` frame after motion, and then nothing while at
///   rest unless the bar the app shows changes (or every frame with `writesIdleFrames`, which lets
///   navrec measure the first frame of a gesture); a sample at touch-down and at a size change.
/// - `t` counts from the first tick or event, rounded to the microsecond, never decreasing.
public struct ScrollSampler: Sendable {
    /// Points past either end of the content that count as beyond it: UIKit's offsets carry float
    /// noise of ~1e-13 pt at rest; a pixel is at least ⅓ pt.
    public static let endTolerance = 0.01

    /// What the sampler hands its output, in recording order.
    public enum Line: Sendable, Hashable {
        case sample(ScrollSample, observed: BarState?)
        case event(ScrollEvent)
        /// `count` frames from `t` on were not recorded (the recorder's buffer was full).
        case dropped(t: Double, count: Int)
    }

    /// Writes every displayed frame at rest too (for first-frame hitches), not just the first.
    public var writesIdleFrames: Bool

    /// What this sampler writes, as a recording's header declares it (`"recorder"`): every frame
    /// while anything moves; at rest every frame, or the first and the bar's changes.
    public var policy: RecorderPolicy {
        RecorderPolicy(moving: .everyFrame, atRest: writesIdleFrames ? .everyFrame : .changes)
    }

    private var origin: Double?
    private var lastT = 0.0
    private var lastTick: RecorderTick?
    private var lastWrittenObserved: BarState??
    private var atRest = true

    public init(writesIdleFrames: Bool = false) {
        self.writesIdleFrames = writesIdleFrames
    }

    /// The phase of `tick`, given the frame before it.
    public func phase(of tick: RecorderTick) -> ScrollPhase {
        let moved = lastTick.map { $0.y != tick.y } ?? false
        if tick.isDragging || (tick.isTracking && moved) { return .drag }
        if tick.y < -Self.endTolerance || tick.y > tick.maximumY + Self.endTolerance, moved || tick.isDecelerating {
            return .bounce
        }
        if tick.isDecelerating { return .decelerate }
        return moved ? .animate : .idle
    }

    /// The lines one displayed frame adds.
    public mutating func add(_ tick: RecorderTick, to lines: inout [Line]) {
        let phase = phase(of: tick)
        defer { lastTick = tick }
        if phase == .idle {
            let barChanged = lastWrittenObserved.map { $0 != tick.observed } ?? true
            guard writesIdleFrames || !atRest || barChanged else { return }
            atRest = true
        } else {
            atRest = false
        }
        let duration = tick.targetTimestamp - tick.timestamp
        let frameDuration = duration > 0 && duration <= 1 ? Self.microseconds(duration) : nil
        write(ScrollSample(t: time(tick.timestamp), y: tick.y, phase: phase, frameDuration: frameDuration),
              observed: tick.observed, to: &lines)
    }

    /// The lines an event adds.
    public mutating func add(_ event: RecorderEvent, to lines: inout [Line]) {
        let t = time(event.time)
        switch event {
        case .touchDown:
            guard let tick = lastTick else { return }
            atRest = false
            write(ScrollSample(t: t, y: tick.y, phase: .drag), observed: tick.observed, to: &lines)
        case .sizeChange:
            guard let tick = lastTick else { return }
            atRest = true
            write(ScrollSample(t: t, y: tick.y, phase: .idle), observed: tick.observed, to: &lines)
        case .tap(let target, _): lines.append(.event(ScrollEvent(t: t, target: target)))
        case .background: lines.append(.event(ScrollEvent(t: t, kind: .background)))
        case .foreground: lines.append(.event(ScrollEvent(t: t, kind: .foreground)))
        case .disappear: lines.append(.event(ScrollEvent(t: t, kind: .disappear)))
        case .appear: lines.append(.event(ScrollEvent(t: t, kind: .appear)))
        }
    }

    /// The lines one buffered input adds.
    mutating func add(_ input: RecorderInput, to lines: inout [Line]) {
        switch input {
        case .tick(let tick): add(tick, to: &lines)
        case .event(let event): add(event, to: &lines)
        case .dropped(let count, let at): addDropped(count: count, at: at, to: &lines)
        }
    }

    /// Counts times from the next input on, as at the start of a recording (the bar state is
    /// written again on the next sample); the phase still follows from the frame before.
    public mutating func restartClock() {
        origin = nil
        lastT = 0
        lastWrittenObserved = nil
    }

    /// The line for frames the recorder could not keep.
    public mutating func addDropped(count: Int, at timestamp: Double, to lines: inout [Line]) {
        lines.append(.dropped(t: time(timestamp), count: count))
    }

    private mutating func write(_ sample: ScrollSample, observed: BarState?, to lines: inout [Line]) {
        lines.append(.sample(sample, observed: observed))
        lastWrittenObserved = .some(observed)
    }

    /// Seconds since the first input, to the microsecond, never below the previous time.
    private mutating func time(_ timestamp: Double) -> Double {
        if origin == nil { origin = timestamp }
        lastT = Swift.max(lastT, Self.microseconds(timestamp - origin!))
        return lastT
    }

    private static func microseconds(_ seconds: Double) -> Double { (seconds * 1e6).rounded() / 1e6 }
}
