import Analyzer
import BarModel
import Testing

struct JitterCase: Sendable, CustomTestStringConvertible {
    var label: String
    /// Sample times; `nil` uses 0.05 s steps.
    var times: [Double]? = nil
    var values: [Double]
    /// `y` per sample; `nil` holds y still.
    var ys: [Double]? = nil
    var signal = ContinuousSignal.avatarTy
    var settings: [String] = []
    /// Expected (count, inputReversals, amplitude, start, end, severity), or nil for no finding.
    var expected: (Int, Int, Double, Double, Double, Finding.Severity)?
    var testDescription: String { label }
}

@Suite("jitter")
struct JitterTests {
    static let cases: [JitterCase] = [
        JitterCase(label: "2 reversals are not jitter", values: [0, 1, 0, 1], expected: nil),
        JitterCase(label: "3 reversals with still content are a warning", values: [0, 1, 0, 1, 0],
                   expected: (3, 0, 1, 0.1, 0.2, .warning)),
        JitterCase(label: "6 reversals are an error", values: [0, 1, 0, 1, 0, 1, 0, 1],
                   expected: (6, 0, 1, 0.1, 0.35, .error)),
        JitterCase(label: "steps below epsilon are noise", values: [0, 0.4, 0, 0.4, 0, 0.4], expected: nil),
        JitterCase(label: "steps of exactly epsilon count", values: [0, 0.5, 0, 0.5, 0], expected: (3, 0, 0.5, 0.1, 0.2, .warning)),
        JitterCase(label: "a larger epsilon ignores them", values: [0, 0.5, 0, 0.5, 0], settings: ["jitter.epsilon=1"], expected: nil),
        JitterCase(label: "a small step between reversals is skipped, not a reversal",
                   values: [0, 2, 1.8, 0, 2, 0], expected: (3, 0, 2, 0.15, 0.25, .warning)),
        JitterCase(label: "reversals exactly a window apart chain", times: [0, 0.25, 0.5, 0.75, 1], values: [0, 1, 0, 1, 0],
                   expected: (3, 0, 1, 0.5, 1, .warning)),
        JitterCase(label: "reversals farther apart than the window do not", times: [0, 0.3, 0.6, 0.9, 1.2], values: [0, 1, 0, 1, 0],
                   expected: nil),
        JitterCase(label: "finger tremor is not jitter: y reversed as often", values: [0, 1, 0, 1, 0],
                   ys: [100, 101, 100, 101, 100], expected: nil),
        JitterCase(label: "the bar reversing more often than the finger is", values: [0, 1, 0, 1, 0, 1, 0],
                   ys: [100, 100, 100, 101, 100, 100, 100], expected: (5, 1, 1, 0.1, 0.3, .warning)),
        JitterCase(label: "alpha steps below 0.02 are noise", values: [0.5, 0.51, 0.5, 0.51, 0.5], signal: .inlineTitleAlpha,
                   expected: nil),
        JitterCase(label: "alpha steps of 0.1 are reversals", values: [0.5, 0.6, 0.5, 0.6, 0.5], signal: .inlineTitleAlpha,
                   expected: (3, 0, 0.1, 0.1, 0.2, .warning)),
    ]

    private static func state(_ signal: ContinuousSignal, _ value: Double) -> BarState {
        switch signal {
        case .avatarTy: BarState(avatarTy: value)
        case .inlineTitleAlpha: BarState(inlineTitleAlpha: value)
        default: BarState(barHeight: value)
        }
    }

    @Test("jitter at and around the defaults", arguments: cases)
    func detect(_ item: JitterCase) throws {
        let times = item.times ?? item.values.indices.map { Double($0) * 0.05 }
        let ys = item.ys ?? item.values.map { _ in 100 }
        let fixture = try Fixture(behaviors: ["dropdownTitle"], states: item.values.indices.map { index in
            (times[index], ys[index], Self.state(item.signal, item.values[index]), nil)
        })
        let findings = try fixture.analyze(item.settings).findings.filter { $0.kind == .jitter }
        guard let expected = item.expected else {
            #expect(findings.isEmpty)
            return
        }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.signal == item.signal.name)
        #expect(finding.source == .computed)
        #expect(finding.count == expected.0)
        let evidence = try #require(finding.jitter)
        #expect(evidence.inputReversals == expected.1)
        #expect(abs(evidence.amplitude - expected.2) < 1e-9)
        #expect(abs(finding.start - expected.3) < 1e-9)
        #expect(abs(finding.end - expected.4) < 1e-9)
        #expect(finding.severity == expected.5)
    }

    @Test("observed samples lacking the field are skipped: steps join the known values")
    func observedGaps() throws {
        let observed: [Double?] = [0, nil, 1, nil, nil, 0, 1, nil, 0]
        let fixture = try Fixture(behaviors: ["dropdownTitle"], states: observed.enumerated().map { index, value in
            (Double(index) * 0.02, 50, BarState(), value.map { BarState(avatarTx: $0) } ?? BarState())
        })
        let findings = try fixture.analyze().findings.filter { $0.kind == .jitter }
        #expect(findings.count == 1)
        #expect(findings.first?.source == .observed)
        #expect(findings.first?.signal == "avatarTx")
        #expect(findings.first?.count == 3)
        #expect(findings.first.map { abs($0.start - 0.1) < 1e-9 } == true)
    }

    @Test("a clean largeTitle + avatar scroll with tremor yields no findings")
    func cleanScroll() throws {
        // A drag up with a 0.3 pt tremor, then a slow settle: smooth bar, no hitches.
        let samples = (0..<240).map { index -> (Double, Double) in
            let t = Double(index) / 120
            return (t, Double(index) * 0.6 + (index % 2 == 0 ? 0.3 : -0.3))
        }
        let analysis = try Fixture(["largeTitle", "avatar"], samples: samples, fps: 120).analyze()
        #expect(analysis.findings.isEmpty)
    }
}
