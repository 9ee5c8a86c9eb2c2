import BarModel
import Testing
@testable import Analyzer

/// The detectors' block paths against their row-at-a-time paths: a block whose rows all carry a
/// field (and no observed state) takes the bit-mask shortcuts; the same rows given in two parts
/// (not the block's whole row mask) go a row at a time. Both must give the same episodes.
@Suite("Detectors over column blocks")
struct ColumnDetectorTests {
    /// 64 rows of a large title crossing its threshold back and forth with ±2 pt of tremor: `y`
    /// around 50 pt, the inline title visible above it.
    static func block(_ number: Int) -> FrameColumns {
        let block = FrameColumns()
        for row in 0..<64 {
            let seq = number * 64 + row
            let wave: Double = Double(abs(18 - seq % 36)) / 3
            let tremor: Double = Double((seq * 7919) % 41) / 10 - 2
            let y = 47 + wave + tremor
            let visible = y >= 50
            block.append(SessionFrame(
                seq: seq, sample: ScrollSample(t: Double(seq) / 120, y: y),
                computed: BarState(
                    barHeight: 96 - min(y, 52) / 2, largeTitleAlpha: visible ? 0 : 1, inlineTitleAlpha: visible ? 1 : 0,
                    blurAlpha: visible ? 0.25 : 0.75)))
        }
        return block
    }

    @Test("flapping: whole blocks and blocks in two parts give the same episodes, with exact values")
    func flapping() throws {
        var behaviors = BehaviorSet()
        try behaviors.add("largeTitle")
        var whole = FlappingDetector(settings: AnalyzerSettings().flapping, behaviors: behaviors)
        var parts = whole
        for number in 0..<20 {
            let block = Self.block(number)
            whole.observe(rows: block.rows, count: 64, t: block.t, y: block.y, states: block.computed)
            let low: UInt64 = (1 << 23) - 1
            parts.observe(rows: low, count: 64, t: block.t, y: block.y, states: block.computed)
            parts.observe(rows: ~low, count: 64, t: block.t, y: block.y, states: block.computed)
        }
        whole.finish()
        parts.finish()
        #expect(!whole.episodes.isEmpty)
        #expect(whole.episodes == parts.episodes)
        let first = try #require(whole.episodes.first)
        #expect(whole.episodes.count == 2)
        #expect(first.signal == .largeTitleVisible && first.count == 217 && first.start == 7.0 / 120 && first.end == 1271.0 / 120)
        #expect(first.yMin == 45 && first.yMax == 55)
    }

    /// The two-titles check of a large title, on the computed stream.
    static func titleDetector() -> TitleMismatchDetector {
        TitleMismatchDetector(presentations: [.large, .inline], source: .computed, tolerance: 0.01, errorAfter: 1)
    }

    @Test("title mismatches: whole blocks and blocks in two parts give the same findings")
    func titles() throws {
        var whole = Self.titleDetector(), parts = Self.titleDetector()
        for number in 0..<20 {
            let block = Self.block(number)
            // Both titles hidden on every 50th frame (seq 0, 50, …): none_visible runs of one frame.
            for row in 0..<64 where (number * 64 + row) % 50 < 3 {
                block.computed.column(.largeTitleAlpha)[row] = 0
                block.computed.column(.inlineTitleAlpha)[row] = 0
            }
            whole.observe(rows: block.rows, t: block.t, states: block.computed)
            let low: UInt64 = (1 << 40) - 1
            parts.observe(rows: low, t: block.t, states: block.computed)
            parts.observe(rows: ~low, t: block.t, states: block.computed)
        }
        whole.finish()
        parts.finish()
        #expect(whole.findings.count == 26)
        let ends: [Double] = [3.0 / 120, 53.0 / 120]
        #expect(Array(whole.findings.prefix(2).map(\.end)) == ends)
        #expect(whole.findings.allSatisfy { $0.subkind == "none_visible" })
        #expect(whole.findings.map(\.start) == parts.findings.map(\.start))
        #expect(whole.findings.map(\.end) == parts.findings.map(\.end))
        #expect(whole.findings.map(\.message) == parts.findings.map(\.message))
        #expect(whole.findings.first?.start == 0)
    }

    @Test("title mismatches with barHidden on every row (hide-on-swipe): whole blocks and blocks in two parts give the same findings")
    func titlesWithBarHiddenOnEveryRow() throws {
        var whole = Self.titleDetector(), parts = Self.titleDetector()
        for number in 0..<20 {
            let block = Self.block(number)
            for row in 0..<64 {
                let seq = number * 64 + row
                // Both titles hidden for 6 frames of every 50; the bar hidden for 18 frames of every
                // 70, which hides some of those runs and cuts others short.
                if seq % 50 < 6 {
                    block.computed.column(.largeTitleAlpha)[row] = 0
                    block.computed.column(.inlineTitleAlpha)[row] = 0
                }
                block.computed.column(.barHidden)[row] = seq % 70 >= 52 ? 1 : 0
            }
            block.computed.known[BarStateField.barHidden.maskBit] = block.rows
            whole.observe(rows: block.rows, t: block.t, states: block.computed)
            let low: UInt64 = (1 << 40) - 1
            parts.observe(rows: low, t: block.t, states: block.computed)
            parts.observe(rows: ~low, t: block.t, states: block.computed)
        }
        whole.finish()
        parts.finish()
        // Runs of two frames or more last longer than the tolerance. The bar hides seq 52–69, so
        // the run from 50 is two frames; seq 200–205 lie inside 192–209, so that run is none.
        #expect(whole.findings.count == 22)
        let first: [Double]? = whole.findings.first.map { [$0.start, $0.end] }
        #expect(first == [0, 6.0 / 120])
        #expect(whole.findings.contains { $0.start == 50.0 / 120 && $0.end == 52.0 / 120 })
        #expect(whole.findings.contains { $0.start == 750.0 / 120 && $0.end == 752.0 / 120 })
        #expect(!whole.findings.contains { $0.start == 200.0 / 120 })
        #expect(whole.findings.map(\.start) == parts.findings.map(\.start))
        #expect(whole.findings.map(\.end) == parts.findings.map(\.end))
        #expect(whole.findings.map(\.message) == parts.findings.map(\.message))
    }

    @Test("title comparison: quiet blocks skip, a disagreement inside a block and across blocks is found with exact times")
    func comparisonBlocks() throws {
        let presentations: [TitlePresentation] = [.large, .inline]
        var whole = TitleComparisonDetector(presentations: presentations, tolerance: 0.01)
        var rowByRow = whole
        for number in 0..<6 {
            let block = Self.block(number)
            for row in 0..<64 {
                let seq = number * 64 + row
                // The app agrees with the model except at seq 100–109 and 180–199 (across a block's end).
                let flipped = (100..<110).contains(seq) || (180..<200).contains(seq)
                let large = block.computed.column(.largeTitleAlpha)[row], inline = block.computed.column(.inlineTitleAlpha)[row]
                block.observed.set(BarState(largeTitleAlpha: flipped ? 1 - large : large, inlineTitleAlpha: flipped ? 1 - inline : inline), at: row)
            }
            block.observedRows = block.rows
            Self.compare(block, whole: &whole, rowByRow: &rowByRow)
        }
        whole.finish()
        rowByRow.finish()
        let spans: [[Double]] = whole.findings.map { [$0.start, $0.end] }
        let expected: [[Double]] = [[100.0 / 120, 110.0 / 120], [180.0 / 120, 200.0 / 120]]
        #expect(spans == expected)
        #expect(whole.findings.map(\.message) == rowByRow.findings.map(\.message))
        #expect(whole.findings.map(\.end) == rowByRow.findings.map(\.end))
    }

    @Test("title comparison with barHidden on every row of both streams (hide-on-swipe): quiet blocks skip; a title or barHidden disagreement is found, a title one while the bar is hidden is not")
    func comparisonWithBarHidden() throws {
        let presentations: [TitlePresentation] = [.large, .inline]
        var whole = TitleComparisonDetector(presentations: presentations, tolerance: 0.01)
        var rowByRow = whole
        for number in 0..<6 {
            let block = Self.block(number)
            for row in 0..<64 {
                let seq = number * 64 + row
                // The model hides the bar at seq 80–99, 180–199, …; the app follows, except that
                // it flips its titles at 130–139 (bar shown: a finding), 185–194 (bar hidden in
                // both: none) and 200–209 (shown again, in a block that starts hidden: a finding),
                // and hides the bar at 250–261 where the model shows it.
                let hidden = seq % 100 >= 80
                let flipped = (130..<140).contains(seq) || (185..<195).contains(seq) || (200..<210).contains(seq)
                let large = block.computed.column(.largeTitleAlpha)[row], inline = block.computed.column(.inlineTitleAlpha)[row]
                block.computed.column(.barHidden)[row] = hidden ? 1 : 0
                block.observed.set(BarState(
                    barHidden: hidden || (250..<262).contains(seq), largeTitleAlpha: flipped ? 1 - large : large,
                    inlineTitleAlpha: flipped ? 1 - inline : inline), at: row)
            }
            block.computed.known[BarStateField.barHidden.maskBit] = block.rows
            block.observedRows = block.rows
            Self.compare(block, whole: &whole, rowByRow: &rowByRow)
        }
        whole.finish()
        rowByRow.finish()
        let spans: [[Double]] = whole.findings.map { [$0.start, $0.end] }
        let expected: [[Double]] = [[130.0 / 120, 140.0 / 120], [200.0 / 120, 210.0 / 120], [250.0 / 120, 262.0 / 120]]
        #expect(spans == expected)
        #expect(whole.findings.map(\.signal) == ["largeTitle+inlineTitle", "largeTitle+inlineTitle", "barHidden"])
        #expect(whole.findings.map(\.message) == rowByRow.findings.map(\.message))
        #expect(whole.findings.map(\.end) == rowByRow.findings.map(\.end))
    }

    /// Hands `block` to `whole` at once and to `rowByRow` a row at a time: the two must find the same.
    private static func compare(_ block: FrameColumns, whole: inout TitleComparisonDetector, rowByRow: inout TitleComparisonDetector) {
        whole.observe(rows: block.rows, t: block.t, computed: block.computed, observed: block.observed, observedRows: block.rows)
        for row in 0..<64 {
            let bit: UInt64 = 1 << UInt64(row)
            rowByRow.observe(rows: bit, t: block.t, computed: block.computed, observed: block.observed, observedRows: bit)
        }
    }
}
