import BarModel

/// Every ``BinarySignal`` over one stream of a block (``BinarySignal/rows(in:count:)``), worked
/// out once a block for the detectors that read them: both flapping detectors and the title
/// detectors each worked out their own, the app's stream's three times.
struct SignalRows: Sendable {
    private var known = SIMD8<UInt64>(), on = SIMD8<UInt64>()

    /// No rows of any signal: the signals of a stream that has no states.
    init() {}

    /// The signals of `states`' first `count` rows.
    ///
    /// Each signal named, in ``BinarySignal/allCases`` order (the lanes the subscripts read), and
    /// the vectors built once from scalars: written a lane at a time, each lane's store and the
    /// next whole-vector load missed store forwarding, and that was most of the time spent here.
    init(_ states: FrameStateColumns, count: Int) {
        let barHidden = BinarySignal.barHidden.rows(in: states, count: count)
        let background = BinarySignal.background.rows(in: states, count: count)
        let largeTitle = BinarySignal.largeTitleVisible.rows(in: states, count: count)
        let inlineTitle = BinarySignal.inlineTitleVisible.rows(in: states, count: count)
        let contentTitle = BinarySignal.contentTitleVisible.rows(in: states, count: count)
        let subtitle = BinarySignal.subtitleVisible.rows(in: states, count: count)
        let dropdown = BinarySignal.dropdownExpanded.rows(in: states, count: count)
        known = SIMD8(
            barHidden.known, background.known, largeTitle.known, inlineTitle.known, contentTitle.known, subtitle.known,
            dropdown.known, 0)
        on = SIMD8(barHidden.on, background.on, largeTitle.on, inlineTitle.on, contentTitle.on, subtitle.on, dropdown.on, 0)
    }

    /// The rows that have the signal of ``BinarySignal/allCases`` at `index`, and of those the
    /// ones where it is on.
    ///
    /// Each lane named by a constant: a lane named by a variable copied both whole vectors to the
    /// stack first, for each signal of each block the flapping detectors read.
    @inline(__always)
    subscript(index: Int) -> (known: UInt64, on: UInt64) {
        switch index {
        case 0: (known[0], on[0])
        case 1: (known[1], on[1])
        case 2: (known[2], on[2])
        case 3: (known[3], on[3])
        case 4: (known[4], on[4])
        case 5: (known[5], on[5])
        case 6: (known[6], on[6])
        default: (known[7], on[7])
        }
    }

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
