package import BarModel

/// The values a frame reads back as after a round trip through `frame_chunks`, computed without
/// a database: what `navrec analyze` hands the analyzer, so its findings equal
/// `navrec import` + `navrec report`'s.
///
/// The encodings (``DigitColumn``) keep every number exactly except two: `t` and `frameDuration`
/// are stored in whole microseconds, and `-0.0` reads back as `0.0`. Keep this in step with
/// ``FrameChunkBuilder`` and ``FrameCursor`` when an encoding changes.
package enum StoredValues {
    /// The sample as stored: `t` and `frameDuration` rounded to the microsecond, `-0.0` as `0.0`.
    package static func sample(_ sample: ScrollSample) -> ScrollSample {
        ScrollSample(
            t: microseconds(sample.t), y: number(sample.y), phase: sample.phase,
            vy: sample.vy.map(number), frameDuration: sample.frameDuration.map(microseconds))
    }

    /// Seconds as the integer-microsecond columns give them back.
    @inline(__always)
    private static func microseconds(_ seconds: Double) -> Double {
        Double(Int64((seconds * 1_000_000).rounded())) / 1_000_000
    }

    /// The state as stored: `-0.0` as `0.0`, everything else unchanged.
    package static func state(_ state: BarState) -> BarState {
        var stored = state
        for field in BarStateField.allCases where field.isNumber {
            if let value = field.value(in: state), value == 0 { field.set(0, in: &stored) }
        }
        return stored
    }

    /// A number as the chunks give it back (zero always as 0, ``DigitColumn/thousandths(_:)``).
    @inline(__always)
    private static func number(_ value: Double) -> Double { value == 0 ? 0 : value }
}
