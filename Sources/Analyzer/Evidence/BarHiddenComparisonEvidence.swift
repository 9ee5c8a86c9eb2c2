/// What an `observed_vs_expected` finding on `barHidden` rests on: the app hid or showed the bar
/// where the model did the opposite, for longer than the tolerance.
package struct BarHiddenComparisonEvidence: Sendable, Hashable {
    /// The app's `barHidden`; the model's is the opposite.
    package var observedBarHidden: Bool
    /// Seconds, rounded to 1 µs.
    package var duration: Double
    /// The tolerance the duration exceeded, seconds rounded to 1 µs.
    package var tolerance: Double

    /// The model's `barHidden`, the opposite of the app's.
    package var computedBarHidden: Bool { !observedBarHidden }
}
