import BarModel

/// Every ``BinarySignal`` over one stream of a block (``BinarySignal/rows(in:count:)``), worked
/// out once a block for the detectors that read them: both flapping detectors and the title
/// detectors each worked out their own, the app's stream's three times.
struct SignalRows: Sendable {
    private var known = SIMD8<UInt64>(), on = SIMD8<UInt64>()

    /// The signals of `states`' first `count` rows.
    init(_ states: FrameStateColumns, count: Int) {
        for index in BinarySignal.allCases.indices {
            (known[index], on[index]) = BinarySignal.allCases[index].rows(in: states, count: count)
        }
    }

    /// The rows that have the signal of ``BinarySignal/allCases`` at `index`, and of those the
    /// ones where it is on.
    @inline(__always)
    subscript(index: Int) -> (known: UInt64, on: UInt64) { (known[index], on[index]) }

    /// The rows that have `signal`, and of those the ones where it is on.
    subscript(signal: BinarySignal) -> (known: UInt64, on: UInt64) { self[BinarySignal.allCases.firstIndex(of: signal)!] }

    /// The rows where `presentation` shows: its alpha at least ``BarState/visibleAlpha``.
    func visible(_ presentation: TitlePresentation) -> UInt64 { self[Self.signal(showing: presentation)].on }

    /// The signal that is on where `presentation` shows.
    static func signal(showing presentation: TitlePresentation) -> BinarySignal {
        switch presentation {
        case .large: .largeTitleVisible
        case .inline: .inlineTitleVisible
        case .content: .contentTitleVisible
        }
    }
}
