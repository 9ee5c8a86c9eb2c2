/// UIScrollView's resistance when content is pulled past its edge.
///
/// The widely reproduced fit of UIKit's behaviour: a finger travel `x` past the edge moves the
/// content by `(1 - 1 / (x * c / d + 1)) * d`, with `c = 0.55` and `d` the viewport dimension
/// (e.g. 844 pt, an iPhone's height). Small pulls follow the finger at `c`; large ones approach `d`.
public enum RubberBand {
    /// UIKit's coefficient.
    public static let coefficient = 0.55

    /// How far the content moves for a finger travel of `pull` points past the edge (same sign).
    public static func offset(pull: Double, dimension: Double, coefficient: Double = coefficient) -> Double {
        let x = abs(pull)
        let moved = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return pull < 0 ? -moved : moved
    }

    /// The finger travel that moves the content by `offset` (the inverse of ``offset(pull:dimension:coefficient:)``).
    public static func pull(offset: Double, dimension: Double, coefficient: Double = coefficient) -> Double {
        let moved = min(abs(offset), dimension * 0.999_999)
        let x = (1 / (1 - moved / dimension) - 1) * dimension / coefficient
        return offset < 0 ? -x : x
    }
}
