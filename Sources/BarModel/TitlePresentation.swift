/// The three places a title can show (BEHAVIORS.md "Bar state").
public enum TitlePresentation: String, Sendable, CaseIterable, Hashable {
    /// UIKit's large title.
    case large
    /// The bar's inline, toolbar or title-view title.
    case inline
    /// A title inside the content: customTitle's label, blurHeader's header title.
    case content

    /// The alpha field of ``BarState`` that shows this presentation.
    public var alphaField: BarStateField {
        switch self {
        case .large: .largeTitleAlpha
        case .inline: .inlineTitleAlpha
        case .content: .contentTitleAlpha
        }
    }

    /// The presentation's alpha in `state`.
    @inlinable
    public func alpha(in state: BarState) -> Double? { alphaField.value(in: state) }
}
