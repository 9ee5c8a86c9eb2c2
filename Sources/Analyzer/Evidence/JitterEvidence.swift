/// What a jitter finding rests on: the output reversed while the input did not (as often).
package struct JitterEvidence: Sendable, Hashable {
    /// How often the scroll offset reversed over the episode, counting its reversal that led the
    /// signal's first one.
    package var inputReversals: Int
    /// The largest step of the signal, in its unit (points for lengths), rounded to 0.0001.
    package var amplitude: Double
}
