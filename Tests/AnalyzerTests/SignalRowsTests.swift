import BarModel
import Simulation
import Testing
@testable import Analyzer

/// ``SignalRows``: each stream's signals worked out once a block and shared by the flapping and
/// title detectors, which read the same masks each worked out before.
@Suite("Signal rows shared by the detectors")
struct SignalRowsTests {
    /// Rows 0–5: large-title alphas 0.5 (shows), 0.49 (does not), 1, 0, none (the state lacks it),
    /// and 0.5 with the bar hidden.
    /// With observed states equal to the computed ones but on `differingRow`, where the app hides
    /// the large title.
    static func block(differingRow: Int? = nil) -> FrameColumns {
        let block = FrameColumns()
        let alphas: [Double?] = [0.5, 0.49, 1, 0, nil, 0.5]
        for (row, alpha) in alphas.enumerated() {
            let state = BarState(barHidden: row == 5, largeTitleAlpha: alpha, inlineTitleAlpha: alpha.map { 1 - $0 })
            var observed = state
            if row == differingRow { observed.largeTitleAlpha = 0 }
            block.append(seq: row, sample: ScrollSample(t: Double(row) / 60, y: Double(row)), computed: state, observed: observed)
        }
        return block
    }

    @Test("a title shows from visibleAlpha on, only on the rows that have its alpha; each signal as BinarySignal reads it")
    func visibleRows() {
        let block = Self.block()
        let signals = SignalRows(block.computed, count: block.count)
        #expect(signals.visible(.large) == 0b100101)
        // Counter-cases: 0.49 and 0 do not show, and a row without the alpha is not known.
        #expect(signals.visible(.large) & 0b001010 == 0)
        #expect(signals[.largeTitleVisible].known == 0b101111)
        // The inline title's alphas are 1 − the large title's: 0.51 on row 1 shows.
        #expect(signals.visible(.inline) == 0b101011)
        #expect(signals.visible(.content) == 0)
        for (index, signal) in BinarySignal.allCases.enumerated() {
            #expect(signals[index] == signal.rows(in: block.computed, count: block.count))
            #expect(signals[signal] == signals[index])
        }
        #expect(signals[.barHidden].on == 0b100000)
        // Counter-case: the signals of no states have no rows at any index.
        for index in BinarySignal.allCases.indices { #expect(SignalRows()[index] == (0, 0)) }
    }

    @Test("eight rows at a time, every signal reads as value(in:) a row at a time, for blocks of every length", arguments: [1, 6, 8, 13, 63, 64])
    func eightAtATime(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        let block = FrameColumns()
        var states: [BarState] = []
        for row in 0..<count {
            // Alphas around the cut, booleans, backgrounds, and fields some rows lack.
            func maybe<T>(_ value: T) -> T? { Double.random(in: 0..<1, using: &random) < 0.2 ? nil : value }
            let alphas = [0.5, 0.5.nextDown, 0, 1, 0.75, 0.25]
            let state = BarState(
                barHidden: maybe(Bool.random(using: &random)), largeTitleAlpha: maybe(alphas.randomElement(using: &random)!),
                inlineTitleAlpha: maybe(alphas.randomElement(using: &random)!), contentTitleAlpha: maybe(alphas.randomElement(using: &random)!),
                background: maybe(BarBackground.allCases.randomElement(using: &random)!), subtitleVisible: maybe(Bool.random(using: &random)),
                dropdownExpanded: maybe(Bool.random(using: &random)))
            states.append(state)
            block.append(seq: row, sample: ScrollSample(t: Double(row), y: 0), computed: state, observed: nil)
        }
        let signals = SignalRows(block.computed, count: count)
        for signal in BinarySignal.allCases {
            var known: UInt64 = 0, on: UInt64 = 0
            for (row, state) in states.enumerated() {
                guard let value = signal.value(in: state) else { continue }
                known |= 1 << UInt64(row)
                if value { on |= 1 << UInt64(row) }
            }
            #expect(signals[signal] == (known, on), "\(signal)")
            // Counter-case: the rows where it is off are known and not on.
            #expect(signals[signal].on & (known & ~on) == 0)
        }
    }

    @Test("rows past the block's count are never on, whatever the block held before")
    func pastTheCount() {
        let block = FrameColumns()
        for row in 0..<64 {
            block.append(seq: row, sample: ScrollSample(t: Double(row), y: 0), computed: BarState(barHidden: true, largeTitleAlpha: 1), observed: nil)
        }
        block.count = 13
        let signals = SignalRows(block.computed, count: 13)
        #expect(signals[.barHidden].on == (1 << 13) - 1)
        #expect(signals.visible(.large) == (1 << 13) - 1)
    }

    @Test("the title comparison with the shared signals decides as with its own: a title differing on a row, and not")
    func comparisonSameDecisions() {
        let presentations: [TitlePresentation] = [.large, .inline]
        for differingRow in [nil, 2] as [Int?] {
            let block = Self.block(differingRow: differingRow)
            var own = TitleComparisonDetector(presentations: presentations, tolerance: 0)
            var shared = own
            own.observe(rows: block.rows, t: block.t, computed: block.computed, observed: block.observed, observedRows: block.observedRows)
            shared.observe(
                rows: block.rows, t: block.t, computed: block.computed, observed: block.observed, observedRows: block.observedRows,
                computedSignals: SignalRows(block.computed, count: block.count), observedSignals: SignalRows(block.observed, count: block.count))
            own.finish()
            shared.finish()
            #expect(own.findings.map(\.message) == shared.findings.map(\.message))
            #expect(own.findings.isEmpty == (differingRow == nil))
        }
    }
}
