import BarModel
import Testing

/// What library users read off an event: its target, whether it is a lifecycle event (never a
/// hitch across it) and whether it starts or ends a screen transition.
@Suite("Scroll events")
struct ScrollEventTests {
    @Test("disappear and appear are transitions; taps, background, foreground and drops are not")
    func transitions() {
        let transitions: [ScrollEvent.Kind] = [.disappear, .appear]
        let others: [ScrollEvent.Kind] = [.tap(.title), .background, .foreground, .dropped(samples: 3)]
        for kind in transitions { #expect(ScrollEvent(t: 1, kind: kind).isTransition, "\(kind)") }
        for kind in others { #expect(!ScrollEvent(t: 1, kind: kind).isTransition, "\(kind)") }
    }

    @Test("every event but a tap is a lifecycle event, and only a tap has a target")
    func lifecycle() {
        #expect(ScrollEvent(t: 0, target: .bar).target == .bar)
        #expect(!ScrollEvent(t: 0, target: .bar).isLifecycle)
        for kind: ScrollEvent.Kind in [.background, .foreground, .dropped(samples: 1), .disappear, .appear] {
            #expect(ScrollEvent(t: 0, kind: kind).isLifecycle, "\(kind)")
            #expect(ScrollEvent(t: 0, kind: kind).target == nil, "\(kind)")
        }
    }

    @Test("lifecycle names read back to their kinds; tap and unknown names do not")
    func lifecycleNames() {
        for kind: ScrollEvent.Kind in [.background, .foreground, .disappear, .appear] {
            #expect(ScrollEvent.Kind(lifecycleName: kind.name) == kind)
        }
        #expect(ScrollEvent.Kind(lifecycleName: ScrollEvent.Kind.tap(.title).name) == nil)
        #expect(ScrollEvent.Kind(lifecycleName: "Appear") == nil)
    }
}
