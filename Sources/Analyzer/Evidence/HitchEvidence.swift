/// What a hitch finding rests on: the late frames measured against the movement.
///
/// Milliseconds where reports print milliseconds, rounded as they print them.
package struct HitchEvidence: Sendable, Hashable {
    /// Hitch time per second of movement, ms/s rounded to 0.001.
    package var hitchTimeRatio: Double
    /// Time lost to late frames, ms rounded to 0.001.
    package var hitchTime: Double
    /// Seconds of movement the ratio is taken over, rounded to 1 µs.
    package var movingTime: Double
    /// The frame interval the app aimed for, ms rounded to 0.001.
    package var expectedInterval: Double
    /// The longest single hitch, ms rounded to 0.001.
    package var longestHitch: Double
    /// Hitches of 250 ms or more.
    package var hangs: Int
}
