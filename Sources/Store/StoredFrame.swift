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

    /// Binds the fields of the state at `state` to parameters `first`, `first + 1`, … and returns
    /// which hold a value (bit i for the i-th field, as in `session_columns.mask`). A pointer, not a
    /// value: the ~140-byte state was copied for each call (callgrind).
    @inline(__always)
    static func bind(_ state: UnsafePointer<BarState>, to binder: ParameterBinder, from first: Int32) -> UInt32 {
        var mask: UInt32 = 0
        @inline(__always) func number(_ offset: Int32, _ value: Double?) {
            binder.bindNumber(first + offset, value)
            if value != nil { mask |= 1 << UInt32(offset) }
        }
        @inline(__always) func flag(_ offset: Int32, _ value: Bool?) {
            binder.bindFlag(first + offset, value)
            if value != nil { mask |= 1 << UInt32(offset) }
        }
        number(0, state.pointee.barHeight)
        flag(1, state.pointee.barHidden)
        number(2, state.pointee.barShown)
        number(3, state.pointee.largeTitleAlpha)
        number(4, state.pointee.inlineTitleAlpha)
        number(5, state.pointee.contentTitleAlpha)
        number(6, state.pointee.avatarScale)
        number(7, state.pointee.avatarTx)
        number(8, state.pointee.avatarTy)
        number(9, state.pointee.blurAlpha)
        if let background = state.pointee.background {
            binder.bind(first + 10, Int64(background.rawValue))
            mask |= 1 << 10
        } else {
            binder.bindNull(first + 10)
        }
        flag(11, state.pointee.subtitleVisible)
        flag(12, state.pointee.subtitleHasText)
        flag(13, state.pointee.dropdownExpanded)
        return mask
    }

    /// Binds NULL to the fields' parameters `first`, `first + 1`, … (skipped where already NULL).
    @inline(__always)
    static func bindNull(to binder: ParameterBinder, from first: Int32) {
        for index in first..<(first + count) { binder.bindNull(index) }
    }
}
