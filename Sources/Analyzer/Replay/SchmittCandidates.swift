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
/// candidate stepped a whole ``BarState`` each (Benchmarks/README.md, "Hysteresis replay").
///
/// - Complexity: O(1) per sample outside the band of every candidate, O(c) inside; O(c) memory for c
///   candidates (at most ``capacity``).
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
            onEdges = engines.map { $0.largeTitle!.inlineTitleOnEdge }
            offEdges = engines.map { $0.largeTitle!.inlineTitleOffEdge }
            strict = false
        case BlurHeader.name:
            guard signals.isSubset(of: [.background, .inlineTitleVisible, .contentTitleVisible]) else { return nil }
            onEdges = engines.map { $0.blurHeader!.defaultEdge }
            offEdges = engines.map { $0.blurHeader!.transparentEdge }
            strict = true
        default:
            return nil
        }
        // The prefix rule needs edges that move outwards with the value.
        guard zip(onEdges, onEdges.dropFirst()).allSatisfy({ $0 <= $1 }),
            zip(offEdges, offEdges.dropFirst()).allSatisfy({ $0 >= $1 })
        else { return nil }
    }

    var count: Int { onEdges.count }

    /// Takes the next sample's `y`; returns the candidates whose state it changed (bit j for
    /// candidate j). The first sample sets every state and changes none: a signal's first value
    /// is no toggle.
    @inline(__always)
    mutating func step(_ y: Double) -> UInt64 {
        let count = onEdges.count
        var on = 0
        if strict {
            if y > onEdges[count - 1] {
                on = count
            } else {
                while on < count, y > onEdges[on] { on += 1 }
            }
        } else if y >= onEdges[count - 1] {
            on = count
        } else {
            while on < count, y >= onEdges[on] { on += 1 }
        }
        var off = 0
        if y < offEdges[count - 1] {
            off = count
        } else {
            while off < count, y < offEdges[off] { off += 1 }
        }
        // On is decided first, as the models do.
        let next = Self.mask(on) | (state & ~Self.mask(off))
        let changed = started ? next ^ state : 0
        state = next
        started = true
        return changed
    }

    /// The lowest `count` bits.
    @inline(__always)
    private static func mask(_ count: Int) -> UInt64 {
        count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
    }
}
