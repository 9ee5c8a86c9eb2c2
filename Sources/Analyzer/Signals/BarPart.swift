/// A part of the bar that more than one continuous signal draws (``ContinuousSignal/part``).
package enum BarPart: Sendable, Hashable {
    /// The title presentations' alphas.
    case titles
    /// The bar's height and the avatar's transform, which follows it.
    case bar
}
