internal import BarModel

/// Applies ``Fault``s to a simulated session: drops samples and perturbs observed bar states.
///
/// It sees only the samples the recording keeps, in order, and draws from its own generator, so
/// a fault never changes the motion of the session it is injected into.
struct FaultInjector {
    private var titleEarly: Double?
    private var heightJitter: Double?
    private var dropFraction: Double?
    private var flicker: Double?
    private var noTitle: Double?
    private var stuckTitles: Double?
    /// Seconds the main thread blocks inside the first animation (``Fault/freeze(seconds:)``); `nil` once done.
    private(set) var freeze: Double?
    /// Seconds the main thread blocks at each touch-down (``Fault/touchDownFreeze(seconds:)``).
    let touchDownFreeze: Double?
    private var animationFrames = 0
    private var stuckUntil = -Double.infinity
    private let threshold: Double?
    private let presentations: [TitlePresentation]
    private var generator: SeededGenerator
    private var dropRemaining = 0
    private var gapJustEnded = false
    private var jitterSign = 1.0
    private var lastInlineVisible: Bool?
    private var flickerUntil = -Double.infinity
    private var flickerWrong = false
    private var blankUntil = -Double.infinity

    init(faults: [Fault], behaviors: BehaviorSet, seed: UInt64) {
        for fault in faults {
            switch fault {
            case .titleEarly(let by): titleEarly = by
            case .heightJitter(let amplitude): heightJitter = amplitude
            case .droppedFrames(let fraction): dropFraction = fraction
            case .flicker(let duration): flicker = duration
            case .noTitle(let duration): noTitle = duration
            case .freeze: break
            case .touchDownFreeze: break
            case .stuckTitles(let duration): stuckTitles = duration
            }
        }
        freeze = faults.lazy.compactMap { if case .freeze(let seconds) = $0 { seconds } else { nil } }.last
        touchDownFreeze = faults.lazy.compactMap { if case .touchDownFreeze(let seconds) = $0 { seconds } else { nil } }.last
        threshold = Gesture.threshold(for: behaviors)
        presentations = behaviors.titlePresentations
        var mixed = seed ^ 0x6E61_7672_6563_2D66  // "navrec-f": a stream apart from the motion's
        generator = SeededGenerator(seed: SeededGenerator.splitMix64(&mixed))
    }

    /// Whether the recording loses this sample (``Fault/droppedFrames(fraction:)``); only moving
    /// samples are dropped, as an idle app logs nothing anyway.
    mutating func drops(_ sample: ScrollSample) -> Bool {
        guard let dropFraction, let phase = sample.phase, phase != .idle else { return false }
        if dropRemaining > 0 {
            dropRemaining -= 1
            return true
        }
        // The sample after a gap is always kept, so gaps stay 2–4 frames long.
        if gapJustEnded {
            gapJustEnded = false
            return false
        }
        if generator.nextUnit() < dropFraction {
            gapJustEnded = true
            dropRemaining = generator.next(in: 1...3) - 1
            return true
        }
        return false
    }

    /// Seconds the main thread blocks after the sample just drawn, or `nil`: the first animation's
    /// freeze (``Fault/freeze(seconds:)``) after its 6th frame.
    mutating func freezeAfter(_ sample: ScrollSample) -> Double? {
        guard let seconds = freeze else { return nil }
        guard sample.phase == .animate || sample.phase == .bounce else {
            animationFrames = 0
            return nil
        }
        animationFrames += 1
        guard animationFrames == Self.framesBeforeFreeze else { return nil }
        freeze = nil
        return seconds
    }

    /// Frames an animation plays before ``Fault/freeze(seconds:)`` blocks it.
    static let framesBeforeFreeze = 6

    /// A cancelled pop's `appear` event at `t` (``Fault/stuckTitles(duration:)`` starts there).
    mutating func appeared(at t: Double) {
        if let stuckTitles { stuckUntil = t + stuckTitles }
    }

    /// The state the app reports for `sample` when the computed one is `state`.
    mutating func perturb(_ state: BarState, sample: ScrollSample) -> BarState {
        var observed = state
        let t = sample.t
        if let inline = state.inlineTitleAlpha {
            let visible = inline >= BarState.visibleAlpha
            if let lastInlineVisible, lastInlineVisible != visible {
                flickerUntil = t + (flicker ?? 0)
                blankUntil = t + (noTitle ?? 0)
                flickerWrong = false
            }
            lastInlineVisible = visible
            if let titleEarly, let threshold, inline < 1, sample.y >= threshold - titleEarly {
                observed.inlineTitleAlpha = 1
            }
        }
        if let heightJitter, let height = state.barHeight, let phase = sample.phase, phase != .idle {
            observed.barHeight = height + jitterSign * heightJitter
            jitterSign = -jitterSign
        }
        if flicker != nil, let inline = observed.inlineTitleAlpha, t < flickerUntil {
            flickerWrong.toggle()
            if flickerWrong { observed.inlineTitleAlpha = inline >= BarState.visibleAlpha ? 0 : 1 }
        }
        if stuckTitles != nil, t < stuckUntil {
            for presentation in presentations { presentation.alphaField.set(1, in: &observed) }
        }
        if noTitle != nil, t < blankUntil {
            for presentation in presentations { presentation.alphaField.set(0, in: &observed) }
        }
        return observed
    }
}
