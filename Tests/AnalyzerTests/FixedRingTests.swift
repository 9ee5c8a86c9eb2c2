@testable import Analyzer
import Testing

/// The hitch detector's frame window reads its slots without the array's bounds check, trusting
/// the mask: these hold the ring to an array doing the same appends and drops, across many
/// wrap-arounds of its head.
@Suite("fixed ring")
struct FixedRingTests {
    @Test("reads the values of an array doing the same appends and drops, however far the head has wrapped")
    func matchesArray() {
        var generator = SystemRandomNumberGenerator()
        var ring = FixedRing(capacity: 8, placeholder: -1)
        var model: [Int] = []
        for value in 0..<5_000 {
            // Full: the oldest goes first, as the hitch detector does; else drop now and then.
            if model.count == 8 || (!model.isEmpty && Int.random(in: 0..<3, using: &generator) == 0) {
                ring.removeFirst()
                model.removeFirst()
            }
            ring.append(value)
            model.append(value)
            #expect(ring.count == model.count)
            #expect((0..<ring.count).map { ring[$0] } == model, "after value \(value)")
        }
    }

    @Test("counter-case: after the head wraps, index 0 is the oldest value held, not the first slot")
    func wrappedHead() {
        var ring = FixedRing(capacity: 4, placeholder: 0)
        for value in 1...4 { ring.append(value) }
        ring.removeFirst()
        ring.removeFirst()
        ring.append(5)
        // Slots now hold 5, 2, 3, 4 with the head at slot 2: reading slot `index` unmasked by the
        // head would give 5 first.
        #expect((0..<ring.count).map { ring[$0] } == [3, 4, 5])
    }
}
