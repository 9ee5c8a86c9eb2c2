import BarModel

/// The median of a session's moving frame intervals in bounded memory, for sessions without `fps`:
/// samples within one frame are merged first (``FrameMerger``), and intervals are counted per whole
/// microsecond (recordings carry at most that precision), so memory grows with the spread of
/// intervals, never with the session's length.
///
/// - Complexity: O(1) per sample; O(distinct microsecond intervals up to 1 s) memory.
struct IntervalMedian: Sendable {
    private var counts: [Int: Int] = [:]
    private var longer = 0
    private var total = 0
    private var merger = FrameMerger(window: FrameMerger.window(fps: nil))
    private var previous: FrameMerger.Frame?

    init() {}

    /// Takes the next sample.
    mutating func observe(_ sample: ScrollSample) {
        if let frame = merger.add(sample) { count(frame) }
    }

    private mutating func count(_ frame: FrameMerger.Frame) {
        defer { previous = frame }
        guard let previous, HitchDetector.isMoving(frame, afterY: previous.y) else { return }
        let micros = ((frame.t - previous.t) * 1_000_000).roundedToNearest
        total += 1
        // Longer intervals are hitches or gaps whatever the median; counting them keeps it exact.
        if micros > 1_000_000 { longer += 1 } else { counts[Int(micros), default: 0] += 1 }
    }

    /// The median interval in seconds (the lower median for an even count), `nil` without
    /// intervals. Ends the input: the last frame is taken in.
    mutating func finish() -> Double? {
        if let frame = merger.finish() { count(frame) }
        guard total > 0 else { return nil }
        let rank = (total - 1) / 2
        var seen = 0
        for (micros, count) in counts.sorted(by: { $0.key < $1.key }) {
            seen += count
            if seen > rank { return Double(micros) / 1_000_000 }
        }
        return 1
    }
}
