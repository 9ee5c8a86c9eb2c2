package import BarModel

/// One title presentation's alpha at the start of a title-visibility run.
package struct TitleAlpha: Sendable, Hashable {
    package var presentation: TitlePresentation
    package var alpha: Double
}
