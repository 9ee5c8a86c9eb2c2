internal import BarModel

/// A deterministic scroll-session simulator: gestures in, recording items out.
///
/// A lazy sequence of ``SimulationItem``s — one sample per frame while anything moves (the
/// content or an animating bar), taps as events — so a 10 M-sample session runs in constant memory.
/// Frame `n` is at `t = n / fps`, rounded to microseconds; `y` is on the screen's pixel grid (a
/// multiple of `1 / scale`, as UIKit keeps `contentOffset`; millipoints without a scale) and `vy` is
/// rounded to 0.01 pt/s, so values read back exactly.
///
/// What UIScrollView would do is modelled as phases:
/// - `drag`: the finger moves the content (the first sample is the touch-down, at the starting `y`);
///   past an edge the content follows ``RubberBand``;
/// - `decelerate`: after a release faster than 50 pt/s, ``FrictionSimulation`` with the gesture's
///   ``DecelerationRate``, until the speed falls below 10 pt/s (UIKit's measured end); on the pixel
///   grid its last frames move less than a pixel, so several in a row sit on one pixel;
/// - `bounce`: past an edge, a critically damped ``SpringSimulation`` back to it (after a pull, or
///   from the moment a deceleration crosses the edge, with the velocity it had there);
/// - `animate`: a large-title bar left mid-collapse (`0 < y < T`) snaps to the nearer end
///   (`y < T/2` to 0, else to `T`) over 0.3 s with smoothstep easing, as UIKit does;
/// - `idle`: one sample when motion ends; while waiting, samples only while the bar state changes,
///   and one on the frame before the next touch (so the gap before it is not read as a hitch); every
///   frame with ``SimulationConfiguration/idleFrames``. A transition (`push`, `pop`) is idle frames
///   at a constant `y` whose observed bar cross-fades into the other screen's.
///
/// The computed states come from ``BarEngine`` stepped over exactly the samples the recording
/// keeps, so importing the output recomputes the same states.
public struct Simulator: Sequence, Sendable {
    /// The validated configuration.
    public let configuration: SimulationConfiguration

    /// A simulator for `configuration`; throws what ``SimulationConfiguration/validate()`` throws.
    public init(_ configuration: SimulationConfiguration) throws(SimulationError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// A fresh run of the session from its first frame.
    public func makeIterator() -> Iterator { Iterator(configuration) }

    /// The time of frame `frame` at `fps`, seconds rounded to microseconds.
    public static func time(frame: Int, fps: Int) -> Double {
        Math.round(Double(frame) / Double(fps), scale: 1e6)
    }

    /// Seconds of rest between repetitions of the gestures (longer than the 1 s flapping window).
    public static let repeatPause = 1.2
    /// Seconds a large-title snap takes.
    public static let snapDuration = 0.3
    /// Release speed above which the content decelerates rather than stopping, points per second.
    public static let flingThreshold = 50.0
    /// Speed below which a deceleration ends, points per second.
    public static let stopSpeed = 10.0
    /// Seconds the session idles after a tap so its animations play out.
    public static let tapPause = 0.5
    /// Points above the top at which a refresh control holds the content while refreshing
    /// (`UIRefreshControl`'s height).
    public static let refreshHold = 60.0
    /// Seconds the refresh control takes to return the content to the top.
    public static let refreshReturn = 0.3
    /// Seconds a released interactive pop takes to complete or to cancel.
    public static let settleDuration = 0.25

    /// `y` on the pixel grid of `scale` (millipoints when `nil`), without a negative zero.
    public static func align(_ y: Double, scale: Double?) -> Double {
        Math.round(y, scale: scale ?? 1000) + 0  // + 0 turns -0 into 0
    }

    /// Produces the items one at a time.
    public struct Iterator: IteratorProtocol {
        private enum Motion {
            case next
            case finger(FingerPath)
            case released(velocity: Double, rate: DecelerationRate, time: Double)
            case decelerate(FrictionSimulation, start: Double, stop: Double, edge: (time: Double, rest: Double)?)
            case spring(SpringSimulation, start: Double)
            case settled
            case snap(from: Double, to: Double, start: Int, frames: Int)
            case idleMark
            case wait(until: Int)
            /// A transition's cross-fade: its progress eases from `from` to `to` over `frames`.
            case morph(from: Double, to: Double, start: Int, frames: Int)
            case finished
        }

        /// What a gesture does after its first motion has settled (a refresh's hold and return, the
        /// rest of a transition), in order.
        private enum FollowUp {
            case wait(seconds: Double)
            case animate(to: Double, seconds: Double)
            case morph(to: Double, seconds: Double)
            case appear
            case end
        }

        private let configuration: SimulationConfiguration
        private let fps: Double
        private let lastFrame: Int?
        private let collapse: Double?
        private var frame = 0
        private var y = 0.0
        private var position = 0
        private var motion = Motion.next
        private var generator: SeededGenerator
        private var engine: BarEngine
        private var injector: FaultInjector
        private var lastState: BarState?
        private var pendingEvent: ScrollEvent?
        private var followUps: [FollowUp] = []
        /// Where the next spring past the top rests (the refresh control's hold), when not 0.
        private var springTop: Double?
        /// The transition under way: the other screen's bar and how far the cross-fade is (0...1).
        private var transition: (target: BarState, progress: Double)?
        /// Frames before this one are not drawn (the main thread is blocked).
        private var blockedUntil = 0
        /// Whether the current touch-down has had its ``Fault/touchDownFreeze(seconds:)``.
        private var touchBlocked = false
        /// The frame of the last sample made (kept or not), for the speed after a blocked stretch.
        private var lastMotionFrame = 0

        init(_ configuration: SimulationConfiguration) {
            self.configuration = configuration
            fps = Double(configuration.fps)
            lastFrame = configuration.duration.map { Int(($0 * Double(configuration.fps) + 1e-9).rounded(.down)) }
            collapse = configuration.behaviors.largeTitle?.collapseDistance
            generator = SeededGenerator(seed: configuration.seed)
            engine = BarEngine(behaviors: configuration.behaviors)
            injector = FaultInjector(faults: configuration.faults, behaviors: configuration.behaviors, seed: configuration.seed)
        }

        /// The next item, or `nil` after the last frame (of `duration`, or of the gestures).
        public mutating func next() -> SimulationItem? {
            while true {
                if let event = pendingEvent {
                    pendingEvent = nil
                    return .event(event)
                }
                if let lastFrame, frame > lastFrame { return nil }
                if case .finished = motion { return nil }
                if let item = advance() { return item }
            }
        }

        /// Works on the current frame: returns an item, or `nil` when the frame produced none or
        /// the motion changed and the frame must be tried again.
        private mutating func advance() -> SimulationItem? {
            let t = Simulator.time(frame: frame, fps: configuration.fps)
            if frame < blockedUntil {
                frame += 1
                return nil
            }
            switch motion {
            case .finished:
                return nil
            case .next:
                startNextStep(at: t)
                return nil
            case .finger(var path):
                return fingerFrame(&path, at: t)
            case .released(let velocity, let rate, let time):
                release(velocity: velocity, rate: rate, at: time)
                return nil
            case .decelerate(let friction, let start, let stop, let edge):
                let elapsed = t - start
                if let edge, elapsed >= edge.time {
                    let spring = SpringSimulation(rest: edge.rest, position: edge.rest, velocity: friction.dx(edge.time))
                    motion = .spring(spring, start: start + edge.time)
                    return nil
                }
                if elapsed >= stop {
                    motion = .settled
                    return nil
                }
                return emit(friction.x(elapsed), phase: .decelerate, vy: friction.dx(elapsed))
            case .spring(let spring, let start):
                let elapsed = t - start
                if spring.isDone(at: elapsed) {
                    motion = .settled
                    return emit(spring.rest, phase: .bounce, vy: 0)
                }
                return emit(spring.x(elapsed), phase: .bounce, vy: spring.dx(elapsed))
            case .settled:
                if let collapse, y > 0.001, y < collapse - 0.001 {
                    let target = y < collapse / 2 ? 0 : collapse
                    motion = .snap(from: y, to: target, start: frame, frames: FingerPath.frames(Simulator.snapDuration, fps: fps))
                } else {
                    motion = .idleMark
                }
                return nil
            case .snap(let from, let to, let start, let frames):
                let k = frame - start + 1
                let u = Double(k) / Double(frames)
                let previous = y
                let value = k >= frames ? to : from + (to - from) * FingerPath.ease(u)
                if k >= frames { motion = .settled }
                return emit(value, phase: .animate, vy: (aligned(value) - previous) * fps / Double(Swift.max(1, frame - lastMotionFrame)))
            case .idleMark:
                motion = .next
                return emit(y, phase: .idle, vy: 0)
            case .wait(let until):
                if frame >= until {
                    motion = .next
                    return nil
                }
                return emit(y, phase: .idle, vy: 0, always: frame == until - 1)
            case .morph(let from, let to, let start, let frames):
                let k = frame - start + 1
                let progress = k >= frames ? to : from + (to - from) * FingerPath.ease(Double(k) / Double(frames))
                if k >= frames { motion = .next }
                transition?.progress = progress
                return emit(y, phase: .idle, vy: 0, always: false)
            }
        }

        /// Picks the next gesture (or the pause and return between repetitions) and starts it at
        /// the current frame.
        private mutating func startNextStep(at t: Double) {
            if !followUps.isEmpty {
                let step = followUps.removeFirst()
                switch step {
                case .wait(let seconds):
                    motion = .wait(until: frame + Int((seconds * fps).rounded()))
                case .animate(let to, let seconds):
                    motion = abs(y - to) < 0.001 ? .settled : .snap(from: y, to: to, start: frame, frames: FingerPath.frames(seconds, fps: fps))
                case .morph(let to, let seconds):
                    motion = .morph(from: transition?.progress ?? 0, to: to, start: frame, frames: FingerPath.frames(seconds, fps: fps))
                case .appear:
                    transition = nil
                    injector.appeared(at: t)
                    pendingEvent = ScrollEvent(t: t, kind: .appear)
                case .end:
                    motion = .finished
                }
                return
            }
            let gestures = configuration.gestures
            if position < gestures.count {
                let gesture = gestures[position]
                position += 1
                start(gesture, at: t)
                return
            }
            guard lastFrame != nil else {
                motion = .finished
                return
            }
            // Between repetitions: pause, drag back to the start offset, pause.
            let stage = position - gestures.count
            position = stage == 2 ? 0 : position + 1
            switch stage {
            case 0, 2:
                motion = .wait(until: frame + FingerPath.frames(Simulator.repeatPause, fps: fps))
            default:
                if abs(y) > 0.5 {
                    let seconds = Swift.min(1.5, Swift.max(0.4, abs(y) / 500))
                    motion = .finger(path([(0, seconds, .smooth)]))
                }
            }
        }

        private mutating func start(_ gesture: Gesture, at t: Double) {
            switch gesture {
            case .drag(let to, let duration):
                motion = .finger(path([(to, duration, .smooth)]))
            case .fling(let velocity, _):
                let seconds = 0.1
                motion = .finger(path([(y + velocity * seconds / 2, seconds, .accelerate)]))
            case .bounce(let pull, let duration):
                motion = .finger(path([(-pull, duration, .smooth)]))
            case .hover(let at, let hold):
                let target = at ?? Gesture.threshold(for: configuration.behaviors) ?? Gesture.defaultHoverPoint
                var moves: [(Double, Double, FingerPath.Kind)] = []
                let approachDistance = 12.0
                if abs(target - y) > approachDistance {
                    let approach = target + (y < target ? -approachDistance : approachDistance)
                    moves.append((approach, Swift.max(0.2, abs(approach - y) / 80), .smooth))
                }
                moves.append((target, 0.8, .smooth))
                if hold > 0 { moves.append((target, hold, .hold(amplitude: 2))) }
                motion = .finger(path(moves))
            case .zigzag(let amplitude, let legs, let legDuration):
                let up = y + amplitude <= configuration.maxOffset
                let base = y
                let moves = (0..<legs).map { leg -> (Double, Double, FingerPath.Kind) in
                    let away = leg % 2 == 0
                    return (away ? base + (up ? amplitude : -amplitude) : base, legDuration, .smooth)
                }
                motion = .finger(path(moves))
            case .tap(let target):
                let event = ScrollEvent(t: t, target: target)
                engine.apply(event)
                pendingEvent = event
                motion = .wait(until: frame + FingerPath.frames(Simulator.tapPause, fps: fps))
            case .wait(let seconds):
                motion = .wait(until: frame + Int((seconds * fps).rounded()))
            case .top(let duration):
                motion = abs(y) < 0.001 ? .settled : .snap(from: y, to: 0, start: frame, frames: FingerPath.frames(duration, fps: fps))
            case .scroll(let to, let duration):
                motion = abs(y - to) < 0.001 ? .settled : .snap(from: y, to: to, start: frame, frames: FingerPath.frames(duration, fps: fps))
            case .refresh(let pull, let hold):
                springTop = -Simulator.refreshHold
                followUps = [.wait(seconds: hold), .animate(to: 0, seconds: Simulator.refreshReturn)]
                motion = .finger(path([(-pull, 0.5, .smooth)]))
            case .push(let duration, let to):
                startTransition(to: to, at: t)
                followUps = [.morph(to: 1, seconds: duration), .end]
                motion = .next
            case .pop(let reach, let duration, let to):
                startTransition(to: to, at: t)
                followUps = [.morph(to: reach, seconds: duration)]
                if reach >= 0.5 {
                    if reach < 1 { followUps.append(.morph(to: 1, seconds: Simulator.settleDuration)) }
                    followUps.append(.end)
                } else {
                    followUps += [.morph(to: 0, seconds: Simulator.settleDuration), .appear]
                }
                motion = .next
            }
        }

        /// A `disappear` event at `t`, and the other screen's bar (its content at offset `to`) as
        /// the cross-fade's target.
        private mutating func startTransition(to offset: Double, at t: Double) {
            var other = BarEngine(behaviors: configuration.behaviors)
            transition = (other.step(ScrollSample(t: 0, y: offset, phase: .idle, vy: 0)), 0)
            pendingEvent = ScrollEvent(t: t, kind: .disappear)
        }

        /// A path from the current offset through `moves` (finger target, seconds, kind).
        private mutating func path(_ moves: [(to: Double, seconds: Double, kind: FingerPath.Kind)]) -> FingerPath {
            var from = y
            var segments: [FingerPath.Segment] = []
            for move in moves {
                segments.append(.init(from: from, to: move.to, frames: FingerPath.frames(move.seconds, fps: fps), kind: move.kind))
                from = move.to
            }
            return FingerPath(segments, generator: &generator)
        }

        private mutating func fingerFrame(_ path: inout FingerPath, at t: Double) -> SimulationItem? {
            defer { if case .finger = motion { motion = .finger(path) } }
            guard path.touched else {
                if let seconds = injector.touchDownFreeze, !touchBlocked, frame > 0 {
                    // The touch-down's work blocks the main thread: its frame is drawn that late.
                    touchBlocked = true
                    blockedUntil = frame + Swift.max(1, Int((seconds * fps).rounded()))
                    return nil
                }
                touchBlocked = false
                path.touched = true
                return emit(y, phase: .drag, vy: 0)
            }
            guard path.segment < path.segments.count else {
                motion = .released(velocity: 0, rate: .normal, time: t)
                return nil
            }
            let segment = path.segments[path.segment]
            path.step += 1
            let u = Double(path.step) / Double(segment.frames)
            let distance = segment.to - segment.from
            let seconds = Double(segment.frames) / fps
            var finger: Double
            var velocity = 0.0
            switch segment.kind {
            case .smooth:
                finger = segment.from + distance * FingerPath.ease(u)
                finger += FingerPath.movingTremor * Math.sine(Double.pi * u) * generator.next(in: -1, 1)
            case .accelerate:
                finger = segment.from + distance * u * u
                finger += FingerPath.movingTremor * Math.sine(Double.pi * u) * generator.next(in: -1, 1)
                velocity = 2 * distance * u / seconds
            case .hold(let amplitude):
                path.held += 1 / fps
                let tremor = path.tremor
                let envelope = Swift.min(1, path.held / 0.25)
                let wave = 0.55 * Math.sine(2 * Double.pi * tremor.f1 * path.held + tremor.p1)
                    + 0.3 * Math.sine(2 * Double.pi * tremor.f2 * path.held + tremor.p2)
                    + 0.15 * generator.next(in: -1, 1)
                finger = segment.from + amplitude * envelope * wave
            }
            var value = band(finger)
            // Tremor must not reverse a moving finger: only a hold may wobble back and forth.
            if case .hold = segment.kind {} else if distance > 0 {
                value = Swift.max(value, y)
            } else if distance < 0 {
                value = Swift.min(value, y)
            }
            if path.step >= segment.frames {
                path.segment += 1
                path.step = 0
                path.held = 0
                if path.segment == path.segments.count {
                    motion = .released(velocity: velocity, rate: releaseRate, time: t)
                }
            }
            return emit(value, phase: .drag, vy: (aligned(value) - y) * fps / Double(Swift.max(1, frame - lastMotionFrame)))
        }

        /// The deceleration rate of the gesture being played.
        private var releaseRate: DecelerationRate {
            if position >= 1, position <= configuration.gestures.count, case .fling(_, let rate) = configuration.gestures[position - 1] {
                return rate
            }
            return .normal
        }

        /// The content offset for a finger at `finger`: the rubber band past either edge.
        private func band(_ finger: Double) -> Double {
            if finger < 0 { return RubberBand.offset(pull: finger, dimension: configuration.viewportHeight) }
            let maxOffset = configuration.maxOffset
            if finger > maxOffset { return maxOffset + RubberBand.offset(pull: finger - maxOffset, dimension: configuration.viewportHeight) }
            return finger
        }

        /// What happens when the finger lifts at time `time` with `velocity`.
        private mutating func release(velocity: Double, rate: DecelerationRate, at time: Double) {
            let maxOffset = configuration.maxOffset
            if y < 0 || y > maxOffset {
                // Past an edge the content moved at the rubber band's slope, not the finger's speed.
                let top = springTop ?? 0
                springTop = nil
                let spring = SpringSimulation(rest: y < 0 ? top : maxOffset, position: y, velocity: velocity * RubberBand.coefficient)
                motion = .spring(spring, start: time)
            } else if abs(velocity) >= Simulator.flingThreshold {
                let friction = FrictionSimulation(decelerationRate: rate, position: y, velocity: velocity)
                let stop = friction.timeAtSpeed(Simulator.stopSpeed)
                let rest = velocity < 0 ? 0 : maxOffset
                var edge: (time: Double, rest: Double)?
                if let crossing = friction.timeAtX(rest), crossing < stop { edge = (crossing, rest) }
                motion = .decelerate(friction, start: time, stop: stop, edge: edge)
            } else {
                motion = .settled
            }
        }

        /// `y` as the screen shows it: on the pixel grid.
        private func aligned(_ y: Double) -> Double {
            Simulator.align(y, scale: configuration.scale)
        }

        /// Emits the sample of the current frame (unless a fault drops it, or it is an idle sample
        /// that changes nothing and `always` is false) and moves to the next frame.
        private mutating func emit(_ value: Double, phase: ScrollPhase, vy: Double, always: Bool = true) -> SimulationItem? {
            let t = Simulator.time(frame: frame, fps: configuration.fps)
            lastMotionFrame = frame
            frame += 1
            y = aligned(value)
            let sample = ScrollSample(t: t, y: y, phase: phase, vy: Math.round(vy, scale: 100) + 0)
            if injector.drops(sample) { return nil }
            if let seconds = injector.freezeAfter(sample) {
                blockedUntil = frame + Swift.max(1, Int((seconds * fps).rounded()))
            }
            let state = engine.step(sample)
            var observed = configuration.observed ? injector.perturb(state, sample: sample) : nil
            if let transition, let shown = observed {
                observed = shown.crossFaded(to: transition.target, progress: transition.progress)
            }
            let shown = observed ?? state
            if phase == .idle, !always, !configuration.idleFrames, shown == lastState { return nil }
            lastState = shown
            return .sample(sample, observed: observed)
        }
    }
}
