import BarModel

/// Hitches: frames shown late (ANALYSIS.md "hitch"), over a session's sample times.
///
/// Only intervals that end in a moving sample count (its phase is present and not `idle`, or its
/// `y` differs from the previous sample's): an idle app logs nothing. An interval longer than
/// `factor` × expected is a hitch; its hitch time is `interval − expected`. Frame-interval jitter
/// follows RFC 3550 §6.4.1, `J += (|D| − J) / 16`, with `D` the interval's deviation from expected.
///
/// - Complexity: O(1) per sample, O(1) memory.
struct HitchDetector: Sendable {
    /// The expected frame interval, seconds; `nil` when there is none (no moving interval).
    let expected: Double?
    let factor: Double
    private var previous: ScrollSample?
    /// Seconds covered by counted intervals.
    private(set) var movingSeconds = 0.0
    /// Sum of `interval − expected` over hitches, seconds.
    private(set) var hitchSeconds = 0.0
    private(set) var hitchCount = 0
    private(set) var longestHitch = 0.0
    private(set) var firstHitch: Double?
    private(set) var lastHitch: Double?
    /// RFC 3550 interarrival jitter of the counted intervals, seconds.
    private(set) var jitter = 0.0

    init(expected: Double?, factor: Double) {
        self.expected = expected
        self.factor = factor
    }

    /// Whether the interval from `previous` to `sample` counts: it ends in a moving sample.
    @inline(__always)
    static func isMoving(_ sample: ScrollSample, after previous: ScrollSample) -> Bool {
        if let phase = sample.phase, phase != .idle { return true }
        return sample.y != previous.y
    }

    /// Takes the next sample.
    mutating func observe(_ sample: ScrollSample) {
        defer { previous = sample }
        guard let previous, let expected, Self.isMoving(sample, after: previous) else { return }
        let interval = sample.t - previous.t
        movingSeconds += interval
        jitter += (abs(interval - expected) - jitter) / 16
        if interval > factor * expected {
            let late = interval - expected
            hitchSeconds += late
            hitchCount += 1
            longestHitch = max(longestHitch, late)
            if firstHitch == nil { firstHitch = previous.t }
            lastHitch = sample.t
        }
    }

    /// Hitch milliseconds per second of movement (Apple's unit); 0 without movement.
    var hitchTimeRatio: Double {
        movingSeconds > 0 ? hitchSeconds * 1000 / movingSeconds : 0
    }
}

/// The median of a session's moving frame intervals in bounded memory: intervals are counted per
/// whole microsecond (recordings carry at most that precision), so memory grows with the spread of
/// intervals, never with the session's length.
///
/// - Complexity: O(1) per sample; O(distinct microsecond intervals up to 1 s) memory.
struct IntervalMedian: Sendable {
    private var counts: [Int: Int] = [:]
    private var longer = 0
    private var total = 0
    private var previous: ScrollSample?

    init() {}

    /// Takes the next sample.
    mutating func observe(_ sample: ScrollSample) {
        defer { previous = sample }
        guard let previous, HitchDetector.isMoving(sample, after: previous) else { return }
        let micros = ((sample.t - previous.t) * 1_000_000).rounded()
        total += 1
        // Longer intervals are hitches whatever the median; counting them keeps the median exact.
        if micros > 1_000_000 { longer += 1 } else { counts[Int(micros), default: 0] += 1 }
    }

    /// The median interval in seconds (the lower median for an even count), `nil` without intervals.
    var value: Double? {
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
