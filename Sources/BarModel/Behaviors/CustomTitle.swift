/// A SwiftUI title label in the content that hands over to a toolbar title once it has scrolled
/// under the bar (reference 001_…). The screen uses the inline display mode: bar height 44.
public struct CustomTitle: Behavior {
    public static let name = "customTitle"
    public static let parameterList: [BehaviorParameter<Self>] = [
        .number("labelTop", \.labelTop),
        .number("labelHeight", \.labelHeight, minimum: 0),
        .number("labelScale", \.labelScale, minimum: 0, exclusive: true),
        .number("slack", \.slack),
        .number("fadeDuration", \.fadeDuration, minimum: 0),
        .number("hysteresis", \.hysteresis, minimum: 0),
    ]

    /// Content padding above the label, points.
    public var labelTop = 16.0
    /// Unscaled label height, points.
    public var labelHeight = 22.0
    /// Scale applied to the label in the content.
    public var labelScale = 1.4
    /// Empty space at the label's bottom, points (the reference's 5.0).
    public var slack = 5.0
    /// The toolbar title's fade, seconds (SwiftUI's default `withAnimation`).
    public var fadeDuration = 0.35
    /// Schmitt band around `showing = 0`, points; 0 reproduces the reference.
    public var hysteresis = 0.0

    /// The inline bar's height, points.
    public static let barHeight = 44.0

    public init() {}

    /// Points of the label still below the bar at scroll offset `y`.
    public func showing(y: Double) -> Double {
        labelHeight * labelScale + (labelTop - y) - slack
    }

    /// Whether the content label shows at `y`, given whether it showed on the previous sample:
    /// hidden once `showing <= 0` (the reference's exact hit), shown again only once `showing`
    /// exceeds ``RestTolerance/points``, so ulp-level noise at the edge does not flip it.
    public func contentTitleVisible(y: Double, wasVisible: Bool) -> Bool {
        let showing = showing(y: y)
        if showing <= 0 { return false }
        if showing > RestTolerance.points { return true }
        return wasVisible
    }

    /// The toolbar title's target at `y`, given the previous target: on when `showing <= -h`,
    /// off when `showing > h` + ``RestTolerance/points``.
    ///
    /// The tolerance on the off edge keeps a label resting at `showing = 0` from flipping the title
    /// on ulp-level noise; the on edge keeps the reference's exact hit.
    public func toolbarTitleTarget(y: Double, wasOn: Bool) -> Bool {
        let showing = showing(y: y)
        if showing <= -hysteresis { return true }
        if showing > hysteresis + RestTolerance.points { return false }
        return wasOn
    }
}
