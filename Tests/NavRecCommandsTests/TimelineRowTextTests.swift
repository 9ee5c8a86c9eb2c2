import BarModel
import Foundation
@testable import NavRecCommands
import Testing

/// `navrec analyze --rows --timeline`'s lines, built as bytes: the same text the former
/// interpolated `String`s gave (`Double.description` for numbers, `\N` for NULL).
@Suite("Timeline row text")
struct TimelineRowTextTests {
    @Test("a frame's computed and observed lines, every kind of field, in the view's column order")
    func rows() {
        let frame = SessionFrame(
            seq: 1_234_567, sample: ScrollSample(t: 0.008333, y: -12.5, phase: .decelerate, vy: 3, frameDuration: 0.016667),
            computed: BarState(
                barHeight: 96.5, barHidden: true, barShown: 0.9998704761904762, largeTitleAlpha: 1, inlineTitleAlpha: 0,
                avatarScale: 1e-7, avatarTx: 1e16, blurAlpha: 0.25, background: .default, dropdownExpanded: false),
            observed: BarState(barHidden: false, background: .transparent, subtitleVisible: true))
        var text = TimelineRowText()
        text.appendRows(of: frame, key: "kë")
        let lines = String(decoding: text.bytes, as: UTF8.self)
        // Every field the states lack is `\N`, so a new field needs no edit here.
        #expect(lines == [
            AnalyzeSchemaTests.timelineLine("kë\tcomputed\t1234567\t0.008333\t-12.5\tdecelerate", [
                .barHeight: "96.5", .barHidden: "1", .barShown: "0.9998704761904762", .largeTitleAlpha: "1.0", .inlineTitleAlpha: "0.0",
                .avatarScale: "1e-07", .avatarTx: "1e+16", .blurAlpha: "0.25", .background: "default", .dropdownExpanded: "0",
            ], "0.016667"),
            AnalyzeSchemaTests.timelineLine(
                "kë\tobserved\t1234567\t0.008333\t-12.5\tdecelerate", [.barHidden: "0", .background: "transparent", .subtitleVisible: "1"], "0.016667"),
        ].map { $0 + "\n" }.joined())
        text.removeAll()
        #expect(text.bytes.isEmpty)
    }

    @Test("no phase, no frame duration, no observed state, seq 0")
    func nulls() {
        var text = TimelineRowText()
        text.appendRows(of: SessionFrame(seq: 0, sample: ScrollSample(t: 2, y: 0), computed: BarState()), key: "")
        #expect(String(decoding: text.bytes, as: UTF8.self)
            == "\tcomputed\t0\t2.0\t0.0\t\\N" + String(repeating: "\t\\N", count: BarStateField.allCases.count) + "\t\\N\n")
    }

    @Test("--rows fields: split at every tab, empty fields kept, other text (multi-byte, combining marks) untouched")
    func fields() {
        #expect(AnalyzeCommand.tabSeparatedFields("") == [""])
        #expect(AnalyzeCommand.tabSeparatedFields("a") == ["a"])
        #expect(AnalyzeCommand.tabSeparatedFields("\t") == ["", ""])
        #expect(AnalyzeCommand.tabSeparatedFields("k\u{301}\tYQ==\t1\t\te\u{301}\t") == ["k\u{301}", "YQ==", "1", "", "e\u{301}", ""])
        let line = "key\tc3Jj\t12\t" + String(repeating: "QUJD", count: 30_000)
        #expect(AnalyzeCommand.tabSeparatedFields(line) == line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
    }
}
