public import BarModel

/// One step of a simulated scroll session: what the finger (or the user) does next.
///
/// `y` is BEHAVIORS.md's offset: positive values scroll the content up. Every gesture starts from
/// wherever the previous one left the content, and the finger lifts at its end (UIKit then
/// decelerates, bounces or, for a large title stopped mid-collapse, snaps; see ``Simulator``).
public enum Gesture: Sendable, Hashable {
    /// Drag the content to offset `to` (points) over `duration` seconds with a little finger tremor,
    /// easing in and out so the finger is at rest when it lifts. A negative `to` pulls past the top:
    /// the finger travels `-to` past the edge and the content follows the rubber band.
    case drag(to: Double = 150, duration: Double = 1)
    /// A flick: the finger accelerates for 0.1 s and lifts at `velocity` points per second
    /// (positive scrolls the content up), then the content decelerates by `rate` and bounces off
    /// an edge it reaches.
    case fling(velocity: Double = 1500, rate: DecelerationRate = .normal)
    /// Pull `pull` points of finger travel past the top over `duration` seconds (rubber band), then
    /// let go: the content springs back with phase `bounce`.
    case bounce(pull: Double = 150, duration: Double = 0.5)
    /// A slow drag toward `at` (default: the behaviours' title threshold, see
    /// ``Gesture/threshold(for:)``) that stays there for `hold` seconds with about ±2 pt of tremor.
    case hover(at: Double? = nil, hold: Double = 2)
    /// One drag that moves `amplitude` points up, then back down, `legs` times, each leg taking
    /// `legDuration` seconds (hide-on-swipe's nemesis).
    case zigzag(amplitude: Double = 25, legs: Int = 8, legDuration: Double = 0.25)
    /// A tap on `target`; the session then idles for half a second so animations play out.
    case tap(ScrollEvent.Target = .content)
    /// Nothing happens for `seconds`.
    case wait(Double = 1)
    /// A tap on the status bar: the content scrolls to the top over `duration` seconds (phase
    /// `animate`, smoothstep easing), as `UIScrollView`'s `scrollsToTop` does.
    case top(duration: Double = 0.3)
    /// A programmatic scroll to offset `to` over `duration` seconds (phase `animate`, smoothstep
    /// easing), as `setContentOffset(_:animated:)` and `scrollToRow(at:at:animated:)` do.
    case scroll(to: Double = 600, duration: Double = 0.3)
    /// Pull to refresh: the finger pulls `pull` points of travel past the top over 0.5 s (rubber
    /// band) and lets go; the content springs back (phase `bounce`) to the refresh control's hold,
    /// ``Simulator/refreshHold`` points above the top, stays there while the app refreshes for `hold`
    /// seconds (at rest), then animates back to the top in 0.3 s (phase `animate`), as
    /// `UIRefreshControl.endRefreshing()` does.
    case refresh(pull: Double = 250, hold: Double = 1.5)
    /// A push to another screen: a `disappear` event (`viewWillDisappear`), then the shared bar
    /// cross-fades over `duration` seconds into the bar of the next screen, whose content is at
    /// offset `to` (0: expanded), while `y` stays put (phase `idle`, one sample per frame in which the
    /// observed bar changes). The session ends there: it must be the last gesture.
    case push(duration: Double = 0.35, to: Double = 0)
    /// An interactive pop (an edge swipe back): a `disappear` event, then the finger drags the
    /// transition to `reach` (0 < reach ≤ 1 of the screen's width) over `duration` seconds while the
    /// bar cross-fades into the previous screen's (content at offset `to`), `y` constant. From
    /// `reach` ≥ 0.5 the pop completes (the rest of the cross-fade in ``Simulator/settleDuration``)
    /// and the session ends; below, it is cancelled: the bar morphs back in
    /// ``Simulator/settleDuration`` and an `appear` event (`viewDidAppear`) follows.
    case pop(reach: Double = 1, duration: Double = 0.35, to: Double = 0)

    /// Every gesture with its defaults, in documentation order: ``names`` and ``init(name:)`` read it.
    private static let defaults: [Gesture] = [
        .drag(), .fling(), .bounce(), .hover(), .zigzag(), .tap(), .wait(), .top(), .scroll(), .refresh(), .push(), .pop(),
    ]

    /// The gesture names accepted by `--gesture` and in scripts, in documentation order.
    public static let names = defaults.map(\.name)

    /// The gesture's name in scripts and on the command line.
    public var name: String {
        switch self {
        case .drag: "drag"
        case .fling: "fling"
        case .bounce: "bounce"
        case .hover: "hover"
        case .zigzag: "zigzag"
        case .tap: "tap"
        case .wait: "wait"
        case .top: "top"
        case .scroll: "scroll"
        case .refresh: "refresh"
        case .push: "push"
        case .pop: "pop"
        }
    }

    /// The named gesture with its defaults, or `nil` for an unknown name.
    public init?(name: String) {
        guard let gesture = Self.defaults.first(where: { $0.name == name }) else { return nil }
        self = gesture
    }

    /// The offset a `hover` without `at` stays at: the title threshold of the behaviours' title
    /// presenter — largeTitle's collapse point `largeHeight - smallHeight`, blurHeader's
    /// `imageHeight - navBarHeight`, customTitle's `showing = 0` point — or `nil` when the
    /// behaviours have none (hideOnSwipe, dropdownTitle).
    public static func threshold(for behaviors: BehaviorSet) -> Double? {
        if let largeTitle = behaviors.largeTitle { return largeTitle.collapseDistance }
        if let customTitle = behaviors.customTitle {
            return customTitle.labelHeight * customTitle.labelScale + customTitle.labelTop - customTitle.slack
        }
        if let blurHeader = behaviors.blurHeader { return blurHeader.threshold }
        return nil
    }

    /// Whether the gesture ends the session: a push, or a pop that completes (`reach` ≥ 0.5).
    public var endsSession: Bool {
        switch self {
        case .push: true
        case .pop(let reach, _, _): reach >= 0.5
        default: false
        }
    }

    /// Where a `hover` goes when the behaviours have no threshold, points.
    public static let defaultHoverPoint = 100.0

    /// The gesture as one line of ``SimulationScript`` text, every parameter spelled out.
    public var scriptLine: String {
        switch self {
        case .drag(let to, let duration): "drag to=\(formatNumber(to)) duration=\(formatNumber(duration))"
        case .fling(let velocity, let rate):
            "fling velocity=\(formatNumber(velocity)) rate=\(rate == .normal ? "normal" : rate == .fast ? "fast" : formatNumber(rate.perMillisecond))"
        case .bounce(let pull, let duration): "bounce pull=\(formatNumber(pull)) duration=\(formatNumber(duration))"
        case .hover(let at, let hold): (at.map { "hover at=\(formatNumber($0))" } ?? "hover") + " hold=\(formatNumber(hold))"
        case .zigzag(let amplitude, let legs, let legDuration):
            "zigzag amplitude=\(formatNumber(amplitude)) legs=\(legs) leg=\(formatNumber(legDuration))"
        case .tap(let target): "tap \(target.rawValue)"
        case .wait(let seconds): "wait \(formatNumber(seconds))"
        case .top(let duration): "top duration=\(formatNumber(duration))"
        case .scroll(let to, let duration): "scroll to=\(formatNumber(to)) duration=\(formatNumber(duration))"
        case .refresh(let pull, let hold): "refresh pull=\(formatNumber(pull)) hold=\(formatNumber(hold))"
        case .push(let duration, let to): "push duration=\(formatNumber(duration)) to=\(formatNumber(to))"
        case .pop(let reach, let duration, let to):
            "pop reach=\(formatNumber(reach)) duration=\(formatNumber(duration)) to=\(formatNumber(to))"
        }
    }
}
