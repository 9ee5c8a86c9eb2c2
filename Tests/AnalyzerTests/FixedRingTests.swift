@testable import Analyzer
import Testing

/// The hitch detector's frame window reads its slots without the array's bounds check, trusting
/// the mask: these hold the ring to an array keeping its last `capacity` values, across many
/// wrap-arounds of its head.
@Suite("fixed ring")
struct FixedRingTests {
    @Test("reads the last values pushed, as an array keeping the last 8 does, however far the head has wrapped", arguments: [1, 2, 8])
    func matchesArray(capacity: Int) {
        var ring = FixedRing(capacity: capacity, placeholder: -1)
        var model: [Int] = []
        for value in 0..<5_000 {
            ring.push(value)
            model.append(value)
            if model.count > capacity { model.removeFirst() }
            #expect(ring.count == model.count)
            #expect((0..<ring.count).map { ring[$0] } == model, "after value \(value)")
        }
    }

    @Test("counter-case: a push into a full ring drops the oldest; before it fills, nothing is dropped")
    func wrappedHead() {
        var ring = FixedRing(capacity: 4, placeholder: 0)
        for value in 1...3 { ring.push(value) }
        #expect((0..<ring.count).map { ring[$0] } == [1, 2, 3])
        ring.push(4)
        ring.push(5)
        ring.push(6)
        // Slots now hold 5, 6, 3, 4 with the head at slot 2: reading slot `index` unmasked by the
        // head would give 5 first.
        #expect((0..<ring.count).map { ring[$0] } == [3, 4, 5, 6])
    }
}
