/// An avatar image in the large-title area that shrinks and slides as the bar collapses
/// (reference 000_…, "moveAndResizeImage"). Needs ``LargeTitle`` for the bar heights.
public struct Avatar: Behavior {
    public static let name = "avatar"
    public static let parameterList: [BehaviorParameter<Self>] = [
        .number("sizeLarge", \.sizeLarge, minimum: 0, exclusive: true),
        .number("sizeSmall", \.sizeSmall, minimum: 0),
        .number("rightMargin", \.rightMargin),
        .number("bottomMarginLarge", \.bottomMarginLarge),
        .number("bottomMarginSmall", \.bottomMarginSmall),
    ]

    /// Image side with the large bar, points.
    public var sizeLarge = 40.0
    /// Image side with the small bar, points.
    public var sizeSmall = 32.0
    /// Margin from the bar's right edge, points (layout only; the transform does not use it).
    public var rightMargin = 16.0
    /// Margin from the bar's bottom with the large bar, points.
    public var bottomMarginLarge = 12.0
    /// Margin from the bar's bottom with the small bar, points.
    public var bottomMarginSmall = 6.0

    public init() {}

    /// The image transform (scale, then translate) for a bar of `barHeight` between `smallHeight`
    /// and `largeHeight`. `coeff` is deliberately not clamped, as in the reference: a stretched bar
    /// (pull-down) clamps through `min`/`max` instead.
    public func transform(barHeight: Double, smallHeight: Double, largeHeight: Double)
        -> (scale: Double, tx: Double, ty: Double)
    {
        let coeff = (barHeight - smallHeight) / (largeHeight - smallHeight)
        // The reference's `factor = sizeSmall / sizeLarge`, `scale = coeff * (1 - factor) + factor`
        // and `sizeDiff = sizeLarge * (1 - factor)`, rearranged without `1 - factor` (0.19999999999999996
        // in binary for 32/40) so the reference points come out exact: 8, not 7.999999999999998.
        let sizeDiff = sizeLarge - sizeSmall
        let scale = min(1, (sizeSmall + coeff * sizeDiff) / sizeLarge)
        let maxY = bottomMarginLarge - bottomMarginSmall + sizeDiff
        let ty = max(0, min(maxY, maxY - coeff * (bottomMarginSmall + sizeDiff)))
        let tx = max(0, sizeDiff * (1 - coeff))
        return (scale, tx, ty)
    }
}
