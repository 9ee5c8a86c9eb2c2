/// Closed intervals `[start, end]`, answering whether any of them meets another interval in
/// O(log n): sorted by start, with the largest end up to each.
///
/// Why: the flapping findings asked this of every episode by scanning every episode, which is
/// quadratic; a session that flaps throughout has tens of thousands of episodes per 10 M samples,
/// and the scans took half of its `report`.
struct IntervalIndex: Sendable {
    private let starts: [Double]
    /// The largest end among the intervals up to each (in start order).
    private let reach: [Double]

    init(_ intervals: [(start: Double, end: Double)]) {
        let sorted = intervals.sorted { $0.start < $1.start }
        starts = sorted.map(\.start)
        var largest = -Double.infinity
        reach = sorted.map { interval in
            largest = max(largest, interval.end)
            return largest
        }
    }

    /// Whether some interval `i` has `i.start <= end` and `start <= i.end`.
    func meets(start: Double, end: Double) -> Bool {
        // The intervals starting at or before `end`: the first `low` of them.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= end { low = middle + 1 } else { high = middle }
        }
        return low > 0 && reach[low - 1] >= start
    }
}
