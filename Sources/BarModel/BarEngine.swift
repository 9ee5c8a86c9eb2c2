/// Steps a session's bar state sample by sample: the computed stream navrec stores and replays.
///
/// Feed samples and events in recording order; each ``step(_:)`` returns the state on that frame.
/// Every state starts off (large title showing, bar transparent, toolbar title hidden, bar shown)
/// and every sample, the first included, applies its rule.
public struct BarEngine: Sendable {
    /// The behaviours and parameters being modelled.
    public let behaviors: BehaviorSet

    private var inlineTitleOn = false
    private var toolbarTitleOn = false
    private var contentTitleOn = false
    private var toolbarTitleAlpha: LinearAnimation
    private var background = BarBackground.transparent
    private var barHidden = false
    private var barShown: LinearAnimation
    private var dropdownExpanded = false
    private var swipe = SwipeTracker()
    /// dropdownTitle's subtitle fields, which never change: worked out once, not by comparing its
    /// subtitle string every frame.
    private let subtitle: (visible: Bool, hasText: Bool)?
    /// The avatar's transform on a collapsed bar (largeTitle's small height), worked out once:
    /// most frames are scrolled past the collapse, and the transform's two divisions were the
    /// slowest instructions of those frames' steps.
    private let collapsedAvatar: (barHeight: Double, transform: (scale: Double, tx: Double, ty: Double))?

    /// An engine at the start of a session; `behaviors` should have passed ``BehaviorSet/validate()``.
    public init(behaviors: BehaviorSet) {
        self.behaviors = behaviors
        toolbarTitleAlpha = LinearAnimation(resting: 0, duration: behaviors.customTitle?.fadeDuration ?? 0)
        barShown = LinearAnimation(resting: 1, duration: behaviors.hideOnSwipe?.duration ?? 0)
        subtitle = behaviors.dropdownTitle.map { ($0.subtitleVisible, $0.subtitleHasText) }
        if let largeTitle = behaviors.largeTitle, let avatar = behaviors.avatar {
            let height = largeTitle.smallHeight
            collapsedAvatar = (height, avatar.transform(barHeight: height, smallHeight: height, largeHeight: largeTitle.largeHeight))
        } else {
            collapsedAvatar = nil
        }
    }

    /// Applies an event at its own time: later samples see its effect. Lifecycle events change no
    /// bar state (UIKit keeps the bar as it was while the app is in the background).
    public mutating func apply(_ event: ScrollEvent) {
        switch event.kind {
        case .tap(.content):
            if let hideOnSwipe = behaviors.hideOnSwipe, hideOnSwipe.onTap { setBarHidden(!barHidden, at: event.t) }
        case .tap(.title):
            if behaviors.dropdownTitle != nil { dropdownExpanded.toggle() }
        case .tap(.bar), .background, .foreground, .dropped, .disappear, .appear:
            break
        }
    }

    /// The bar state on the frame of `sample`.
    public mutating func step(_ sample: ScrollSample) -> BarState {
        var state = BarState()
        step(sample, into: &state)
        return state
    }

    /// Steps to the frame of `sample` and writes its state into `columns` at `row`, whose bits must
    /// be clear: only the fields the behaviours set, without a ``BarState`` in between.
    package mutating func step(_ sample: ScrollSample, into columns: FrameStateColumns, at row: Int) {
        var writer = FrameStateColumns.Row(columns, row)
        step(sample, into: &writer)
    }

    /// Steps to the frame of `sample`, writing its state's fields into `state`, which holds none.
    @inline(__always)
    private mutating func step<State: BarStateWriter>(_ sample: ScrollSample, into state: inout State) {
        let y = sample.y
        let t = sample.t

        if let largeTitle = behaviors.largeTitle {
            let height = largeTitle.barHeight(y: y)
            inlineTitleOn = largeTitle.inlineTitleVisible(y: y, wasVisible: inlineTitleOn)
            state.set(height, .barHeight)
            state.set(inlineTitleOn ? 0 : 1, .largeTitleAlpha)
            state.set(inlineTitleOn ? 1 : 0, .inlineTitleAlpha)
            if let avatar = behaviors.avatar {
                // The same bits, the same transform.
                let transform = if let collapsedAvatar, height.bitPattern == collapsedAvatar.barHeight.bitPattern {
                    collapsedAvatar.transform
                } else {
                    avatar.transform(barHeight: height, smallHeight: largeTitle.smallHeight, largeHeight: largeTitle.largeHeight)
                }
                state.set(transform.scale, .avatarScale)
                state.set(transform.tx, .avatarTx)
                state.set(transform.ty, .avatarTy)
            }
        }

        if let customTitle = behaviors.customTitle {
            state.set(CustomTitle.barHeight, .barHeight)
            contentTitleOn = customTitle.contentTitleVisible(y: y, wasVisible: contentTitleOn)
            state.set(contentTitleOn ? 1 : 0, .contentTitleAlpha)
            toolbarTitleOn = customTitle.toolbarTitleTarget(y: y, wasOn: toolbarTitleOn)
            toolbarTitleAlpha.retarget(toolbarTitleOn ? 1 : 0, at: t)
            state.set(toolbarTitleAlpha.value(at: t), .inlineTitleAlpha)
        }

        if let blurHeader = behaviors.blurHeader {
            background = blurHeader.background(y: y, previous: background)
            state.set(blurHeader.navBarHeight, .barHeight)
            state.set(blurHeader.blurAlpha(y: y), .blurAlpha)
            state.set(background)
            state.set(background == .default ? 1 : 0, .inlineTitleAlpha)
            state.set(background == .transparent ? 1 : 0, .contentTitleAlpha)
        }

        if let barHidden = stepBarHidden(sample) {
            state.set(barHidden, .barHidden)
            state.set(barShown.value(at: t), .barShown)
        }

        if let subtitle {
            state.set(subtitle.visible, .subtitleVisible)
            state.set(subtitle.hasText, .subtitleHasText)
            state.set(dropdownExpanded, .dropdownExpanded)
        }
    }

    /// Hide-on-swipe's `barHidden` on the frame of `sample`, as ``step(_:)`` gives it, without
    /// stepping the other models or building a state: the swipeDistance replay's candidates watch
    /// nothing else. An engine stepped so has stepped only hide-on-swipe; `nil` without it.
    @inline(__always)
    package mutating func stepBarHidden(_ sample: ScrollSample) -> Bool? {
        guard let hideOnSwipe = behaviors.hideOnSwipe else { return nil }
        if hideOnSwipe.onSwipe, let swipeUp = swipe.track(sample, distance: hideOnSwipe.swipeDistance, barHidden: barHidden) {
            setBarHidden(swipeUp, at: sample.t)
        }
        return barHidden
    }

    /// ``stepBarHidden(_:)`` over the first `count` rows of `columns`, each of `events` from
    /// `nextEvent` on (in time order) applied first to the samples at or after it, as
    /// ``apply(_:)`` between steps would: bit r of the result is row r's `barHidden`; `nil`
    /// without hide-on-swipe, and then nothing is stepped. One call a block steps the swipe
    /// tracker inline, where the swipeDistance replay called ``stepBarHidden(_:)`` a row.
    package mutating func stepBarHidden(
        _ columns: FrameColumns, count: Int, events: [ScrollEvent], nextEvent: inout Int
    ) -> UInt64? {
        guard behaviors.hideOnSwipe != nil else { return nil }
        var hidden: UInt64 = 0
        for row in 0..<count {
            let sample = columns.sample(row)
            apply(events, from: &nextEvent, through: sample.t)
            if stepBarHidden(sample) == true { hidden |= 1 &<< UInt64(row) }
        }
        return hidden
    }

    /// ``step(_:into:at:)`` over the first `count` rows of `columns`, into the same rows of
    /// `states` (whose bits for them must be clear), each of `events` from `nextEvent` on (in time
    /// order) applied first to the samples at or after it, as ``apply(_:)`` between steps would.
    /// One call a block steps the models inline, where the hysteresis replay called ``step(_:)``
    /// a row and read its signals back from a whole ``BarState``.
    package mutating func step(
        _ columns: FrameColumns, count: Int, events: [ScrollEvent], nextEvent: inout Int, into states: FrameStateColumns
    ) {
        for row in 0..<count {
            let sample = columns.sample(row)
            apply(events, from: &nextEvent, through: sample.t)
            var writer = FrameStateColumns.Row(states, row)
            step(sample, into: &writer)
        }
    }

    /// Applies `events` from `next` on while they are at or before `t`, moving `next` past them.
    @inline(__always)
    private mutating func apply(_ events: [ScrollEvent], from next: inout Int, through t: Double) {
        while next < events.count, events[next].t <= t {
            apply(events[next])
            next += 1
        }
    }

    private mutating func setBarHidden(_ hidden: Bool, at t: Double) {
        barHidden = hidden
        barShown.retarget(hidden ? 0 : 1, at: t)
    }
}

/// Follows one drag's finger travel for hide-on-swipe (reference 002_…, `hidesBarsOnSwipe`).
///
/// Distances are measured from a reference point: the drag's first sample, then the sample of each
/// toggle and each turning point. A turning point is the farthest `y` before the content moved back
/// by more than ``reversalAllowance``: touch noise reverses `y` by fractions of a point every few
/// frames, and UIKit, which follows the pan's translation, does not restart the swipe for that.
struct SwipeTracker: Sendable {
    /// Points the content must move back from its farthest position before that position counts
    /// as a turning point; above touch noise (±0.4 pt), below any deliberate change of direction.
    static let reversalAllowance = 1.0

    private var dragging = false
    private var reference = 0.0
    /// The farthest `y` in `direction` since the reference point.
    private var extreme = 0.0
    /// +1 up, -1 down, 0 before the content left the reference point.
    private var direction = 0.0

    /// Returns `true` to hide the bar, `false` to show it, `nil` to leave it.
    @inline(__always)
    mutating func track(_ sample: ScrollSample, distance: Double, barHidden: Bool) -> Bool? {
        guard sample.phase == .drag else {
            dragging = false
            return nil
        }
        let y = sample.y
        guard dragging else {
            dragging = true
            reference = y
            extreme = y
            direction = 0
            return nil
        }
        if direction == 0 {
            if RestTolerance.moved(from: reference, to: y) {
                direction = y > reference ? 1 : -1
                extreme = y
            }
        } else if (y - extreme) * direction > 0 {
            extreme = y
        } else if (extreme - y) * direction > Self.reversalAllowance {
            reference = extreme
            direction = -direction
            extreme = y
        }
        let travel = y - reference
        if travel > distance, !barHidden {
            reference = y
            extreme = y
            return true
        }
        if travel < -distance, barHidden {
            reference = y
            extreme = y
            return false
        }
        return nil
    }
}
