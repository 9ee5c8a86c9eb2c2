/// What an `observed_vs_expected` title finding rests on: the titles the app showed differently
/// from the model, and how long it lasted against the tolerance.
package struct TitleComparisonEvidence: Sendable, Hashable {
    /// Every presentation that differed during the run, in the behaviours' order; never empty.
    package var differences: [TitleAlphaDifference]
    /// Seconds, rounded to 1 µs.
    package var duration: Double
    /// The tolerance the duration exceeded, seconds rounded to 1 µs.
    package var tolerance: Double
}
