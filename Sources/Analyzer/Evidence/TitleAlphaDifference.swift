package import BarModel

/// One title presentation the app showed differently from the model: both alphas when it first
/// differed.
package struct TitleAlphaDifference: Sendable, Hashable {
    package var presentation: TitlePresentation
    package var computedAlpha: Double
    package var observedAlpha: Double
}
