package import BarModel

/// A two-valued bar signal the flapping detector watches (ANALYSIS.md "Signals").
package enum BinarySignal: String, Sendable, CaseIterable, Hashable {
    case barHidden
    /// `default` counts as on.
    case background
    case largeTitleVisible
    case inlineTitleVisible
    case contentTitleVisible
    case subtitleVisible
    case dropdownExpanded

    /// The signal's value in `state`, `nil` when the state lacks the field.
    @inline(__always)
    package func value(in state: BarState) -> Bool? {
        switch self {
        case .barHidden: state.barHidden
        case .background: state.background.map { $0 == .default }
        case .largeTitleVisible: state.largeTitleAlpha.map { $0 >= BarState.visibleAlpha }
        case .inlineTitleVisible: state.inlineTitleAlpha.map { $0 >= BarState.visibleAlpha }
        case .contentTitleVisible: state.contentTitleAlpha.map { $0 >= BarState.visibleAlpha }
        case .subtitleVisible: state.subtitleVisible
        case .dropdownExpanded: state.dropdownExpanded
        }
    }

    /// The signal's name in findings.
    package var name: String { rawValue }

    /// The state field the signal is read from.
    package var field: BarStateField {
        switch self {
        case .barHidden: .barHidden
        case .background: .background
        case .largeTitleVisible: .largeTitleAlpha
        case .inlineTitleVisible: .inlineTitleAlpha
        case .contentTitleVisible: .contentTitleAlpha
        case .subtitleVisible: .subtitleVisible
        case .dropdownExpanded: .dropdownExpanded
        }
    }

    /// The signal over a block's rows of one stream: the rows that have it, and of those the
    /// ones where it is on, as ``value(in:)`` reads it from the state's field.
    @inline(__always)
    func rows(in states: FrameStateColumns, count: Int) -> (known: UInt64, on: UInt64) {
        let known = states.rows(field)
        guard known != 0 else { return (0, 0) }
        let values = states.column(field)
        var on: UInt64 = 0
        switch self {
        case .barHidden, .subtitleVisible, .dropdownExpanded:
            for row in 0..<count where values[row] != 0 { on |= 1 &<< UInt64(row) }
        case .background:
            let code = Double(BarBackground.default.rawValue)
            for row in 0..<count where values[row] == code { on |= 1 &<< UInt64(row) }
        case .largeTitleVisible, .inlineTitleVisible, .contentTitleVisible:
            for row in 0..<count where values[row] >= BarState.visibleAlpha { on |= 1 &<< UInt64(row) }
        }
        return (known, on & known)
    }

    /// The behaviour whose `hysteresis` parameter drives this signal in `behaviors`' models;
    /// `nil` when no Schmitt threshold drives it.
    package func hysteresisParameter(in behaviors: BehaviorSet) -> String? {
        switch self {
        case .background:
            return behaviors.blurHeader != nil ? BlurHeader.name : nil
        case .largeTitleVisible:
            return behaviors.largeTitle != nil ? LargeTitle.name : nil
        case .inlineTitleVisible:
            if behaviors.largeTitle != nil { return LargeTitle.name }
            if behaviors.customTitle != nil { return CustomTitle.name }
            if behaviors.blurHeader != nil { return BlurHeader.name }
            return nil
        case .contentTitleVisible:
            // customTitle's content label follows `showing > 0` without a band; only blurHeader's
            // header title is switched by a Schmitt state (the background).
            return behaviors.blurHeader != nil ? BlurHeader.name : nil
        case .barHidden, .subtitleVisible, .dropdownExpanded:
            return nil
        }
    }

    /// The behaviour parameter whose larger value removes a flap of this signal in `behaviors`'
    /// models, found by replay: `hysteresis` for a Schmitt-threshold state
    /// (``hysteresisParameter(in:)``), hideOnSwipe's `swipeDistance` for `barHidden` when swipes
    /// move the bar (it has no hysteresis: a longer swipe is its dead band). `nil` when none does.
    package func fixParameter(in behaviors: BehaviorSet) -> (behavior: String, parameter: String)? {
        if let behavior = hysteresisParameter(in: behaviors) { return (behavior, "hysteresis") }
        if self == .barHidden, let hideOnSwipe = behaviors.hideOnSwipe, hideOnSwipe.onSwipe {
            return (HideOnSwipe.name, "swipeDistance")
        }
        return nil
    }

    /// The signal that drives this one in `behaviors`' models, when this one only follows it:
    /// blurHeader's titles follow the background, largeTitle's large title is the inline one's
    /// complement. A flap of a driven signal inside a flap of its driver is the same fault.
    package func driver(in behaviors: BehaviorSet) -> BinarySignal? {
        switch self {
        case .inlineTitleVisible, .contentTitleVisible:
            return behaviors.blurHeader != nil ? .background : nil
        case .largeTitleVisible:
            return behaviors.largeTitle != nil ? .inlineTitleVisible : nil
        default:
            return nil
        }
    }
}
