import BarModel
import Testing
@testable import Analyzer

/// The jitter detector visits, over a run of rows, only those whose value moved from the row
/// before: against ANALYSIS.md's rule applied a sample at a time (``ReferenceJitter``), on values
/// that hold still for many rows, repeat exactly, wobble, and switch between 0 and 1.
@Suite("Jitter over runs of equal values")
struct JitterMovedRowsTests {
    /// The jitter rule for one signal, a sample at a time: what the detector does per row.
    struct ReferenceJitter {
        var counter: ReversalCounter
        let window: Double, minimum: Int, signal: ContinuousSignal
        var count = 0, start = 0.0, lastReversal = 0.0, amplitude = 0.0
        var inputBase = 0, inputEnd = 0, inputAtLastStep = 0
        var episodes: [JitterDetector.Episode] = []

        mutating func sample(t: Double, value: Double, after: Int) {
            let step: Double
            switch counter.add(value) {
            case .still: return
            case .step:
                inputAtLastStep = after
                return
            case .reversal(let reversing): step = reversing
            }
            let leading = after > inputAtLastStep ? after - 1 : after
            inputAtLastStep = after
            if count > 0, t - lastReversal <= window {
                count += 1
                lastReversal = t
                amplitude = max(amplitude, abs(step))
                inputEnd = after
            } else {
                close()
                count = 1
                start = t
                lastReversal = t
                amplitude = abs(step)
                inputBase = leading
                inputEnd = after
            }
        }

        mutating func close() {
            let input = inputEnd - inputBase
            guard count >= minimum, count > input else { return }
            episodes.append(JitterDetector.Episode(
                signal: signal, count: count, inputReversals: input, amplitude: amplitude, start: start, end: lastReversal))
        }
    }

    /// The detector's episodes of `barHeight` and `largeTitleAlpha` over `blocks` blocks, against
    /// the reference's; the values hold for runs of 1–12 rows, and the model has them from row
    /// `firstRow` of block 0 on.
    static func compare(blocks: Int, seed: UInt64, firstRow: Int = 0) -> [JitterDetector.Episode] {
        var random = seed
        func next() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        let settings = AnalyzerSettings().jitter
        var detector = JitterDetector(settings: settings)
        var references = [ContinuousSignal.barHeight, .largeTitleAlpha].map { signal in
            ReferenceJitter(
                counter: signal.isLength
                    ? ReversalCounter(epsilon: settings.epsilon) : ReversalCounter(epsilon: settings.fractionEpsilon, switches: true),
                window: settings.window, minimum: settings.minReversals, signal: signal)
        }
        var height = 60.0, alpha = 1.0, hold = 0, inputReversals = 0
        let inputAfter = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        defer { inputAfter.deallocate() }
        for number in 0..<blocks {
            let block = FrameColumns()
            for row in 0..<64 {
                if hold == 0 {
                    hold = 1 + Int(next() * 12)
                    // Back and forth by 0.2–2 pt (some below the noise), now and then a switch of the
                    // alpha between 0 and 1 or a fade step.
                    height += (next() < 0.5 ? -1 : 1) * (0.2 + next() * 1.8)
                    alpha = next() < 0.1 ? 1 - (alpha >= 0.5 ? 1 : 0) : next() < 0.3 ? max(0, min(1, alpha + next() * 0.2 - 0.1)) : alpha
                    if next() < 0.2 { inputReversals += 1 }
                }
                hold -= 1
                inputAfter[row] = inputReversals
                let seq = number * 64 + row
                let state = number > 0 || row >= firstRow ? BarState(barHeight: height, largeTitleAlpha: alpha) : BarState()
                block.append(seq: seq, sample: ScrollSample(t: Double(seq) / 60, y: 0), computed: state, observed: nil)
            }
            detector.observe(rows: block.rows, t: block.t, states: block.computed, inputAfter: UnsafePointer(inputAfter))
            for row in 0..<64 {
                for index in references.indices {
                    guard let value = references[index].signal.value(in: block.computed.state(at: row)) else { continue }
                    references[index].sample(t: block.t[row], value: value, after: inputAfter[row])
                }
            }
        }
        detector.finish()
        for index in references.indices { references[index].close() }
        for reference in references {
            #expect(detector.episodes.filter { $0.signal == reference.signal } == reference.episodes)
        }
        return detector.episodes
    }

    @Test("values that hold for runs of rows: the same episodes as a sample at a time", arguments: [1, 2, 3])
    func runs(seed: Int) {
        let episodes = Self.compare(blocks: 40, seed: UInt64(seed))
        #expect(episodes.contains { $0.signal == .barHeight })
        #expect(episodes.contains { $0.signal == .largeTitleAlpha })
    }

    @Test("the first value mid-block, and a block's first row equal to the last block's last: as a sample at a time")
    func firstValueMidBlock() {
        #expect(!Self.compare(blocks: 20, seed: 5, firstRow: 23).isEmpty)
    }

    @Test("counter-case: a repeated value between two moves is no reversal, a move back after it is")
    func repeatedValue() {
        var detector = JitterDetector(settings: AnalyzerSettings().jitter)
        let block = FrameColumns()
        // 10, 11, 11, 11, 10, 10, 11, 10 (then holds): the repeats change nothing, so the moves
        // reverse at rows 4, 6 and 7 — three reversals within 0.25 s, where y did not reverse.
        let heights: [Double] = [10, 11, 11, 11, 10, 10, 11, 10]
        for row in 0..<64 {
            block.append(seq: row, sample: ScrollSample(t: Double(row) / 60, y: 0),
                         computed: BarState(barHeight: heights[min(row, heights.count - 1)]), observed: nil)
        }
        let inputAfter = [Int](repeating: 0, count: 64)
        inputAfter.withUnsafeBufferPointer {
            detector.observe(rows: block.rows, t: block.t, states: block.computed, inputAfter: $0.baseAddress!)
        }
        detector.finish()
        #expect(detector.episodes == [JitterDetector.Episode(
            signal: .barHeight, count: 3, inputReversals: 0, amplitude: 1, start: 4.0 / 60, end: 7.0 / 60)])
    }

    /// The rows after `first` and before `end` whose value differs from the row before's, a row at a time.
    static func changedRowByRow(_ values: FrameColumn<Double>, after first: Int, before end: Int) -> UInt64 {
        var changed: UInt64 = 0
        for row in (first + 1)..<max(first + 1, end) where values[row] != values[row - 1] { changed |= 1 << UInt64(row) }
        return changed
    }

    @Test("the rows whose value changed, eight at a time, are those a row at a time finds, for every range of a block")
    func changedRowsEightAtATime() {
        let block = FrameColumns()
        let values = block.computed.column(.barHeight)
        var random: UInt64 = 38
        for round in 0..<6 {
            // Runs of equal values across the groups' edges, NaN (never equal), and 0 beside -0 (equal).
            var value = 0.0
            for row in 0..<64 {
                random = random &* 6364136223846793005 &+ 1442695040888963407
                switch (random >> 33) % 7 {
                case 0: value = .nan
                case 1: value = value == 0 ? -0.0 : 0
                case 2, 3: value = Double((random >> 40) % 4)
                default: break
                }
                values[row] = round == 0 ? 5 : value
            }
            for first in 0..<64 {
                for end in (first + 1)...64 {
                    #expect(
                        JitterDetector.changedRows(of: values, after: first, before: end) == Self.changedRowByRow(values, after: first, before: end),
                        "round \(round), rows \(first)..<\(end)")
                }
            }
        }
        // Counter-case: a value that changes across the edge of two groups (rows 7 and 8) is in
        // the mask; the same value on both sides is not.
        for row in 0..<64 { values[row] = row < 8 ? 1 : 2 }
        #expect(JitterDetector.changedRows(of: values, after: 0, before: 64) == 1 << 8)
        values[7] = 2
        #expect(JitterDetector.changedRows(of: values, after: 0, before: 64) == 1 << 7)
    }
}
