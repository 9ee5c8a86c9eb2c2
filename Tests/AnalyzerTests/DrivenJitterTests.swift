import Analyzer
import BarModel
import Testing

/// A crafted session and the flapping and jitter findings it must yield, as
/// `"kind signal source"` in report order.
struct DrivenJitterCase: Sendable, CustomTestStringConvertible {
    var label: String
    var behaviors: [String]
    var states: [(t: Double, y: Double, computed: BarState, observed: BarState?)]
    var expected: [String]
    var testDescription: String { label }
}

/// `count` samples 0.05 s apart from `start`, at a still `y` (so no jitter is excused as tremor).
private func frames(
    _ count: Int, from start: Double = 0, computed: (Int) -> BarState, observed: (Int) -> BarState? = { _ in nil }
) -> [(t: Double, y: Double, computed: BarState, observed: BarState?)] {
    (0..<count).map { (start + Double($0) * 0.05, 84, computed($0), observed($0)) }
}

/// 0 and 1 alternating: a title alpha that is switched, not faded.
private func flip(_ index: Int) -> Double { index % 2 == 0 ? 0 : 1 }

@Suite("one fault, one finding: jitter driven by a reported flap")
struct DrivenJitterTests {
    static let cases: [DrivenJitterCase] = [
        DrivenJitterCase(
            label: "largeTitle's 0/1 alphas flapping: the inline title's flap only",
            behaviors: ["largeTitle"],
            states: frames(8) { BarState(largeTitleAlpha: 1 - flip($0), inlineTitleAlpha: flip($0)) },
            expected: ["flapping inlineTitleVisible computed"]),
        DrivenJitterCase(
            label: "blurHeader's titles follow the background: the background's flap only",
            behaviors: ["blurHeader"],
            states: frames(8) {
                BarState(inlineTitleAlpha: flip($0), contentTitleAlpha: 1 - flip($0), background: $0 % 2 == 0 ? .transparent : .default)
            },
            expected: ["flapping background computed"]),
        DrivenJitterCase(
            label: "hide-on-swipe zigzag: barShown's interrupted animations are barHidden's flap",
            behaviors: ["hideOnSwipe"],
            states: frames(8) { BarState(barHidden: $0 % 2 == 1, barShown: $0 % 2 == 1 ? 0.8 : 1) },
            expected: ["flapping barHidden computed"]),
        DrivenJitterCase(
            label: "an observed flicker: the observed flap only",
            behaviors: ["customTitle"],
            states: frames(8, computed: { _ in BarState(inlineTitleAlpha: 0, contentTitleAlpha: 1) },
                           observed: { BarState(inlineTitleAlpha: flip($0)) }),
            expected: ["flapping inlineTitleVisible observed"]),
        DrivenJitterCase(
            label: "a fade that wobbles without crossing 0.5 has no flapping driver: its jitter stays",
            behaviors: ["customTitle"],
            states: frames(6) { BarState(inlineTitleAlpha: $0 % 2 == 0 ? 0.6 : 0.9) },
            expected: ["jitter inlineTitleAlpha computed"]),
        // On the observed stream: the model's blurAlpha is a function of y, which is still here.
        DrivenJitterCase(
            label: "blurAlpha follows y, not the background: its jitter stays beside the background's flap",
            behaviors: ["blurHeader"],
            states: frames(8, computed: { _ in BarState(blurAlpha: 1, background: .default) }, observed: {
                BarState(blurAlpha: $0 % 2 == 0 ? 0.4 : 0.6, background: $0 % 2 == 0 ? .transparent : .default)
            }),
            expected: ["flapping background observed", "jitter blurAlpha observed"]),
        DrivenJitterCase(
            label: "the model's own barHeight and avatar are functions of y: never jitter on the computed stream",
            behaviors: ["largeTitle", "avatar"],
            states: frames(8) { BarState(barHeight: $0 % 2 == 0 ? 60 : 70, avatarTy: $0 % 2 == 0 ? 5 : 8) },
            expected: []),
        DrivenJitterCase(
            label: "a flap on the other stream does not hide a jitter",
            behaviors: ["hideOnSwipe"],
            states: frames(8, computed: { BarState(barHidden: $0 % 2 == 1, barShown: $0 % 2 == 1 ? 0.8 : 1) },
                           observed: { BarState(barShown: $0 % 2 == 1 ? 0.5 : 0.9) }),
            expected: ["flapping barHidden computed", "jitter barShown observed"]),
        DrivenJitterCase(
            label: "a wobble long after the flap is its own finding",
            behaviors: ["customTitle"],
            states: frames(8) { BarState(inlineTitleAlpha: flip($0)) }
                + frames(6, from: 3) { BarState(inlineTitleAlpha: $0 % 2 == 0 ? 0.6 : 0.9) },
            expected: ["flapping inlineTitleVisible computed", "jitter inlineTitleAlpha computed"]),
    ]

    @Test("flapping and jitter findings of crafted sessions", arguments: cases)
    func deduplicated(_ item: DrivenJitterCase) throws {
        let findings = try Fixture(behaviors: item.behaviors, states: item.states).analyze().findings
            .filter { $0.kind == .flapping || $0.kind == .jitter }
        #expect(findings.map { "\($0.kind.name) \($0.signal) \($0.source.name)" } == item.expected)
    }

    @Test("the wobble after a flap keeps its own times")
    func laterWobble() throws {
        let states = frames(8) { BarState(inlineTitleAlpha: flip($0)) }
            + frames(6, from: 3) { BarState(inlineTitleAlpha: $0 % 2 == 0 ? 0.6 : 0.9) }
        let jitter = try Fixture(behaviors: ["customTitle"], states: states).analyze().findings.filter { $0.kind == .jitter }
        #expect(jitter.count == 1)
        // The step from the flap's last 1 down to 0.6 at t = 3 is the wobble's first reversal.
        #expect(jitter.first?.start == 3)
        #expect(jitter.first?.end == 3.25)
        #expect(jitter.first?.count == 6)
    }

    @Test("the driver chains: alphas to their titles, barShown to barHidden, nothing for what follows y",
          arguments: ContinuousSignal.allCases)
    func drivers(_ signal: ContinuousSignal) {
        let expected: [ContinuousSignal: BinarySignal] = [
            .largeTitleAlpha: .largeTitleVisible, .inlineTitleAlpha: .inlineTitleVisible,
            .contentTitleAlpha: .contentTitleVisible, .barShown: .barHidden,
        ]
        #expect(signal.driver == expected[signal])
    }
}
