package import BarModel

/// A column of `frame_chunks`, derived from the sample's fields and ``BarStateField``: each holds
/// one of a chunk's value vectors (a ``DigitColumn``) with its `_w` (width) and `_base` companions.
///
/// The order is the order of the table's columns and of the writer's and reader's buffers.
package enum FrameChunkColumn: Hashable, Sendable {
    /// The sample's time in integer microseconds.
    case t
    /// The scroll position (thousandths).
    case y
    /// The scroll phase's code (``ScrollPhase/rawValue``).
    case phase
    /// The recorded velocity (thousandths).
    case vy
    /// The recorded frame duration in integer microseconds.
    case frameDuration
    /// 1 when the frame carried an observed state, else 0.
    case observedFlag
    /// A field of the computed state.
    case computed(BarStateField)
    /// A field of the observed state.
    case observed(BarStateField)

    /// Every column, in table order.
    package static let all: [FrameChunkColumn] = [.t, .y, .phase, .vy, .frameDuration, .observedFlag]
        + BarStateField.allCases.map(FrameChunkColumn.computed) + BarStateField.allCases.map(FrameChunkColumn.observed)

    /// Index of the first computed-state column in ``all``; the observed ones follow the computed ones.
    static let firstComputed = 6
    static let firstObserved = firstComputed + BarStateField.allCases.count

    /// The column's name; its width and base are in `<name>_w` and `<name>_base`.
    package var name: String {
        switch self {
        case .t: "t_us"
        case .y: "y"
        case .phase: "phase"
        case .vy: "vy"
        case .frameDuration: "frame_duration_us"
        case .observedFlag: "observed"
        case .computed(let field): BarStateColumns.computed(field)
        case .observed(let field): BarStateColumns.observed(field)
        }
    }

    /// Whether the column holds numbers as exact thousandths (falling back to their text when a
    /// value has none) rather than integers.
    package var isThousandths: Bool {
        switch self {
        case .y, .vy: true
        case .t, .phase, .frameDuration, .observedFlag: false
        case .computed(let field), .observed(let field): field.isNumber
        }
    }
}
