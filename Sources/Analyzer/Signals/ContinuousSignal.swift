public import BarModel

/// A continuous bar signal the jitter detector watches (ANALYSIS.md "Signals").
public enum ContinuousSignal: String, Sendable, CaseIterable, Hashable {
    case barHeight
    case barShown
    case avatarScale
    case avatarTx
    case avatarTy
    case blurAlpha
    case largeTitleAlpha
    case inlineTitleAlpha
    case contentTitleAlpha

    /// The signal's value in `state`, `nil` when the state lacks the field.
    @inline(__always)
    public func value(in state: BarState) -> Double? {
        switch self {
        case .barHeight: state.barHeight
        case .barShown: state.barShown
        case .avatarScale: state.avatarScale
        case .avatarTx: state.avatarTx
        case .avatarTy: state.avatarTy
        case .blurAlpha: state.blurAlpha
        case .largeTitleAlpha: state.largeTitleAlpha
        case .inlineTitleAlpha: state.inlineTitleAlpha
        case .contentTitleAlpha: state.contentTitleAlpha
        }
    }

    /// Whether the signal is a length in points (noise `jitter.epsilon`) rather than a scale,
    /// alpha or fraction (noise `jitter.fractionEpsilon`).
    public var isLength: Bool {
        switch self {
        case .barHeight, .avatarTx, .avatarTy: true
        default: false
        }
    }

    /// The signal's name in findings.
    public var name: String { rawValue }

    /// The binary signal whose flips move this one, when it only follows a two-valued state:
    /// a title's alpha follows its `*Visible` state (computed alphas are 0 or 1, or a fade between
    /// them) and `barShown` animates toward `barHidden`. `blurAlpha`, the heights and the avatar
    /// follow `y` itself. A jitter episode of a driven signal that overlaps a reported flap of its
    /// driver is the same fault (see ``Analyzer``).
    public var driver: BinarySignal? {
        switch self {
        case .largeTitleAlpha: .largeTitleVisible
        case .inlineTitleAlpha: .inlineTitleVisible
        case .contentTitleAlpha: .contentTitleVisible
        case .barShown: .barHidden
        case .barHeight, .avatarScale, .avatarTx, .avatarTy, .blurAlpha: nil
        }
    }
}
