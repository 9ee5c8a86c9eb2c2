import BarModel
import Testing
@testable import Analyzer

/// The flapping detector's `y` range of a run of rows (`maxsd`'s tie rule, a 0 folded again)
/// against `min` and `max` folded a row at a time, bit for bit: a 0 and a −0 are equal, and only
/// the tie rule decides which of them is the largest.
@Suite("Flapping's y range of a run of rows")
struct FlappingRangeTests {
    static func block(_ values: [Double]) -> FrameColumns {
        let block = FrameColumns()
        for (row, y) in values.enumerated() {
            block.append(seq: row, sample: ScrollSample(t: Double(row) / 60, y: y), computed: BarState(), observed: nil)
        }
        return block
    }

    /// `min` and `max` a row at a time, from the infinities: the range the detector folded before.
    static func reference(_ y: FrameColumn<Double>, from: Int, to: Int) -> (min: Double, max: Double) {
        var low = Double.infinity, high = -Double.infinity
        for row in from..<to {
            low = min(low, y[row])
            high = max(high, y[row])
        }
        return (low, high)
    }

    static func same(_ a: (min: Double, max: Double), _ b: (min: Double, max: Double)) -> Bool {
        a.min.bitPattern == b.min.bitPattern && a.max.bitPattern == b.max.bitPattern
    }

    @Test("every run of every block: values drawn from a few, 0 and −0 among them, the same bits as a row at a time", arguments: [1, 2, 3])
    func everyRun(seed: UInt64) {
        var random = seed
        func next() -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int(random >> 33)
        }
        let choices: [Double] = [0, -0.0, 0, -0.0, -1.5, 2.25, -3, 0.5]
        let block = Self.block((0..<64).map { _ in choices[next() % choices.count] })
        for from in 0..<64 {
            for to in from + 1...64 {
                let range = FlappingDetector.range(of: block.y, from: from, to: to)
                #expect(Self.same(range, Self.reference(block.y, from: from, to: to)), "rows \(from)..<\(to)")
            }
        }
    }

    @Test("the largest of a 0 and a −0 is the later, the smallest the earlier; counter-case: a positive largest beside them")
    func signedZeros() {
        let zeroFirst = Self.block([-2, 0, -0.0])
        #expect(Self.same(FlappingDetector.range(of: zeroFirst.y, from: 0, to: 3), (-2, -0.0)))
        #expect(Self.same(FlappingDetector.range(of: zeroFirst.y, from: 1, to: 3), (0, -0.0)))
        let negativeZeroFirst = Self.block([-0.0, 0, -2])
        #expect(Self.same(FlappingDetector.range(of: negativeZeroFirst.y, from: 0, to: 3), (-2, 0)))
        #expect(Self.same(FlappingDetector.range(of: negativeZeroFirst.y, from: 0, to: 2), (-0.0, 0)))
        let positive = Self.block([0, -0.0, 1, 0])
        #expect(Self.same(FlappingDetector.range(of: positive.y, from: 0, to: 4), (0, 1)))
    }

    /// Both streams' detectors over `blocks`, each block's range of `y` shared between them
    /// through `blockRange` (starting each block as `start`), or each working it out itself (`nil`).
    static func episodes(_ blocks: [FrameColumns], sharing start: (min: Double, max: Double)??) throws -> [FlappingDetector.Episode] {
        var behaviors = BehaviorSet()
        try behaviors.add(LargeTitle.name)
        let settings = AnalyzerSettings().flapping
        var computed = FlappingDetector(settings: settings, behaviors: behaviors)
        var app = FlappingDetector(settings: settings, behaviors: behaviors)
        for block in blocks {
            if var blockRange = start {
                computed.observe(
                    rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed, observed: block.observed,
                    blockRange: &blockRange)
                app.observe(rows: block.observedRows, count: 64, t: block.t, y: block.y, states: block.observed, blockRange: &blockRange)
            } else {
                computed.observe(rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed, observed: block.observed)
                app.observe(rows: block.observedRows, count: 64, t: block.t, y: block.y, states: block.observed)
            }
        }
        computed.finish()
        app.finish()
        return computed.episodes + app.episodes
    }

    @Test("the block's range worked out by the model's detector and read by the app's: the episodes each finds alone, and the range is the block's; counter-case: a range given is read, not worked out again")
    func sharedBetweenStreams() throws {
        let blocks = FlappingFoldTests.blocks(40, seed: 5, pattern: { _ in .every })
        let alone = try Self.episodes(blocks, sharing: nil)
        #expect(alone.count > 4)
        #expect(try Self.episodes(blocks, sharing: .some(nil)) == alone)
        var behaviors = BehaviorSet()
        try behaviors.add(LargeTitle.name)
        var detector = FlappingDetector(settings: AnalyzerSettings().flapping, behaviors: behaviors)
        var given = FlappingDetector(settings: AnalyzerSettings().flapping, behaviors: behaviors)
        var worked = 0
        for block in blocks {
            var blockRange: (min: Double, max: Double)?
            detector.observe(rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed, blockRange: &blockRange)
            if let blockRange {
                worked += 1
                #expect(Self.same(blockRange, FlappingDetector.range(of: block.y, from: 0, to: 64)))
            }
            var wrong: (min: Double, max: Double)? = (-1000, 1000)
            given.observe(rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed, blockRange: &wrong)
            #expect(wrong.map { Self.same($0, (-1000, 1000)) } == true)
        }
        #expect(worked > 0)
    }
}
