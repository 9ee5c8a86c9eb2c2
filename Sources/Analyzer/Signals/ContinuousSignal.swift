public import BarModel

/// A continuous bar signal the jitter detector watches (ANALYSIS.md "Signals"): every length and
/// fraction field of ``BarStateField``, so a new numeric field is watched without another edit.
public struct ContinuousSignal: RawRepresentable, Sendable, CaseIterable, Hashable {
    /// The field the signal reads.
    public let field: BarStateField

    /// The signal of a length or fraction field; `nil` for a boolean or enumeration.
    public init?(field: BarStateField) {
        guard field.isNumber else { return nil }
        self.field = field
    }

    /// The signal of the field named `rawValue`.
    public init?(rawValue: String) {
        guard let field = BarStateField(rawValue: rawValue) else { return nil }
        self.init(field: field)
    }

    /// The field's name.
    public var rawValue: String { field.rawValue }

    /// Every length and fraction field, in field order.
    public static let allCases = BarStateField.allCases.compactMap(ContinuousSignal.init(field:))

    public static let barHeight = ContinuousSignal(field: .barHeight)!
    public static let barShown = ContinuousSignal(field: .barShown)!
    public static let avatarScale = ContinuousSignal(field: .avatarScale)!
    public static let avatarTx = ContinuousSignal(field: .avatarTx)!
    public static let avatarTy = ContinuousSignal(field: .avatarTy)!
    public static let blurAlpha = ContinuousSignal(field: .blurAlpha)!
    public static let largeTitleAlpha = ContinuousSignal(field: .largeTitleAlpha)!
    public static let inlineTitleAlpha = ContinuousSignal(field: .inlineTitleAlpha)!
    public static let contentTitleAlpha = ContinuousSignal(field: .contentTitleAlpha)!

    /// The signal's value in `state`, `nil` when the state lacks the field.
    @inline(__always)
    public func value(in state: BarState) -> Double? { field.value(in: state) }

    /// Whether the signal is a length in points (noise `jitter.epsilon`) rather than a scale,
    /// alpha or fraction (noise `jitter.fractionEpsilon`).
    public var isLength: Bool { field.kind == .length }

    /// The signal's name in findings.
    public var name: String { rawValue }

    /// The binary signal whose flips move this one, when it only follows a two-valued state:
    /// a title's alpha follows its `*Visible` state (computed alphas are 0 or 1, or a fade between
    /// them) and `barShown` animates toward `barHidden`. `blurAlpha`, the heights and the avatar
    /// follow `y` itself, and so does a new field until it is given a driver here. A jitter
    /// episode of a driven signal that overlaps a reported flap of its driver is the same fault
    /// (see ``Analyzer``).
    public var driver: BinarySignal? {
        switch field {
        case .largeTitleAlpha: .largeTitleVisible
        case .inlineTitleAlpha: .inlineTitleVisible
        case .contentTitleAlpha: .contentTitleVisible
        case .barShown: .barHidden
        default: nil
        }
    }
}
