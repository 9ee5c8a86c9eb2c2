/// UIKit's `prefersLargeTitles` bar (references 000_…, 002_…): the bar collapses from the large
/// height to the small one as content scrolls up, and the inline title replaces the large one once
/// it is fully collapsed.
public struct LargeTitle: Behavior {
    public static let name = "largeTitle"
    public static let parameterList: [BehaviorParameter<Self>] = [
        .number("largeHeight", \.largeHeight, minimum: 0, exclusive: true),
        .number("smallHeight", \.smallHeight, minimum: 0),
        .number("hysteresis", \.hysteresis, minimum: 0),
    ]

    /// Bar height with the large title showing, points (UIKit's 96.5 with the system font).
    public var largeHeight = 96.5
    /// Bar height when collapsed, points.
    public var smallHeight = 44.0
    /// Schmitt band around the collapse point, points; 0 reproduces UIKit.
    public var hysteresis = 0.0

    public init() {}

    /// Scroll distance at which the bar is fully collapsed.
    public var collapseDistance: Double { largeHeight - smallHeight }

    /// The bar's height at scroll offset `y`; pulling down (`y < 0`) stretches it.
    public func barHeight(y: Double) -> Double {
        max(smallHeight, largeHeight - y)
    }

    /// Whether the inline title shows at `y`, given whether it showed on the previous sample.
    /// With `h = 0` it shows exactly when the bar is fully collapsed (`y >= T`).
    ///
    /// The off edge sits ``RestTolerance/points`` further out: a bar resting on `T` whose `y`
    /// wobbles by an ulp would otherwise flip every frame. The on edge keeps UIKit's exact hit.
    public func inlineTitleVisible(y: Double, wasVisible: Bool) -> Bool {
        if y >= inlineTitleOnEdge { return true }
        if y < inlineTitleOffEdge { return false }
        return wasVisible
    }

    /// The inline title shows from this `y` on (at it included), whatever it showed before.
    public var inlineTitleOnEdge: Double { collapseDistance + hysteresis }
    /// The inline title hides below this `y`, whatever it showed before.
    public var inlineTitleOffEdge: Double { collapseDistance - hysteresis - RestTolerance.points }
}
