extension Analyzer {
    /// The pixel grid the app's observed lengths were rounded to, in points: UIKit lays frames and
    /// transforms out on the screen's pixels, `1 / UIScreen.scale`.
    ///
    /// Without a scale in the header (or with one that is not a positive number) it is ½ pt, the
    /// coarsest grid of any screen current iOS runs on (@2x). On a @3x screen that ignores exactly
    /// the steps ⅓ pt would (its values are multiples of ⅓ pt, and both keep steps of ⅓ and ⅔ pt
    /// below the noise of `epsilon + pixel`), so only a @1x screen needs the header to say so.
    static func pixelSize(screenScale: Double?) -> Double {
        guard let screenScale, screenScale.isFinite, screenScale > 0 else { return 0.5 }
        return 1 / screenScale
    }
}
