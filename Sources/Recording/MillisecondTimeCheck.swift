import BarModel

/// Recognises a session whose `t` is in milliseconds rather than seconds (Docs/recording-format.md
/// "Raw clock times"): `CACurrentMediaTime() * 1000`, or a JavaScript-style clock. Read as seconds such a
/// session scrolls at a thousandth of its speed for a thousand times as long, and every frame is
/// a hang.
///
/// The evidence is the session's first ``intervals`` intervals between samples that follow each
/// other in time: their median lies where frame intervals lie when counted in milliseconds — from
/// ¾ of the display's frame to 4½ frames (ProMotion's slower rates down to a quarter of the
/// display's), `1000 × 0.75/fps … 1000 × 4.5/fps` seconds, with 120 Hz and 60 Hz's bands together
/// without `fps` (6.25 … 75) — and at least half of them moved `y`. No recorder that counts in
/// seconds spaces samples that moved 6 s or more apart in the median: per-frame recorders space
/// them a frame apart, timers a second or less, and a heartbeat at rest does not move.
///
/// - Complexity: O(1) per sample, O(``intervals``) memory; nothing after the decision.
struct MillisecondTimeCheck: Sendable {
    /// Intervals the decision is taken on.
    static let intervals = 16

    private let band: ClosedRange<Double>
    private var previous: (t: Double, y: Double)?
    private var durations: [Double] = []
    private var moved = 0
    private var decided = false

    /// A check for a session whose header gives `fps` (or none).
    init(fps: Double?) {
        band = fps.map { 750 / $0...4500 / $0 } ?? 750.0 / 120...4500.0 / 60
    }

    /// Takes the session's next sample; returns the error message once its first intervals show
    /// milliseconds, `nil` otherwise.
    @inline(__always)
    mutating func add(t: Double, y: Double) -> String? {
        // Inline, so a decided session's samples cost a test, not a call.
        guard !decided else { return nil }
        return undecidedAdd(t: t, y: y)
    }

    private mutating func undecidedAdd(t: Double, y: Double) -> String? {
        defer { previous = (t, y) }
        guard let previous, t > previous.t else { return nil }
        durations.append(t - previous.t)
        if abs(y - previous.y) > 1e-6 { moved += 1 }
        guard durations.count == Self.intervals else { return nil }
        decided = true
        durations.sort()
        let median = (durations[Self.intervals / 2 - 1] + durations[Self.intervals / 2]) / 2
        durations = []
        guard band.contains(median), 2 * moved >= Self.intervals else { return nil }
        return "'t' looks like milliseconds: the session's first \(Self.intervals) intervals between samples have a median of "
            + "\(formatNumber((median * 1000).rounded() / 1000)), a frame counted in milliseconds; t counts seconds from the "
            + "session start: divide every t by 1000"
    }
}
