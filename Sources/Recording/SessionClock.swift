/// Where a session's stored times count from (Docs/recording-format.md "Raw clock times").
///
/// The format's `t` is seconds since the session started, but recorders often write a raw clock
/// instead — `CACurrentMediaTime()` or `ProcessInfo.systemUptime`, seconds since the device booted,
/// typically 1e4–1e6 — and a report then says "100000.76 s". A session whose first timestamp
/// (sample or event) is at least ``rawClockThreshold`` is taken to be on such a clock: its times
/// count from that first timestamp, which is kept as ``origin``. Below the threshold `t` is kept
/// as recorded, so recordings that count from the session start (the format's examples start at
/// 0 or one frame later) are unchanged.
package struct SessionClock: Sendable {
    /// A first timestamp at or above this many seconds marks a raw clock. A minute: a recorder that
    /// counts from the screen's appearance rarely sees no scroll and no tap for that long, and if it
    /// does, counting from its first sample instead only shifts its times, with the shift kept.
    package static let rawClockThreshold = 60.0

    /// The recording's t that stored times count from: 0, or the first timestamp of a raw clock;
    /// `nil` until the session's first sample or event.
    package private(set) var origin: Double?

    /// A clock for a new session.
    package init() {}

    /// `t` on the session's clock; the first call decides the origin.
    ///
    /// Rebased times are rounded to the microsecond, the resolution times are stored at: the raw
    /// clock's decimals, read into binary, leave a difference such as 0.15000000000145519 for 0.15.
    @inline(__always)
    package mutating func time(_ t: Double) -> Double {
        let origin: Double
        if let known = self.origin {
            origin = known
        } else {
            origin = t >= Self.rawClockThreshold ? t : 0
            self.origin = origin
        }
        return origin == 0 ? t : ((t - origin) * 1_000_000).rounded() / 1_000_000
    }

    /// Whether the session's times were rebased (its recording used a raw clock).
    package var isRebased: Bool { (origin ?? 0) != 0 }
}
