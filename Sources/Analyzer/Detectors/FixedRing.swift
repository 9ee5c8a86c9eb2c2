/// The last `capacity` values (a power of two) kept in place, oldest first: adding one to a full
/// ring overwrites the oldest and moves nothing, where `Array.removeFirst` moves every element on
/// each frame, in the window the hitch detector updates every frame.
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

    /// Adds `element` as the newest value, dropping the oldest when the ring is full: one write,
    /// where a drop and an append would each check the ring's count.
    @inline(__always)
    mutating func push(_ element: Element) {
        let full = count > mask
        slots.withUnsafeMutableBufferPointer { $0[(head &+ count) & mask] = element }
        if full { head = (head &+ 1) & mask } else { count &+= 1 }
    }

    /// Adds `added` values, `element(k)` for `k` in `0..<added`, oldest first, as many ``push(_:)``
    /// would: behind one uniqueness check of the slots, where each push made its own.
    @inline(__always)
    mutating func push(count added: Int, _ element: (Int) -> Element) {
        var (head, count) = (self.head, self.count)
        let mask = mask
        slots.withUnsafeMutableBufferPointer { slots in
            for k in 0..<added {
                slots[(head &+ count) & mask] = element(k)
                if count > mask { head = (head &+ 1) & mask } else { count &+= 1 }
            }
        }
        (self.head, self.count) = (head, count)
    }
}
