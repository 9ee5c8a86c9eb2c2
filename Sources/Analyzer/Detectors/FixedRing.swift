/// A first-in first-out queue of at most `capacity` values (a power of two) kept in place: adding
/// and dropping move nothing, where `Array.removeFirst` moves every element on each frame, in
/// queues the hitch detector updates every frame.
struct FixedRing<Element: Sendable>: Sendable {
    private var slots: [Element]
    private var head = 0
    private let mask: Int
    /// Values held.
    private(set) var count = 0

    /// An empty ring of `capacity` slots, filled with `placeholder` until used.
    init(capacity: Int, placeholder: Element) {
        precondition(capacity > 0 && capacity.nonzeroBitCount == 1, "a ring's capacity is a power of two")
        slots = Array(repeating: placeholder, count: capacity)
        mask = capacity - 1
    }

    /// The value `index` places from the oldest (0 is the oldest). The masked index is always one
    /// of the `capacity` slots: the array's bounds check would only repeat that, several times a
    /// frame.
    @inline(__always)
    subscript(index: Int) -> Element { slots.withUnsafeBufferPointer { $0[(head &+ index) & mask] } }

    /// Adds `element` as the newest value; the ring must not be full.
    @inline(__always)
    mutating func append(_ element: Element) {
        precondition(count <= mask, "FixedRing overflow")
        slots.withUnsafeMutableBufferPointer { $0[(head &+ count) & mask] = element }
        count += 1
    }

    /// Drops the oldest value; the ring must not be empty.
    @inline(__always)
    mutating func removeFirst() {
        precondition(count > 0, "FixedRing is empty")
        head = (head &+ 1) & mask
        count -= 1
    }
}
