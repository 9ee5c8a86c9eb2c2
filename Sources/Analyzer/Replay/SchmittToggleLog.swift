import BarModel

/// The hysteresis replay of one Schmitt-switched behaviour (largeTitle or blurHeader), run inside
/// the main pass for every value the search could try, so that the search need not read the
/// session's samples again, which would cost more than the replay itself.
///
/// It steps ``SchmittCandidates`` for the multiples of `flapping.hysteresisStep` up to
/// `flapping.maxHysteresis` — a search for this behaviour's `hysteresis` tries a prefix of them
/// (``HysteresisSearch``) — and logs the samples at which any candidate's state changed. The log is
/// bounded by the samples it has seen: past ``minimumCapacity`` changes, or one change for every
/// ``samplesPerChange`` samples if that is more, it stops, and the search replays the samples
/// after that from the candidates as they stood.
///
/// Why that bound: a fixed one (1 MB) was reached by a session that flaps throughout at ~1.2 M
/// samples (one change in ~18 samples), past which `report` read the whole session again for the
/// search. At 16 bytes a change, one change per 8 samples keeps the log at or under 2 bytes a
/// sample (plus the arrays' growth): ~20 MB at 10 M samples, a small part of what the session's
/// frames take in the database, where re-reading them costs about as much as the main pass.
/// A session that changes more often than that (flapping every few frames throughout) stops
/// logging there (``stop``), and the search replays only the samples after it: `navrec analyze`
/// keeps no sample of a long session from before a stop, none at all while its logs are whole.
///
/// - Complexity: O(1) per sample plus the candidates' edges `y` crossed since the last sample (of
///   at most ``SchmittCandidates/capacity``); at most max(``minimumCapacity``, n /
///   ``samplesPerChange``) + 1 changes of memory (16 bytes each) after n samples.
struct SchmittToggleLog: Sendable {
    /// Changes kept whatever the session's length: 1 MB.
    static let minimumCapacity = 1 << 16
    /// Past ``minimumCapacity``, the log keeps at most one change for this many samples seen.
    static let samplesPerChange = 8

    /// The behaviour whose hysteresis the log replays.
    let behavior: String
    /// The values replayed, smallest first: bit j of a change is `values[j]`.
    let values: [Double]
    private var candidates: SchmittCandidates
    /// The samples at which some candidate's state changed, in order: its time, and the
    /// candidates it changed.
    private(set) var times: [Double] = []
    private(set) var changes: [UInt64] = []
    /// Where the log stopped, once it logged a change more than the bound allows: the candidates
    /// as they stood after it, and the first sample not logged (its seq: the pass observes every
    /// frame from the session's first); `nil` while every change is logged.
    private(set) var stop: (candidates: SchmittCandidates, seq: Int)?
    /// Whether every change is logged: `stop` is `nil` (stored, as the main pass asks each block
    /// and testing an optional tuple of arrays costs more).
    private(set) var isComplete = true
    /// Samples observed.
    private var samples = 0

    /// The log for `behavior` of `behaviors`, or `nil` when the behaviour is absent, has no Schmitt
    /// state or more values would be tried than ``SchmittCandidates/capacity``. `values` are
    /// ``values(_:)`` of `settings` when the caller has them.
    init?(behavior: String, behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping, values: [Double]? = nil) {
        // Most sessions use one of the two behaviours: the values are worked out only for it.
        guard behavior == LargeTitle.name ? behaviors.largeTitle != nil : behavior == BlurHeader.name && behaviors.blurHeader != nil
        else { return nil }
        let values = values ?? Self.values(settings)
        // The edges of each value straight from the behaviour (a BehaviorSet per value cost ~90 k
        // instructions a session, most of a tiny session's analysis): the parameter set as
        // `BehaviorSet.set` sets a valid number.
        let candidates: SchmittCandidates?
        if behavior == LargeTitle.name, let largeTitle = behaviors.largeTitle {
            let edges = Self.edges(of: largeTitle, values: values, hysteresis: { $0.hysteresis = $1 }) {
                (on: $0.inlineTitleOnEdge, off: $0.inlineTitleOffEdge)
            }
            candidates = SchmittCandidates(onEdges: edges.on, offEdges: edges.off, strict: false)
        } else if behavior == BlurHeader.name, let blurHeader = behaviors.blurHeader {
            let edges = Self.edges(of: blurHeader, values: values, hysteresis: { $0.hysteresis = $1 }) {
                (on: $0.defaultEdge, off: $0.transparentEdge)
            }
            candidates = SchmittCandidates(onEdges: edges.on, offEdges: edges.off, strict: true)
        } else {
            candidates = nil
        }
        guard let candidates else { return nil }
        self.behavior = behavior
        self.values = values
        self.candidates = candidates
    }

    /// The values a log under `settings` replays: the multiples of the hysteresis step up to the
    /// largest hysteresis.
    static func values(_ settings: AnalyzerSettings.Flapping) -> [Double] {
        HysteresisSearch.multiples(of: settings.hysteresisStep, from: 1, upTo: settings.maxHysteresis)
    }

    /// The on and off edges of `behavior` with its hysteresis set to each of `values`, in order.
    private static func edges<Model>(
        of behavior: Model, values: [Double], hysteresis: (inout Model, Double) -> Void,
        edges: (Model) -> (on: Double, off: Double)
    ) -> (on: [Double], off: [Double]) {
        var model = behavior
        var on: [Double] = [], off: [Double] = []
        on.reserveCapacity(values.count)
        off.reserveCapacity(values.count)
        for value in values {
            hysteresis(&model, value)
            let edge = edges(model)
            on.append(edge.on)
            off.append(edge.off)
        }
        return (on, off)
    }

    /// Takes the next `count` samples, as columns.
    mutating func observe(count: Int, t: FrameColumn<Double>, y: FrameColumn<Double>) {
        guard isComplete else { return }
        guard !candidates.holds(y, count: count) else {
            samples &+= count
            return
        }
        for row in 0..<count { observe(t: t[row], y: y[row]) }
    }

    /// Takes the next sample.
    @inline(__always)
    mutating func observe(t: Double, y: Double) {
        samples &+= 1
        let changed = candidates.step(y)
        guard changed != 0, isComplete else { return }
        times.append(t)
        changes.append(changed)
        if times.count > max(Self.minimumCapacity, samples / Self.samplesPerChange) {
            stop = (candidates, samples)
            isComplete = false
        }
    }
}
