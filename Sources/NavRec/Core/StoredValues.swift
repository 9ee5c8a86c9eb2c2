package import BarModel

/// The values a frame reads back as after a round trip through `frame_chunks`, computed without
/// a database: what `navrec analyze` hands the analyzer, so its findings equal
/// `navrec import` + `navrec report`'s.
///
/// The encodings (``DigitColumn``) keep every number exactly except two: `t` and `frameDuration`
/// are stored in whole microseconds, and `-0.0` reads back as `0.0` (a block's state columns
/// write it so, ``FrameStateColumns``). Keep this in step with
/// ``FrameChunkBuilder`` and ``FrameCursor`` when an encoding changes.
package enum StoredValues {
    /// The sample as stored: `t` and `frameDuration` rounded to the microsecond, `-0.0` as `0.0`.
    @inline(__always)
    package static func sample(_ sample: ScrollSample) -> ScrollSample {
        ScrollSample(
            t: microseconds(sample.t), y: number(sample.y), phase: sample.phase,
            vy: sample.vy.map(number), frameDuration: sample.frameDuration.map(microseconds))
    }

    /// Seconds as the integer-microsecond columns give them back: `Double(Int64(x.rounded()))`
    /// divided by a million. Below 2^52 microseconds the round trip through `Int64` only made
    /// `-0.0` `0.0` (adding `0.0` does that), and its range checks and conversions cost more than
    /// the rounding; from 2^52 on it is taken, trapping where it always did.
    @inline(__always)
    private static func microseconds(_ seconds: Double) -> Double {
        let scaled = seconds * 1_000_000
        guard abs(scaled) < 0x1p52 else { return Double(Int64(scaled.rounded())) / 1_000_000 }
        return (scaled.roundedToNearest + 0) / 1_000_000
    }

    /// A number as the chunks give it back (zero always as 0, ``DigitColumn/thousandths(_:)``).
    @inline(__always)
    private static func number(_ value: Double) -> Double { value == 0 ? 0 : value }
}
