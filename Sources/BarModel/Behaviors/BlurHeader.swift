/// The Music app's transparent bar over a header image (reference 003_…): a blur fades in with the
/// offset and the bar switches to the default background `2 * navBarHeight` before the header ends.
public struct BlurHeader: Behavior {
    public static let name = "blurHeader"
    public static let parameterList: [BehaviorParameter<Self>] = [
        .number("imageHeight", \.imageHeight, minimum: 0),
        .number("navBarHeight", \.navBarHeight, minimum: 0),
        .number("hysteresis", \.hysteresis, minimum: 0),
    ]

    /// Header image height, points (the header is `imageHeight + navBarHeight` tall).
    public var imageHeight = 150.0
    /// The bar's height, points.
    public var navBarHeight = 66.0
    /// Schmitt band around the switch point, points; 0 reproduces the reference.
    public var hysteresis = 0.0

    public init() {}

    /// The offset at which the background switches: `(imageHeight + navBarHeight) - 2 * navBarHeight`.
    public var threshold: Double { imageHeight - navBarHeight }

    /// The blur's alpha at `y`, clamped to 0...1 as UIKit clamps alpha when drawing.
    public func blurAlpha(y: Double) -> Double {
        let threshold = threshold
        guard threshold > 0 else { return y > 0 ? 1 : 0 }
        // At or past a finite threshold (most frames) the quotient is at least 1 and the alpha
        // exactly 1, without the division (∞/∞ would be NaN, which the clamp makes 0).
        if y >= threshold, threshold.isFinite { return 1 }
        return min(1, max(0, y / threshold))
    }

    /// The background at `y` given the previous one; an exact hit on the band's edge keeps it.
    ///
    /// Both edges sit ``RestTolerance/points`` further out, so a bar resting on the threshold with
    /// ulp-level noise in `y` keeps its background (the reference keeps it on an exact hit too).
    public func background(y: Double, previous: BarBackground) -> BarBackground {
        if y > defaultEdge { return .default }
        if y < transparentEdge { return .transparent }
        return previous
    }

    /// Above this `y` (not at it) the background is `default`, whatever it was before.
    public var defaultEdge: Double { threshold + (hysteresis + RestTolerance.points) }
    /// Below this `y` the background is `transparent`, whatever it was before.
    public var transparentEdge: Double { threshold - (hysteresis + RestTolerance.points) }
}
