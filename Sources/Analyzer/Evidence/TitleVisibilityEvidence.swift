/// What a `both_visible` or `none_visible` title mismatch rests on: every title's alpha when the
/// run started, and how long it lasted against the tolerance.
package struct TitleVisibilityEvidence: Sendable, Hashable {
    /// `true` when two or more titles showed at once (`both_visible`), `false` when none did
    /// (`none_visible`).
    package var bothVisible: Bool
    /// Each of the bar's title presentations, in the behaviours' order.
    package var alphas: [TitleAlpha]
    /// Seconds, rounded to 1 µs.
    package var duration: Double
    /// The tolerance the duration exceeded, seconds rounded to 1 µs.
    package var tolerance: Double
}
