import BarModel
import Foundation
import Recording

/// A scroll view moved the way UIKit moves it, one display-link tick at a time, feeding a
/// ``ScrollRecorder`` exactly what the documented glue hands it: `contentOffset` on the screen's
/// pixel grid (so the tail of a deceleration or a spring sits on one pixel for several frames while
/// `isDecelerating` is true), the bar read back after layout (lengths on the grid), events at their
/// own times. The recordings the hitch tests need, written as an app writes them.
struct UIKitScrollView {
    let fps: Double
    let scale: Double
    let recorder: ScrollRecorder
    private var engine: BarEngine
    /// The recorder's own phase rules, so the app's bar follows the phases the recording carries.
    private var phases = ScrollSampler()
    private var discarded: [ScrollSampler.Line] = []
    /// The display link's clock, seconds.
    private(set) var time = 4000.0
    /// Where the content really is, points past the rest position (UIKit's unrounded animation value).
    private var position = 0.0
    /// The bar the app shows on top of the model's, while a transition morphs it; `nil` outside one.
    private var morph: BarState?
    /// Frames whose tick the main thread delivers late by this many seconds (a freeze).
    var freezeAtFrame: Int?
    var freezeSeconds = 0.0
    private(set) var frame = 0
    /// Where a freeze happened (the late frame's timestamp), for the tests' expectations.
    private(set) var frozeAt: Double?
    let reportsBar: Bool

    /// UIScrollView's normal deceleration rate per millisecond, and the speed below which it stops:
    /// lower than UIKit's (~10 pt/s), so the tails that sit on one pixel are longer than a real
    /// app's, the harder case.
    static let decelerationRate = 0.998
    static let stopSpeed = 2.0

    /// `options.bufferCapacity` is raised to hold the whole session: the test ticks far faster than
    /// a display, and a full buffer drops frames (as it should for a stalled writer).
    init(fps: Double, scale: Double, behaviors: BehaviorSet, options: ScrollRecorder.Options = .init(), reportsBar: Bool = true,
         sink: any RecordingSink) {
        var options = options
        options.bufferCapacity = 1 << 21
        self.fps = fps
        self.scale = scale
        self.reportsBar = reportsBar
        engine = BarEngine(behaviors: behaviors)
        recorder = ScrollRecorder(
            header: SessionHeader(id: "uikit", metadata: SessionMetadata(fps: fps, screenScale: scale), behaviors: behaviors),
            sink: sink, options: options)
    }

    /// The offset UIKit reports: on the pixel grid.
    var offset: Double { (position * scale).rounded() / scale + 0 }

    /// One displayed frame at `position`.
    private mutating func tick(dragging: Bool = false, decelerating: Bool = false) {
        frame += 1
        time += 1 / fps
        if frame == freezeAtFrame {
            time += freezeSeconds
            frozeAt = time
        }
        let y = offset
        var tick = RecorderTick(
            timestamp: time, targetTimestamp: time + 1 / fps, contentOffsetY: y - 100, insetTop: 100, contentHeight: 1_000_000,
            boundsHeight: 844, isTracking: dragging, isDragging: dragging, isDecelerating: decelerating)
        var state = engine.step(ScrollSample(t: time, y: y, phase: phases.phase(of: tick)))
        phases.add(tick, to: &discarded)
        discarded.removeAll(keepingCapacity: true)
        if let morph { state = morph }
        for keyPath in [\BarState.barHeight, \BarState.avatarTx, \BarState.avatarTy] {
            if let value = state[keyPath: keyPath] { state[keyPath: keyPath] = (value * scale).rounded() / scale }
        }
        tick.observed = reportsBar ? state : nil
        recorder.tick(tick)
    }

    /// Nothing moves for `seconds`: the display link keeps ticking.
    mutating func rest(_ seconds: Double) {
        for _ in 0..<Int((seconds * fps).rounded()) { tick() }
    }

    /// A finger lands, drags the content by `distance` over `seconds` (smoothly), and lifts with
    /// the speed it had; the content then decelerates as UIKit does until it stops.
    mutating func flick(by distance: Double, seconds: Double = 0.12) {
        recorder.record(.touchDown(at: time + 0.3 / fps))
        let frames = Int((seconds * fps).rounded())
        let start = position
        for index in 1...frames {
            let u = Double(index) / Double(frames)
            position = start + distance * u * u
            tick(dragging: true)
        }
        decelerate(from: 2 * distance / seconds)
    }

    /// A deceleration from `velocity` points per second, until UIKit's stop speed.
    mutating func decelerate(from velocity: Double) {
        var speed = velocity
        let perFrame = pow(Self.decelerationRate, 1000 / fps)
        while abs(speed) >= Self.stopSpeed {
            // The exact integral of v·rate^(1000 t) over one frame.
            position += speed * (perFrame - 1) / (1000 * log(Self.decelerationRate))
            speed *= perFrame
            tick(decelerating: true)
        }
    }

    /// Pulls the content `pull` points past the top (the rubber band halves the finger's travel),
    /// lets go, and the content springs back to `hold` (0, or a refresh spinner's hold below the
    /// top) with a critically damped spring whose last frames sit on one pixel.
    mutating func pull(_ pull: Double, springingTo hold: Double = 0) {
        recorder.record(.touchDown(at: time + 0.3 / fps))
        let frames = Int((0.4 * fps).rounded())
        let start = position
        for index in 1...frames {
            position = start - pull / 2 * Double(index) / Double(frames)
            tick(dragging: true)
        }
        let from = position - hold
        var t = 0.0
        let omega = 12.0
        while true {
            t += 1 / fps
            position = hold + from * (1 + omega * t) * exp(-omega * t)
            tick(decelerating: true)
            if abs(position - hold) < 0.01 { break }
        }
        position = hold
        tick()
    }

    /// A programmatic animated scroll to `target` over `seconds` (ease in-out, following the clock):
    /// the status-bar scroll-to-top, `setContentOffset(animated:)`.
    mutating func animate(to target: Double, seconds: Double = 0.3) {
        let start = position
        let startTime = time
        repeat {
            // The animation follows the clock: after a freeze the content is where the time says.
            let next = time + 1 / fps + (frame + 1 == freezeAtFrame ? freezeSeconds : 0)
            let p = min(1, (next - startTime) / seconds)
            position = start + (target - start) * (p < 0.5 ? 2 * p * p : 1 - pow(-2 * p + 2, 2) / 2)
            tick()
        } while position != target
        tick()
    }

    /// A jump without animation (a deep link): one frame moves the content, the next is at rest.
    mutating func jump(to target: Double) {
        position = target
        tick()
        tick()
    }

    /// An interactive pop that the user cancels: `disappear`, the bar morphs over `seconds` toward
    /// `next` (the previous screen's bar) at a constant offset, back over `seconds`, then `appear`.
    /// `stuck` leaves that bar on screen after `appear` for `stuckSeconds` (the app's bug).
    mutating func cancelledPop(toward next: BarState, seconds: Double = 0.35, stuck: Bool = false, stuckSeconds: Double = 1) {
        recorder.record(.disappear(at: time + 0.2 / fps))
        let here = engine.step(ScrollSample(t: time, y: offset, phase: .idle))
        let frames = Int((seconds * fps).rounded())
        for index in Array(1...frames) + Array((0..<frames).reversed()) {
            morph = Self.blend(here, next, Double(index) / Double(frames))
            tick()
        }
        morph = nil
        recorder.record(.appear(at: time + 0.2 / fps))
        if stuck {
            var both = here
            both.largeTitleAlpha = 1
            both.inlineTitleAlpha = 1
            morph = both
            rest(stuckSeconds)
            morph = nil
        }
        tick()
    }

    /// A completed push or pop: `disappear`, and the bar morphs into `next` over `seconds`; the
    /// screen is gone after it (the recording ends with the screen).
    mutating func leave(toward next: BarState, seconds: Double = 0.35) {
        recorder.record(.disappear(at: time + 0.2 / fps))
        let here = engine.step(ScrollSample(t: time, y: offset, phase: .idle))
        let frames = Int((seconds * fps).rounded())
        for index in 1...frames {
            morph = Self.blend(here, next, Double(index) / Double(frames))
            tick()
        }
    }

    /// `a` moved a fraction `u` of the way to `b`, field by field (alphas and lengths linearly,
    /// the rest switching halfway), as a cross-fade does.
    static func blend(_ a: BarState, _ b: BarState, _ u: Double) -> BarState {
        var state = a
        for keyPath in [\BarState.barHeight, \BarState.largeTitleAlpha, \BarState.inlineTitleAlpha, \BarState.contentTitleAlpha,
                        \BarState.avatarScale, \BarState.avatarTx, \BarState.avatarTy, \BarState.blurAlpha, \BarState.barShown] {
            if let from = a[keyPath: keyPath], let to = b[keyPath: keyPath] { state[keyPath: keyPath] = from + (to - from) * u }
        }
        if u >= 0.5 {
            state.background = b.background ?? a.background
            state.barHidden = b.barHidden ?? a.barHidden
        }
        return state
    }
}
