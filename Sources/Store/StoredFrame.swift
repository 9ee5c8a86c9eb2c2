package import BarModel

/// One sample as stored: its position in the session, the sample, the computed state and the
/// observed state when the recording carried one.
package struct StoredFrame: Sendable, Hashable {
    package var seq: Int
    package var sample: ScrollSample
    package var computed: BarState
    package var observed: BarState?

    package init(seq: Int, sample: ScrollSample, computed: BarState, observed: BarState?) {
        self.seq = seq
        self.sample = sample
        self.computed = computed
        self.observed = observed
    }
}

/// How bar-state fields map to `frames` columns: the computed state's columns after `vy`, and the
/// observed state's (`o_` prefix) after the `observed` flag, in this order; numbers in the table's
/// thousandths encoding (``ParameterBinder/thousandths(_:)``).
enum BarStateColumns {
    static let names = BarStateField.allCases.map(\.snakeName)
    static let count = Int32(names.count)

    /// Binds `state`'s fields to parameters `first`, `first + 1`, …
    @inline(__always)
    static func bind(_ state: BarState, to binder: ParameterBinder, from first: Int32) {
        binder.bindNumber(first, state.barHeight)
        binder.bindFlag(first + 1, state.barHidden)
        binder.bindNumber(first + 2, state.barShown)
        binder.bindNumber(first + 3, state.largeTitleAlpha)
        binder.bindNumber(first + 4, state.inlineTitleAlpha)
        binder.bindNumber(first + 5, state.contentTitleAlpha)
        binder.bindNumber(first + 6, state.avatarScale)
        binder.bindNumber(first + 7, state.avatarTx)
        binder.bindNumber(first + 8, state.avatarTy)
        binder.bindNumber(first + 9, state.blurAlpha)
        if let background = state.background { binder.bind(first + 10, Int64(background.rawValue)) } else { binder.bindNull(first + 10) }
        binder.bindFlag(first + 11, state.subtitleVisible)
        binder.bindFlag(first + 12, state.subtitleHasText)
        binder.bindFlag(first + 13, state.dropdownExpanded)
    }

    /// Binds NULL to the fields' parameters `first`, `first + 1`, … (skipped where already NULL).
    @inline(__always)
    static func bindNull(to binder: ParameterBinder, from first: Int32) {
        for index in first..<(first + count) { binder.bindNull(index) }
    }

    /// Reads a state from columns `first`, `first + 1`, …
    @inline(__always)
    static func read(_ statement: Statement, from first: Int32) -> BarState {
        func number(_ offset: Int32) -> Double? { ParameterBinder.number(statement, first + offset) }
        func flag(_ offset: Int32) -> Bool? { statement.optionalInt64(first + offset).map { $0 != 0 } }
        var state = BarState()
        state.barHeight = number(0)
        state.barHidden = flag(1)
        state.barShown = number(2)
        state.largeTitleAlpha = number(3)
        state.inlineTitleAlpha = number(4)
        state.contentTitleAlpha = number(5)
        state.avatarScale = number(6)
        state.avatarTx = number(7)
        state.avatarTy = number(8)
        state.blurAlpha = number(9)
        state.background = statement.optionalInt64(first + 10).flatMap { BarBackground(rawValue: UInt8(clamping: $0)) }
        state.subtitleVisible = flag(11)
        state.subtitleHasText = flag(12)
        state.dropdownExpanded = flag(13)
        return state
    }
}
