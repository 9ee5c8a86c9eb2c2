import BarModel

/// The hysteresis candidates of one Schmitt-switched state — largeTitle's inline title, or
/// blurHeader's background — replayed together, one bit each.
///
/// With the behaviour alone in a candidate's engine (``BehaviorSet/writing(_:)``), its state on a
/// sample is "on" at or past the on edge, "off" past the off edge, else what it was
/// (``LargeTitle/inlineTitleVisible(y:wasVisible:)``, ``BlurHeader/background(y:previous:)``);
/// events change neither. A larger hysteresis moves the on edge up and the off edge down, so the
/// candidates a sample switches on, taken smallest value first, are a prefix, and so are those it
/// switches off: one sample costs two comparisons for every candidate together, where an engine a
/// candidate would step a whole ``BarState`` each.
///
/// - Complexity: O(1) per sample plus the candidates whose edges `y` crossed since the last one;
///   O(c) memory for c candidates (at most ``capacity``).
struct SchmittCandidates: Sendable {
    /// Candidates one value holds.
    static let capacity = 64

    /// Per candidate, smallest value first: the `y` from which it switches on, and below which off.
    private let onEdges: [Double]
    private let offEdges: [Double]
    /// On only above the on edge (blurHeader), not at it (largeTitle).
    private let strict: Bool
    /// Bit j: candidate j is on.
    private(set) var state: UInt64 = 0
    private var started = false
    /// How many candidates, smallest first, the last sample switched on, and off.
    private var onCount = 0
    private var offCount = 0
    /// The largest candidate's edges: past them every candidate is on, or off.
    private let outermostOn: Double
    private let outermostOff: Double

    /// The candidates for `engines` (each the behaviours one candidate replays, smallest value
    /// first), when each runs only `behavior`'s Schmitt state and `signals` read nothing else;
    /// `nil` otherwise (the replay steps their engines).
    init?(behavior: String, engines: [BehaviorSet], signals: Set<BinarySignal>) {
        guard !engines.isEmpty, engines.count <= Self.capacity,
            engines.allSatisfy({ $0.enabledNames == [behavior] })
        else { return nil }
        switch behavior {
        case LargeTitle.name:
            guard signals.isSubset(of: [.inlineTitleVisible, .largeTitleVisible]) else { return nil }
            self.init(onEdges: engines.map { $0.largeTitle!.inlineTitleOnEdge },
                      offEdges: engines.map { $0.largeTitle!.inlineTitleOffEdge }, strict: false)
        case BlurHeader.name:
            guard signals.isSubset(of: [.background, .inlineTitleVisible, .contentTitleVisible]) else { return nil }
            self.init(onEdges: engines.map { $0.blurHeader!.defaultEdge },
                      offEdges: engines.map { $0.blurHeader!.transparentEdge }, strict: true)
        default:
            return nil
        }
    }

    /// The candidates of the given edges (per candidate, smallest value first); `nil` unless
    /// there are 1 to ``capacity`` and they move outwards with the value.
    init?(onEdges: [Double], offEdges: [Double], strict: Bool) {
        guard !onEdges.isEmpty, onEdges.count <= Self.capacity, offEdges.count == onEdges.count else { return nil }
        self.onEdges = onEdges
        self.offEdges = offEdges
        self.strict = strict
        // The prefix rule needs edges that move outwards with the value.
        // By index: `zip` with `dropFirst` costs far more per value, and this runs for every
        // session with a Schmitt-switched behaviour.
        for index in 1..<onEdges.count {
            guard onEdges[index - 1] <= onEdges[index], offEdges[index - 1] >= offEdges[index] else { return nil }
        }
        outermostOn = onEdges[onEdges.count - 1]
        outermostOff = offEdges[offEdges.count - 1]
    }

    var count: Int { onEdges.count }

    /// Takes the next sample's `y`; returns the candidates whose state it changed (bit j for
    /// candidate j). The first sample sets every state and changes none: a signal's first value
    /// is no toggle.
    @inline(__always)
    mutating func step(_ y: Double) -> UInt64 {
        // Still past every candidate's edge: nothing changes (most samples, away from the threshold).
        let count = onEdges.count
        if onCount == count, strict ? y > outermostOn : y >= outermostOn { return 0 }
        if offCount == count, y < outermostOff { return 0 }
        // The prefixes move from where the last sample left them: `y` moves little from one sample
        // to the next.
        var on = onCount
        while on < count, isOn(y, on) { on += 1 }
        while on > 0, !isOn(y, on - 1) { on -= 1 }
        var off = offCount
        while off < count, y < offEdges[off] { off += 1 }
        while off > 0, !(y < offEdges[off - 1]) { off -= 1 }
        onCount = on
        offCount = off
        // On is decided first, as the models do.
        let next = Self.mask(on) | (state & ~Self.mask(off))
        let changed = started ? next ^ state : 0
        state = next
        started = true
        return changed
    }

    /// Whether ``step(_:)`` would change nothing, not even where the prefixes stand, for each of
    /// the first `count` values of `y`: every candidate is on and each value past the outermost on
    /// edge, or every one off and each below the outermost off edge — most blocks, away from the
    /// threshold, where a block's check costs a comparison a value and a step each a call.
    func holds(_ y: FrameColumn<Double>, count: Int) -> Bool {
        if onCount == onEdges.count {
            var inside = false
            for row in 0..<count { inside = inside || !(strict ? y[row] > outermostOn : y[row] >= outermostOn) }
            if !inside { return true }
        }
        if offCount == offEdges.count {
            var inside = false
            for row in 0..<count { inside = inside || !(y[row] < outermostOff) }
            if !inside { return true }
        }
        return false
    }

    /// Whether `y` switches candidate `index` on.
    @inline(__always)
    private func isOn(_ y: Double, _ index: Int) -> Bool {
        strict ? y > onEdges[index] : y >= onEdges[index]
    }

    /// The lowest `count` bits: the first `count` candidates.
    @inline(__always)
    static func mask(_ count: Int) -> UInt64 {
        count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
    }
}
