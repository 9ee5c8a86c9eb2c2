internal import BarModel

extension BarState {
    /// The bar halfway through a navigation transition's cross-fade into `other` (the next or the
    /// previous screen's bar): lengths and alphas move linearly with `progress` (0...1, rounded to
    /// micro-units), a yes/no field or the background switches at half. Every ``BarStateField``,
    /// so a new field cross-fades with no edit here.
    func crossFaded(to other: BarState, progress: Double) -> BarState {
        var result = BarState()
        for field in BarStateField.allCases {
            let a = field.value(in: self), b = field.value(in: other)
            if field.isNumber, let a, let b {
                field.set(Math.round(a + (b - a) * progress, scale: 1e6) + 0, in: &result)
            } else {
                field.set(progress < 0.5 ? a : b, in: &result)
            }
        }
        return result
    }
}
