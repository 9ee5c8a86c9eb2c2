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

    var isEmpty: Bool { count == 0 }

    /// The value `index` places from the oldest (0 is the oldest).
    @inline(__always)
    subscript(index: Int) -> Element { slots[(head &+ index) & mask] }

    /// The newest value, `nil` when empty.
    var last: Element? { count > 0 ? self[count - 1] : nil }

    /// Adds `element` as the newest value; the ring must not be full.
    @inline(__always)
    mutating func append(_ element: Element) {
        precondition(count <= mask, "FixedRing overflow")
        slots[(head &+ count) & mask] = element
        count += 1
    }

    /// Drops the oldest value; the ring must not be empty.
    @inline(__always)
    mutating func removeFirst() {
        precondition(count > 0, "FixedRing is empty")
        head = (head &+ 1) & mask
        count -= 1
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }
}
