import Analyzer
import BarModel
import Testing

/// One observed length per sample at a still `y`, 1/60 s apart, on a screen of `scale`.
private func observedLengths(_ values: [Double], scale: Double?) throws -> [Finding] {
    var fixture = try Fixture(behaviors: ["dropdownTitle"], states: values.enumerated().map { index, value in
        (Double(index) / 60, 30, BarState(), BarState(avatarTy: value))
    })
    fixture.screenScale = scale
    return try fixture.analyze().findings.filter { $0.kind == .jitter }
}

/// `count` values alternating between `low` and `low + step`.
private func alternating(_ low: Double, step: Double, count: Int = 12) -> [Double] {
    (0..<count).map { $0 % 2 == 0 ? low : low + step }
}

@Suite("jitter on real recordings: pixels, the episode's edges, switches (issue 20)")
struct JitterEdgeTests {
    @Test("one pixel is rounding: an observed length flipping between two neighbouring pixels is no jitter",
          arguments: [(2.0, 0.5), (3.0, 1.0 / 3), (3.0, 2.0 / 3), (1.0, 1.0)] as [(Double, Double)])
    func onePixel(scale: Double, step: Double) throws {
        #expect(try observedLengths(alternating(6 + step, step: step), scale: scale).isEmpty)
    }

    @Test("a step rounding cannot have made from a movement below epsilon is a wobble",
          arguments: [(2.0, 1.0), (3.0, 1.0), (1.0, 2.0)] as [(Double, Double)])
    func largerThanRounding(scale: Double, step: Double) throws {
        let findings = try observedLengths(alternating(6, step: step), scale: scale)
        #expect(findings.map(\.signal) == ["avatarTy"])
        #expect(findings.first?.count == 10)
    }

    @Test("without a scale the grid is ½ pt: one @2x pixel is ignored, a @1x pixel is not")
    func withoutScale() throws {
        #expect(try observedLengths(alternating(6, step: 0.5), scale: nil).isEmpty)
        #expect(try observedLengths(alternating(6, step: 2.0 / 3), scale: nil).isEmpty)
        #expect(try observedLengths(alternating(6, step: 1), scale: nil).count == 1)
        #expect(try observedLengths(alternating(6, step: 1), scale: 1).isEmpty)
    }

    @Test("the computed stream is not rounded: its steps count from epsilon")
    func computedIsNotRounded() throws {
        var fixture = try Fixture(behaviors: ["dropdownTitle"], states: alternating(6, step: 0.5).enumerated().map { index, value in
            (Double(index) / 60, 30, BarState(avatarTy: value), nil)
        })
        fixture.screenScale = 2
        let findings = try fixture.analyze().findings.filter { $0.kind == .jitter }
        #expect(findings.map { "\($0.signal) \($0.source.name)" } == ["avatarTy computed"])
    }

    @Test("y's reversal that led the signal's first one is counted: a clamped follower of y does not out-reverse it")
    func leadingReversal() throws {
        // y trembles across 52.5; the value is max(44, 96.5 − y), flat at 44 while y is past 52.5,
        // so it turns only once y is back below: after y's turn at the top.
        let ys: [Double] = [50, 53, 55, 53, 50, 53, 55, 53, 50, 53, 55, 53, 50]
        let fixture = try Fixture(behaviors: ["dropdownTitle"], states: ys.enumerated().map { index, y in
            (Double(index) * 0.05, y, BarState(barHeight: max(44, 96.5 - y)), nil)
        })
        #expect(try fixture.analyze().findings.filter { $0.kind == .jitter }.isEmpty)
        // The same value against a still y is still a jitter, from its first reversal.
        let still = try Fixture(behaviors: ["dropdownTitle"], states: ys.enumerated().map { index, y in
            (Double(index) * 0.05, 0, BarState(barHeight: max(44, 96.5 - y)), nil)
        })
        let findings = try still.analyze().findings.filter { $0.kind == .jitter }
        #expect(findings.map { "\($0.signal) \($0.count ?? 0) \($0.jitter?.inputReversals ?? -1) \($0.start)" } == ["barHeight 5 0 0.2"])
    }

    @Test("a 0/1 alpha that switches is flapping's business: no jitter, whatever y does")
    func switchesAreNotJitter() throws {
        let states = (0..<10).map { index -> (t: Double, y: Double, computed: BarState, observed: BarState?) in
            let on: Double = index % 2 == 0 ? 0 : 1
            return (Double(index) * 0.05, 40, BarState(inlineTitleAlpha: on), BarState(largeTitleAlpha: 1 - on))
        }
        let fixture = try Fixture(behaviors: ["customTitle"], states: states)
        let findings = try fixture.analyze().findings
        #expect(!findings.contains { $0.kind == .jitter })
        #expect(findings.contains { $0.kind == .flapping && $0.signal == "inlineTitleVisible" })
    }

    @Test("one part, one finding: alphas that ring together are one jitter naming both")
    func titlesRingTogether() throws {
        let states = (0..<10).map { index -> (t: Double, y: Double, computed: BarState, observed: BarState?) in
            let ring = index % 2 == 0 ? 0.1 : 0.3
            return (Double(index) * 0.02, 60, BarState(largeTitleAlpha: 0, inlineTitleAlpha: 1),
                    BarState(largeTitleAlpha: ring, inlineTitleAlpha: 1 - ring))
        }
        let fixture = try Fixture(behaviors: ["largeTitle"], states: states)
        let jitter = try fixture.analyze().findings.filter { $0.kind == .jitter }
        #expect(jitter.map(\.signal) == ["largeTitleAlpha"])
        #expect(jitter.first?.message.hasSuffix("; inlineTitleAlpha reversed with it") == true)
    }
}
