public import BarModel

/// Everything that determines a simulated session: the same configuration always produces the
/// same items, on every platform.
public struct SimulationConfiguration: Sendable, Hashable {
    /// The behaviours whose bar states are computed (and observed); must pass ``BehaviorSet/validate()``.
    public var behaviors: BehaviorSet
    /// The gestures, in order: one for `--gesture`, a script's steps for `--script`.
    public var gestures: [Gesture]
    /// Session length in seconds: when the gestures end earlier, the session waits 1.2 s, drags
    /// back to the start offset, waits 1.2 s and plays them again until `duration`. `nil` plays
    /// them once. The 1.2 s pauses exceed ANALYSIS.md's 1 s flapping window, so repeating a clean
    /// gesture does not chain its threshold crossings into a flapping episode.
    public var duration: Double?
    /// Frames per second (60 or 120 on iPhones); one sample per frame while anything moves.
    public var fps: Int
    /// Seed of the pseudo-random tremor and faults.
    public var seed: UInt64
    /// Whether each sample carries the bar state an app would report (the computed one with
    /// ``faults`` applied).
    public var observed: Bool
    /// App bugs to inject (see ``Fault``).
    public var faults: [Fault]
    /// The viewport's height, points: the rubber band's dimension.
    public var viewportHeight: Double
    /// The largest offset the content scrolls to (content height minus viewport), points.
    public var maxOffset: Double
    /// The screen's pixels per point (`UIScreen.scale`): UIKit keeps `contentOffset` on the pixel
    /// grid, so every `y` is a multiple of `1 / scale` (and the last frames of a deceleration or a
    /// bounce-back sit on one pixel). `nil`: not aligned, `y` rounded to millipoints.
    public var scale: Double?
    /// Whether the recorder writes every displayed frame at rest too
    /// (`ScrollRecorder.Options.writesIdleFrames`), not only the first one and the bar's changes.
    public var idleFrames: Bool

    /// A configuration; the defaults are a 60 fps iPhone 15 (844 pt tall) with 2000 pt to scroll.
    public init(
        behaviors: BehaviorSet, gestures: [Gesture] = [.drag()], duration: Double? = nil, fps: Int = 60,
        seed: UInt64 = 1, observed: Bool = false, faults: [Fault] = [],
        viewportHeight: Double = 844, maxOffset: Double = 2000, scale: Double? = nil, idleFrames: Bool = false
    ) {
        self.behaviors = behaviors
        self.gestures = gestures
        self.duration = duration
        self.fps = fps
        self.seed = seed
        self.observed = observed
        self.faults = faults
        self.viewportHeight = viewportHeight
        self.maxOffset = maxOffset
        self.scale = scale
        self.idleFrames = idleFrames
    }

    /// A configuration that plays one gesture.
    public init(behaviors: BehaviorSet, gesture: Gesture, duration: Double? = nil, fps: Int = 60, seed: UInt64 = 1,
                observed: Bool = false, faults: [Fault] = []) {
        self.init(behaviors: behaviors, gestures: [gesture], duration: duration, fps: fps, seed: seed,
                  observed: observed, faults: faults)
    }

    /// A configuration that plays a script's steps.
    public init(behaviors: BehaviorSet, script: SimulationScript, duration: Double? = nil, fps: Int = 60, seed: UInt64 = 1,
                observed: Bool = false, faults: [Fault] = []) {
        self.init(behaviors: behaviors, gestures: script.steps, duration: duration, fps: fps, seed: seed,
                  observed: observed, faults: faults)
    }

    /// Throws when the configuration cannot be simulated: invalid behaviours, no gestures,
    /// `fps` outside 1...1000, a negative or non-finite duration, a gesture parameter out of range.
    public func validate() throws(SimulationError) {
        do {
            try behaviors.validate()
        } catch {
            throw SimulationError(error.description)
        }
        guard !gestures.isEmpty else { throw SimulationError("a simulation needs at least one gesture") }
        guard (1...1000).contains(fps) else { throw SimulationError("fps must be from 1 to 1000, got \(fps)") }
        if let duration, !(duration.isFinite && duration >= 0 && duration <= 1e7) {
            throw SimulationError("duration must be a number of seconds from 0 to 1e7, got \(formatNumber(duration))")
        }
        guard viewportHeight > 0, viewportHeight.isFinite else { throw SimulationError("viewportHeight must be greater than 0") }
        guard maxOffset > 0, maxOffset.isFinite else { throw SimulationError("maxOffset must be greater than 0") }
        for gesture in gestures {
            let valid: Bool
            switch gesture {
            case .drag(let to, let duration): valid = to.isFinite && abs(to) <= 1e7 && duration > 0 && duration.isFinite
            case .fling(let velocity, let rate):
                valid = velocity.isFinite && abs(velocity) <= 1e6 && rate.perMillisecond > 0 && rate.perMillisecond < 1
            case .bounce(let pull, let duration): valid = pull > 0 && pull.isFinite && duration > 0 && duration.isFinite
            case .hover(let at, let hold): valid = (at?.isFinite ?? true) && hold >= 0 && hold.isFinite
            case .zigzag(let amplitude, let legs, let legDuration):
                valid = amplitude > 0 && amplitude.isFinite && legs >= 1 && legDuration > 0 && legDuration.isFinite
            case .tap: valid = true
            case .wait(let seconds): valid = seconds >= 0 && seconds.isFinite
            case .top(let duration): valid = duration > 0 && duration.isFinite
            case .scroll(let to, let duration): valid = to >= 0 && to <= maxOffset && duration > 0 && duration.isFinite
            case .refresh(let pull, let hold): valid = pull > 0 && pull.isFinite && pull <= 1e5 && hold >= 0 && hold.isFinite
            case .push(let duration, let to): valid = duration > 0 && duration.isFinite && to >= 0 && to <= maxOffset
            case .pop(let reach, let duration, let to):
                valid = reach > 0 && reach <= 1 && duration > 0 && duration.isFinite && to >= 0 && to <= maxOffset
            }
            if !valid { throw SimulationError("gesture '\(gesture.scriptLine)' has a parameter out of range") }
        }
        if let scale, !(scale >= 1 && scale <= 4) {
            throw SimulationError("scale must be from 1 to 4 pixels per point, got \(formatNumber(scale))")
        }
        if let index = gestures.dropLast().firstIndex(where: \.endsSession) {
            throw SimulationError("'\(gestures[index].scriptLine)' ends the session (the screen goes away): it must be the last gesture")
        }
        for fault in faults where !(fault.value > 0 && fault.value.isFinite) || (fault.name == "droppedFrames" && fault.value > 1) {
            throw SimulationError("fault \(fault.argument) is out of range")
        }
    }
}
