import BarModel

/// Counts reversals of one value: steps smaller than the noise are ignored; a reversal is a step
/// whose sign differs from the previous non-ignored step.
struct ReversalCounter: Sendable {
    /// What one value did.
    enum Outcome: Sendable, Equatable {
        /// The step was noise (or this is the first value): nothing moved.
        case still
        /// A step in the direction of the one before it (or the first counted step).
        case step
        /// A step against the direction of the one before it, of this size (signed).
        case reversal(Double)
    }

    /// Smallest step that counts.
    let noise: Double
    /// Whether a step between exactly 0 and 1 is a switch of an on/off state rather than a
    /// movement: it sets the direction but is never a reversal (flapping judges it).
    let switches: Bool
    /// The last value taken.
    private(set) var last: Double?
    private var direction = 0.0
    /// Reversals so far.
    private(set) var total = 0

    /// A counter whose steps count from `epsilon`; `pixel` is the size of a pixel in the value's
    /// unit when the value was rounded to a pixel grid (0 when it was not): a rounded value
    /// counts a step only from `epsilon + pixel` (less the rest tolerance, for float noise), the
    /// smallest step rounding cannot have made out of a movement below `epsilon`.
    init(epsilon: Double, pixel: Double = 0, switches: Bool = false) {
        noise = pixel > 0 ? epsilon + pixel - RestTolerance.points : epsilon
        self.switches = switches
    }

    /// Takes the next value.
    @inline(__always)
    mutating func add(_ value: Double) -> Outcome {
        guard let last else {
            self.last = value
            return .still
        }
        let step = value - last
        self.last = value
        guard abs(step) >= noise, step != 0 else { return .still }
        let stepDirection: Double = step > 0 ? 1 : -1
        defer { direction = stepDirection }
        guard direction != 0, stepDirection != direction else { return .step }
        if switches, abs(step) == 1, value == 0 || value == 1 { return .step }
        total += 1
        return .reversal(step)
    }
}
