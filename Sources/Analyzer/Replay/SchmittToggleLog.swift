import BarModel

/// The hysteresis replay of one Schmitt-switched behaviour (largeTitle or blurHeader), run inside
/// the main pass for every value the search could try, so that the search need not read the
/// session's samples again: reading them back was most of its cost (Benchmarks/README.md,
/// "Hitch detector and hysteresis replay").
///
/// It steps ``SchmittCandidates`` for the multiples of `flapping.hysteresisStep` up to
/// `flapping.maxHysteresis` — a search for this behaviour's `hysteresis` tries a prefix of them
/// (``HysteresisSearch``) — and logs the samples at which any candidate's state changed. The log is
/// bounded: past ``capacity`` changes it is dropped and the search replays from the samples, as it
/// would without it.
///
/// - Complexity: O(1) per sample plus the candidates' edges `y` crossed since the last sample (of
///   at most ``SchmittCandidates/capacity``); at most ``capacity`` changes of memory (16 bytes each).
struct SchmittToggleLog: Sendable {
    /// Changes kept at most: 1 MB.
    static let capacity = 1 << 16

    /// The behaviour whose hysteresis the log replays.
    let behavior: String
    /// The values replayed, smallest first: bit j of a change is `values[j]`.
    let values: [Double]
    private var candidates: SchmittCandidates
    /// The samples at which some candidate's state changed, in order: its time, and the
    /// candidates it changed.
    private(set) var times: [Double] = []
    private(set) var changes: [UInt64] = []
    /// Whether every change is logged (false once there were more than ``capacity``).
    private(set) var isComplete = true

    /// The log for `behavior` of `behaviors`, or `nil` when the behaviour is absent, has no Schmitt
    /// state or more values would be tried than ``SchmittCandidates/capacity``.
    init?(behavior: String, behaviors: BehaviorSet, settings: AnalyzerSettings.Flapping) {
        guard behaviors.contains(behavior), HysteresisSearch.threshold(of: behavior, in: behaviors) != nil else { return nil }
        let values = HysteresisSearch.multiples(of: settings.hysteresisStep, from: 1, upTo: settings.maxHysteresis)
        var engines: [BehaviorSet] = []
        for value in values {
            var replayed = behaviors
            guard (try? replayed.set(behavior, "hysteresis", to: .number(value))) != nil else { return nil }
            var alone = BehaviorSet()
            alone.largeTitle = behavior == LargeTitle.name ? replayed.largeTitle : nil
            alone.blurHeader = behavior == BlurHeader.name ? replayed.blurHeader : nil
            engines.append(alone)
        }
        guard let candidates = SchmittCandidates(behavior: behavior, engines: engines, signals: []) else { return nil }
        self.behavior = behavior
        self.values = values
        self.candidates = candidates
    }

    /// Takes the next sample.
    @inline(__always)
    mutating func observe(t: Double, y: Double) {
        let changed = candidates.step(y)
        guard changed != 0, isComplete else { return }
        guard times.count < Self.capacity else {
            isComplete = false
            times = []
            changes = []
            return
        }
        times.append(t)
        changes.append(changed)
    }
}
