package import BarModel

/// A continuous bar signal the jitter detector watches (ANALYSIS.md "Signals"): every length and
/// fraction field of ``BarStateField``, so a new numeric field is watched without another edit.
package struct ContinuousSignal: RawRepresentable, Sendable, CaseIterable, Hashable {
    /// The field the signal reads.
    package let field: BarStateField

    /// The signal of a length or fraction field; `nil` for a boolean or enumeration.
    package init?(field: BarStateField) {
        guard field.isNumber else { return nil }
        self.field = field
    }

    /// The signal of the field named `rawValue`.
    package init?(rawValue: String) {
        guard let field = BarStateField(rawValue: rawValue) else { return nil }
        self.init(field: field)
    }

    /// The field's name.
    package var rawValue: String { field.rawValue }

    /// Every length and fraction field, in field order.
    package static let allCases = BarStateField.allCases.compactMap(ContinuousSignal.init(field:))

    package static let barHeight = ContinuousSignal(field: .barHeight)!
    package static let barShown = ContinuousSignal(field: .barShown)!
    package static let avatarScale = ContinuousSignal(field: .avatarScale)!
    package static let avatarTx = ContinuousSignal(field: .avatarTx)!
    package static let avatarTy = ContinuousSignal(field: .avatarTy)!
    package static let blurAlpha = ContinuousSignal(field: .blurAlpha)!
    package static let largeTitleAlpha = ContinuousSignal(field: .largeTitleAlpha)!
    package static let inlineTitleAlpha = ContinuousSignal(field: .inlineTitleAlpha)!
    package static let contentTitleAlpha = ContinuousSignal(field: .contentTitleAlpha)!

    /// The signal's value in `state`, `nil` when the state lacks the field.
    @inline(__always)
    package func value(in state: BarState) -> Double? { field.value(in: state) }

    /// Whether the signal is a length in points (noise `jitter.epsilon`) rather than a scale,
    /// alpha or fraction (noise `jitter.fractionEpsilon`).
    package var isLength: Bool { field.kind == .length }

    /// The signal's name in findings.
    package var name: String { rawValue }

    /// Whether `behaviors`' models compute this signal as a monotonic (non-decreasing or
    /// non-increasing, possibly clamped or constant) function of `y` alone: largeTitle's bar
    /// height and the avatar's transform, which follows it; blurHeader's `blurAlpha`; the fixed
    /// bar heights of customTitle and blurHeader. Such a signal turns only where `y` turns, so on
    /// the computed stream it can never jitter against `y` and is not watched.
    package func isMonotonicInY(in behaviors: BehaviorSet) -> Bool {
        switch field {
        case .barHeight: behaviors.largeTitle != nil || behaviors.customTitle != nil || behaviors.blurHeader != nil
        case .avatarScale, .avatarTx, .avatarTy: behaviors.avatar != nil
        case .blurAlpha: behaviors.blurHeader != nil
        case .barShown, .largeTitleAlpha, .inlineTitleAlpha, .contentTitleAlpha: false
        case .barHidden, .background, .subtitleVisible, .subtitleHasText, .dropdownExpanded: false  // not continuous
        }
    }

    /// The part of the bar the signal draws, when other signals draw it too: the titles (their
    /// alphas move together, one in and the other out, on one switch) and the bar (its height and
    /// the avatar's transform, which follows it). Jitter of one part on one stream is one fault.
    package var part: BarPart? {
        switch field {
        case .largeTitleAlpha, .inlineTitleAlpha, .contentTitleAlpha: .titles
        case .barHeight, .avatarScale, .avatarTx, .avatarTy: .bar
        case .barShown, .blurAlpha: nil
        case .barHidden, .background, .subtitleVisible, .subtitleHasText, .dropdownExpanded: nil  // not continuous
        }
    }

    /// The binary signal whose flips move this one, when it only follows a two-valued state:
    /// a title's alpha follows its `*Visible` state (computed alphas are 0 or 1, or a fade between
    /// them) and `barShown` animates toward `barHidden`. `blurAlpha`, the heights and the avatar
    /// follow `y` itself. A new field needs its arm in this switch and in ``part`` and
    /// ``isMonotonicInY(in:)`` (none has a `default`, so the compiler asks): a field that only
    /// follows an on/off state names it here, or its every switch is reported as jitter. A jitter
    /// episode of a driven signal that overlaps a reported flap of its driver is the same fault
    /// (see ``Analyzer``).
    package var driver: BinarySignal? {
        switch field {
        case .largeTitleAlpha: .largeTitleVisible
        case .inlineTitleAlpha: .inlineTitleVisible
        case .contentTitleAlpha: .contentTitleVisible
        case .barShown: .barHidden
        case .barHeight, .avatarScale, .avatarTx, .avatarTy, .blurAlpha: nil
        case .barHidden, .background, .subtitleVisible, .subtitleHasText, .dropdownExpanded: nil  // not continuous
        }
    }
}
