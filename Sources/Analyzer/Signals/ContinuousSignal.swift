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
}
