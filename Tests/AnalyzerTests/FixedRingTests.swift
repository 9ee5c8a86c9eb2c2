@testable import Analyzer
import Simulation
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

    @Test("values pushed together land as values pushed one at a time, into an empty, a part-filled or a wrapped ring", arguments: [1, 4, 8])
    func pushedTogether(capacity: Int) {
        var random = SeededGenerator(seed: UInt64(capacity))
        var together = FixedRing(capacity: capacity, placeholder: -1)
        var oneByOne = FixedRing(capacity: capacity, placeholder: -1)
        var next = 0
        for _ in 0..<500 {
            let added = Int.random(in: 0...(capacity + 3), using: &random)
            together.push(count: added) { next + $0 }
            for k in 0..<added { oneByOne.push(next + k) }
            next += added
            #expect(together.count == oneByOne.count)
            #expect((0..<together.count).map { together[$0] } == (0..<oneByOne.count).map { oneByOne[$0] })
        }
        // Counter-case: the values come oldest first; pushed newest first they read reversed.
        var reversed = FixedRing(capacity: 4, placeholder: 0)
        reversed.push(count: 3) { 3 - $0 }
        #expect((0..<reversed.count).map { reversed[$0] } == [3, 2, 1])
    }
}
