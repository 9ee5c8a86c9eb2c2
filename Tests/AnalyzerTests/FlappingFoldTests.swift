import BarModel
import Testing
@testable import Analyzer

/// The flapping detector's block path — rows between two toggles folded from bit masks — against
/// ANALYSIS.md's rule applied a sample at a time (``ReferenceFlapping``), on the computed stream
/// with the app's states beside it: every episode, with its span, `y` range, the app's toggles
/// and its band, must be the same.
@Suite("Flapping over column blocks with the app's states")
struct FlappingFoldTests {
    /// The flapping rule for one signal, a sample at a time: what the detector did per row before
    /// it folded the rows between toggles.
    struct ReferenceFlapping {
        let window: Double, minimum: Int, sweepLimit: Double, threshold: Double?
        var last: Bool?, count = 0, start = 0.0, lastToggle = 0.0
        var runMin = 0.0, runMax = 0.0, spanMin = 0.0, spanMax = 0.0, sweepMin = 0.0, sweepMax = 0.0
        var observedLast: Bool?, observedKnown = false
        var runToggles = 0, spanToggles = 0, runBand = 0.0, spanBand = 0.0
        var started = false
        var episodes: [FlappingDetector.Episode] = []
        let signal: BinarySignal

        init(signal: BinarySignal, settings: AnalyzerSettings.Flapping, behaviors: BehaviorSet) {
            self.signal = signal
            window = settings.window
            minimum = settings.minToggles
            sweepLimit = FlappingDetector.sweepLimit(of: signal, behaviors: behaviors, settings: settings)
            threshold = signal.hysteresisParameter(in: behaviors).flatMap { HysteresisSearch.threshold(of: $0, in: behaviors) }
        }

        mutating func sample(t: Double, y: Double, value: Bool?, observed: Bool?) {
            // Nothing is visited before either stream first has the signal.
            guard started || value != nil || observed != nil else { return }
            started = true
            if count > 0 { runMin = min(runMin, y); runMax = max(runMax, y) }
            sweepMin = min(sweepMin, y)
            sweepMax = max(sweepMax, y)
            var observedToggled = false
            if let observed {
                if let observedLast, observedLast != observed { observedToggled = true }
                observedLast = observed
            }
            guard let value else { return }
            if count > 0 {
                if observedToggled { runToggles += 1 }
                if let threshold, let observedLast, observedLast != value { runBand = max(runBand, abs(y - threshold)) }
            }
            guard let previous = last else {
                last = value
                sweepMin = y
                sweepMax = y
                return
            }
            guard value != previous else { return }
            last = value
            let sweep = sweepMax - sweepMin
            sweepMin = y
            sweepMax = y
            if count > 0, t - lastToggle <= window, sweep <= sweepLimit {
                count += 1
                lastToggle = t
                spanMin = runMin
                spanMax = runMax
                spanToggles = runToggles
                spanBand = runBand
            } else {
                close()
                count = 1
                start = t
                lastToggle = t
                runMin = y; runMax = y; spanMin = y; spanMax = y
                observedKnown = observedLast != nil
                runToggles = observedToggled ? 1 : 0
                spanToggles = runToggles
                var band = 0.0
                if let threshold, let observedLast, observedLast != value { band = abs(y - threshold) }
                runBand = band
                spanBand = band
            }
        }

        mutating func close() {
            guard count >= minimum else { return }
            episodes.append(FlappingDetector.Episode(
                signal: signal, count: count, start: start, end: lastToggle, yMin: spanMin, yMax: spanMax,
                observed: observedKnown ? FlappingDetector.ObservedDuring(toggles: spanToggles, band: spanBand) : nil))
        }
    }

    /// How a block carries the app's state: on every row, on none, on some.
    enum Observed: CaseIterable { case every, none, some }

    /// `blocks` blocks of a large title (collapse distance 52.5 pt) whose `y` wanders across the
    /// threshold, computed by a Schmitt rule, the app following with its own band and a lag; the
    /// app's rows per block as `pattern` says, the model's from row `firstRow` of block 0 on.
    static func blocks(_ count: Int, seed: UInt64, pattern: (Int) -> Observed, firstRow: Int = 0) -> [FrameColumns] {
        var random = seed
        func next() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        var y = 50.0, computed = false, app = false
        var blocks: [FrameColumns] = []
        for number in 0..<count {
            let block = FrameColumns()
            let observedRows = pattern(number)
            for row in 0..<64 {
                let seq = number * 64 + row
                // Mostly small steps around the threshold, now and then a long sweep or a rest.
                let step = next() < 0.05 ? (next() - 0.5) * 60 : next() < 0.3 ? 0 : (next() - 0.5) * 3
                y = min(90, max(10, y + step))
                if y >= 52.5 { computed = true } else if y < 52.5 - RestTolerance.points { computed = false }
                if y >= 54 { app = true } else if y < 51 { app = false }
                let hasModel = number > 0 || row >= firstRow
                let reports: Bool
                switch observedRows {
                case .every: reports = true
                case .none: reports = false
                case .some: reports = next() < 0.6
                }
                let state = BarState(largeTitleAlpha: computed ? 0 : 1, inlineTitleAlpha: computed ? 1 : 0)
                block.append(
                    seq: seq, sample: ScrollSample(t: Double(seq) / 60, y: y),
                    computed: hasModel ? state : BarState(),
                    observed: reports ? BarState(largeTitleAlpha: app ? 0 : 1, inlineTitleAlpha: app ? 1 : 0) : nil)
            }
            blocks.append(block)
        }
        return blocks
    }

    /// The detector's episodes over `blocks` (each block whole, or in two parts split at `split`)
    /// and the reference's, per signal.
    static func compare(_ blocks: [FrameColumns], split: Int? = nil) throws -> [FlappingDetector.Episode] {
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        let settings = AnalyzerSettings().flapping
        var detector = FlappingDetector(settings: settings, behaviors: behaviors)
        var references = [BinarySignal.largeTitleVisible, .inlineTitleVisible].map {
            ReferenceFlapping(signal: $0, settings: settings, behaviors: behaviors)
        }
        for block in blocks {
            let observed = block.observedRows != 0 ? block.observed : nil
            if let split {
                let low: UInt64 = (1 << UInt64(split)) - 1
                detector.observe(rows: low, count: 64, t: block.t, y: block.y, states: block.computed, observed: observed)
                detector.observe(rows: ~low, count: 64, t: block.t, y: block.y, states: block.computed, observed: observed)
            } else {
                detector.observe(rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed, observed: observed)
            }
            for row in 0..<64 {
                let computed = block.computed.state(at: row)
                let app = block.observedRows >> UInt64(row) & 1 != 0 ? block.observed.state(at: row) : nil
                for index in references.indices {
                    let signal = references[index].signal
                    references[index].sample(
                        t: block.t[row], y: block.y[row], value: signal.value(in: computed), observed: app.flatMap(signal.value(in:)))
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

    @Test("the app's state on every row, on none and on some: the same episodes as a sample at a time", arguments: [1, 2, 3, 4])
    func patterns(seed: Int) throws {
        let patterns: [Observed] = [.every, .every, .none, .some, .every, .none, .none, .some]
        let episodes = try Self.compare(Self.blocks(40, seed: UInt64(seed), pattern: { patterns[$0 % patterns.count] }))
        // The case is one the fold decides: episodes where the app flipped and where it differed.
        #expect(episodes.count >= 4)
        #expect(episodes.contains { ($0.observed?.toggles ?? 0) > 0 })
        #expect(episodes.contains { ($0.observed?.band ?? 0) > 0 })
    }

    @Test("blocks given in two parts, and the model's first value mid-block, as a sample at a time")
    func partsAndFirstValue() throws {
        for split in [1, 31, 63] {
            _ = try Self.compare(Self.blocks(24, seed: 7, pattern: { $0 % 3 == 0 ? .every : .some }), split: split)
        }
        // The app reports from row 0, the model from row 17: the app's rows before lead the fold.
        let late = try Self.compare(Self.blocks(24, seed: 9, pattern: { _ in .every }, firstRow: 17))
        #expect(!late.isEmpty)
    }

    @Test("counter-case: the app's toggles and band are counted only inside a run, a flip on a block's first row too; exact figures")
    func exactFigures() throws {
        // y crosses 52.5 at rows 10, 20, 30 and 69 (the model toggles there); the app flips at
        // rows 15, 25 and 64 (the second block's first row, not a toggle of the model's).
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        var detector = FlappingDetector(settings: AnalyzerSettings().flapping, behaviors: behaviors)
        for number in 0..<2 {
            let block = FrameColumns()
            for row in 0..<64 {
                let seq = number * 64 + row
                let high = (10..<20).contains(seq) || (30..<69).contains(seq)
                let y: Double = high ? 55 + Double(seq % 3) : 50 - Double(seq % 4)
                let on = y >= 52.5
                let app = (15..<25).contains(seq) || seq >= 64
                block.append(
                    seq: seq, sample: ScrollSample(t: Double(seq) / 60, y: y),
                    computed: BarState(largeTitleAlpha: on ? 0 : 1, inlineTitleAlpha: on ? 1 : 0),
                    observed: BarState(largeTitleAlpha: app ? 0 : 1, inlineTitleAlpha: app ? 1 : 0))
            }
            detector.observe(rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed, observed: block.observed)
        }
        detector.finish()
        let inline = try #require(detector.episodes.first { $0.signal == .inlineTitleVisible })
        #expect(inline.count == 4 && inline.start == 10.0 / 60 && inline.end == 69.0 / 60)
        #expect(inline.yMin == 47 && inline.yMax == 57)
        // The app's flips at 15, 25 and 64 fall inside the run; its value differed from the
        // model's at rows 10–14 (y 55–57), 20–24 (y 47–50), 30–63 (y 55–57) and 69 (y 50): the
        // band is the largest |y − 52.5| there.
        #expect(inline.observed == FlappingDetector.ObservedDuring(toggles: 3, band: 5.5))
    }
}
