/// How far apart two positions must be before navrec treats them as different: the one tolerance
/// for every "did the content move?" and "which side of a threshold is it on?" decision.
///
/// Recorders compute `y` with floating-point arithmetic (`contentOffset.y + adjustedContentInset.top`,
/// interpolated positions, unit conversions), so a bar at rest can report values that differ by a
/// few ulps; a pixel on a 3x screen is 1/3 pt. The tolerance sits far below a pixel and far above
/// float noise, so noise never counts as movement and a bar resting on a threshold never flips.
public enum RestTolerance {
    /// Points; differences of at most this much are the same position.
    public static let points = 1e-6

    /// Whether `y` moved from `previous` by more than the tolerance.
    @inline(__always)
    public static func moved(from previous: Double, to y: Double) -> Bool {
        abs(y - previous) > points
    }
}
