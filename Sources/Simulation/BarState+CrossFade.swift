internal import BarModel

extension BarState {
    /// The bar halfway through a navigation transition's cross-fade into `other` (the next or the
    /// previous screen's bar): lengths and alphas move linearly with `progress` (0...1, rounded to
    /// micro-units), a yes/no field or the background switches at half.
    func crossFaded(to other: BarState, progress: Double) -> BarState {
        func mix(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b else { return progress < 0.5 ? a : b }
            return Math.round(a + (b - a) * progress, scale: 1e6) + 0
        }
        func pick<T>(_ a: T?, _ b: T?) -> T? { progress < 0.5 ? a : b }
        return BarState(
            barHeight: mix(barHeight, other.barHeight), barHidden: pick(barHidden, other.barHidden),
            barShown: mix(barShown, other.barShown), largeTitleAlpha: mix(largeTitleAlpha, other.largeTitleAlpha),
            inlineTitleAlpha: mix(inlineTitleAlpha, other.inlineTitleAlpha),
            contentTitleAlpha: mix(contentTitleAlpha, other.contentTitleAlpha), avatarScale: mix(avatarScale, other.avatarScale),
            avatarTx: mix(avatarTx, other.avatarTx), avatarTy: mix(avatarTy, other.avatarTy), blurAlpha: mix(blurAlpha, other.blurAlpha),
            background: pick(background, other.background), subtitleVisible: pick(subtitleVisible, other.subtitleVisible),
            subtitleHasText: pick(subtitleHasText, other.subtitleHasText), dropdownExpanded: pick(dropdownExpanded, other.dropdownExpanded))
    }
}
