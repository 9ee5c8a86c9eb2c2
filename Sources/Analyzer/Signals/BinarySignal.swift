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
        let on: UInt64 = switch self {
        case .barHidden, .subtitleVisible, .dropdownExpanded: Self.rows(of: values, count: count) { $0 .!= 0 }
        case .background: Self.rows(of: values, count: count) { $0 .== Double(BarBackground.default.rawValue) }
        case .largeTitleVisible, .inlineTitleVisible, .contentTitleVisible:
            Self.rows(of: values, count: count) { $0 .>= BarState.visibleAlpha }
        }
        return (known, on & known)
    }

    /// The rows among the first `count` of `values` where `test` holds, eight at a time: a row at
    /// a time, building the masks cost as much as the detectors that read them. The column holds
    /// a block's 64 rows whatever `count`, so the last eight are read whole.
    @inline(__always)
    private static func rows(
        of values: FrameColumn<Double>, count: Int, where test: (SIMD8<Double>) -> SIMDMask<SIMD8<Int64>>
    ) -> UInt64 {
        let weights = SIMD8<Int64>(1, 2, 4, 8, 16, 32, 64, 128)
        var rows: UInt64 = 0
        for first in stride(from: 0, to: count, by: 8) {
            let lanes = SIMD8<Double>(
                values[first], values[first + 1], values[first + 2], values[first + 3],
                values[first + 4], values[first + 5], values[first + 6], values[first + 7])
            let byte = SIMD8<Int64>.zero.replacing(with: weights, where: test(lanes)).wrappedSum()
            rows |= UInt64(truncatingIfNeeded: byte) &<< UInt64(first)
        }
        return count < 64 ? rows & (1 &<< UInt64(count) &- 1) : rows
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
