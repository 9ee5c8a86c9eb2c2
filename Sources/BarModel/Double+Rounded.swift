extension Double {
    /// `rounded()` (to the nearest integer, halves away from zero), bit for bit, signed zeros
    /// included, without a call: on x86-64's baseline, which has no rounding instruction, Swift's
    /// `rounded()` calls libm's `round`, and the per-frame paths (hitch rates, overrun bins,
    /// microsecond times) round several times a sample.
    ///
    /// Below 2^52, adding and taking away 2^52 rounds the magnitude to the nearest integer, ties
    /// to even (the sum's unit in the last place is 1); a tie it took down is taken up, as `round`
    /// does. From 2^52 on (and for infinities and NaN) it is `rounded()`.
    @inlinable @inline(__always)
    package var roundedToNearest: Double {
        let magnitude = abs(self)
        guard magnitude < 0x1p52 else { return rounded() }
        let even = magnitude + 0x1p52 - 0x1p52
        return Double(signOf: self, magnitudeOf: magnitude - even == 0.5 ? even + 1 : even)
    }
}
