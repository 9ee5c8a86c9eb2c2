import BarModel
import NavRec
import Testing

/// A block's state columns hold what the database gives back: every field's -0.0 written as 0.0,
/// nothing else changed (`FrameStateColumns.Row`); a sample's as `StoredValues` makes it.
@Suite("Stored values")
struct StoredValuesTests {
    @Test("a block's states: every number field's -0.0 is written as 0.0; booleans, the background, nil and other numbers as they are")
    func normalize() {
        var state = BarState()
        var expected = BarState()
        for (index, field) in BarStateField.allCases.enumerated() {
            if field.isNumber {
                field.set(-0.0, in: &state)
                field.set(0.0, in: &expected)
            } else {
                field.set(Double(index % 2), in: &state)
                field.set(Double(index % 2), in: &expected)
            }
        }
        normalize(&state)
        for field in BarStateField.allCases {
            #expect(field.value(in: state)?.bitPattern == field.value(in: expected)?.bitPattern, "\(field)")
        }
        #expect(state == expected)

        var empty = BarState()
        normalize(&empty)
        #expect(empty.isEmpty)

        var values = BarState(barHeight: -1.5, barShown: .leastNonzeroMagnitude, avatarTx: -0.001, blurAlpha: .infinity)
        let before = values
        normalize(&values)
        #expect(values == before)
        #expect(values.barShown?.bitPattern == 1)
    }

    /// `state` through a one-row block, as computed and as observed state, read back (both the same).
    private func normalize(_ state: inout BarState) {
        let block = FrameColumns()
        block.append(SessionFrame(seq: 0, sample: ScrollSample(t: 0, y: 0), computed: state, observed: state))
        let observed = block.observed.state(at: 0)
        state = block.computed.state(at: 0)
        #expect(BarStateField.allCases.allSatisfy { $0.value(in: observed)?.bitPattern == $0.value(in: state)?.bitPattern })
    }

    @Test("a sample's times in whole microseconds, -0.0 offsets and velocities as 0.0")
    func sample() {
        let stored = StoredValues.sample(ScrollSample(t: 1.0000004, y: -0.0, phase: .drag, vy: -0.0, frameDuration: 0.00833349))
        #expect(stored.t == 1.0)
        #expect(stored.y.bitPattern == 0.0.bitPattern)
        #expect(stored.vy?.bitPattern == 0.0.bitPattern)
        #expect(stored.frameDuration == 0.008333)
        #expect(stored.phase == .drag)
        let plain = StoredValues.sample(ScrollSample(t: 2.5, y: -3))
        #expect(plain == ScrollSample(t: 2.5, y: -3))
    }

    @Test("times are rounded as through an Int64 of microseconds: -0.0 and what rounds to it as 0.0, halves away from zero, and from 2^52 microseconds on by the Int64 itself")
    func microseconds() {
        func stored(_ t: Double) -> Double { StoredValues.sample(ScrollSample(t: t, y: 0)).t }
        func throughInt64(_ t: Double) -> Double { Double(Int64((t * 1_000_000).rounded())) / 1_000_000 }
        let times: [Double] = [
            -0.0, -0.0000004, 0.0000004, -0.0000005, 0.0000005, 0.0000015, -2.5e-6, 1.0 / 60, 613.3166666666667,
            86400.50833300834, 0x1p52 / 1_000_000 - 1, 0x1p52 / 1_000_000, -0x1p52 / 1_000_000, 5e9, -5e9, 1e12,
        ]
        for t in times {
            #expect(stored(t).bitPattern == throughInt64(t).bitPattern, "\(t)")
        }
        #expect(stored(-0.0000004).sign == .plus)
        #expect(stored(-0.0000006) == -0.000001)
    }
}
