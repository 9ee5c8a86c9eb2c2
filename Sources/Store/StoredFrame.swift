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

/// How bar-state fields map to database columns: the column order of `frames` after `vy` and of
/// `observed` after `key`.
enum BarStateColumns {
    static let names = BarStateField.allCases.map(\.snakeName)
    static let count = Int32(names.count)

    /// Binds `state`'s fields to parameters `first`, `first + 1`, …
    @inline(__always)
    static func bind(_ state: BarState, to statement: Statement, from first: Int32) {
        var index = first
        func number(_ value: Double?) {
            if let value { statement.bind(index, value) } else { statement.bindNull(index) }
            index += 1
        }
        func flag(_ value: Bool?) {
            if let value { statement.bind(index, Int64(value ? 1 : 0)) } else { statement.bindNull(index) }
            index += 1
        }
        number(state.barHeight)
        flag(state.barHidden)
        number(state.barShown)
        number(state.largeTitleAlpha)
        number(state.inlineTitleAlpha)
        number(state.contentTitleAlpha)
        number(state.avatarScale)
        number(state.avatarTx)
        number(state.avatarTy)
        number(state.blurAlpha)
        if let background = state.background { statement.bind(index, Int64(background.rawValue)) } else { statement.bindNull(index) }
        index += 1
        flag(state.subtitleVisible)
        flag(state.subtitleHasText)
        flag(state.dropdownExpanded)
    }

    /// Reads a state from columns `first`, `first + 1`, …
    @inline(__always)
    static func read(_ statement: Statement, from first: Int32) -> BarState {
        var index = first
        func number() -> Double? {
            defer { index += 1 }
            return statement.optionalDouble(index)
        }
        func flag() -> Bool? {
            defer { index += 1 }
            return statement.optionalInt64(index).map { $0 != 0 }
        }
        var state = BarState()
        state.barHeight = number()
        state.barHidden = flag()
        state.barShown = number()
        state.largeTitleAlpha = number()
        state.inlineTitleAlpha = number()
        state.contentTitleAlpha = number()
        state.avatarScale = number()
        state.avatarTx = number()
        state.avatarTy = number()
        state.blurAlpha = number()
        state.background = statement.optionalInt64(index).flatMap { BarBackground(rawValue: UInt8(clamping: $0)) }
        index += 1
        state.subtitleVisible = flag()
        state.subtitleHasText = flag()
        state.dropdownExpanded = flag()
        return state
    }
}
