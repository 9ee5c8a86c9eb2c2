@testable import BarModel
@testable import Simulation

/// A validated behaviour set from names with default parameters and `overrides` ("name.key").
func makeBehaviors(_ names: [String], _ overrides: [String: ParameterValue] = [:]) throws -> BehaviorSet {
    var set = BehaviorSet()
    for name in names { try set.add(name) }
    for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
        let parts = key.split(separator: ".").map(String.init)
        try set.set(parts[0], parts[1], to: value)
    }
    try set.validate()
    return set
}

/// Whether two doubles agree to within `tolerance`.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// A simulated session collected: samples with computed and observed states, and events.
struct Collected {
    var samples: [ScrollSample] = []
    var computed: [BarState] = []
    var observed: [BarState?] = []
    var events: [ScrollEvent] = []
    /// Items in order, for determinism checks.
    var items: [SimulationItem] = []

    init(_ configuration: SimulationConfiguration) throws {
        var engine = BarEngine(behaviors: configuration.behaviors)
        for item in try Simulator(configuration) {
            items.append(item)
            switch item {
            case .sample(let sample, let state):
                samples.append(sample)
                computed.append(engine.step(sample))
                observed.append(state)
            case .event(let event):
                events.append(event)
                engine.apply(event)
            }
        }
    }
}

/// ANALYSIS.md's flapping episodes (toggle counts) of a binary signal, defaults window 1 s, 3 toggles.
func flappingEpisodes(_ times: [Double], _ values: [Bool?], window: Double = 1, minToggles: Int = 3) -> [Int] {
    var toggles: [Double] = []
    var previous: Bool?
    for (t, value) in zip(times, values) {
        guard let value else { continue }
        if let previous, previous != value { toggles.append(t) }
        previous = value
    }
    var episodes: [Int] = []
    var count = 0
    var last = -Double.infinity
    for t in toggles {
        if t - last <= window { count += 1 } else {
            if count >= minToggles { episodes.append(count) }
            count = 1
        }
        last = t
    }
    if count >= minToggles { episodes.append(count) }
    return episodes
}

/// Times of ANALYSIS.md's reversals of a continuous signal (steps under `epsilon` ignored).
func reversalTimes(_ times: [Double], _ values: [Double?], epsilon: Double) -> [Double] {
    var result: [Double] = []
    var previousValue: Double?
    var previousSign = 0.0
    for (t, value) in zip(times, values) {
        guard let value else { continue }
        defer { previousValue = value }
        guard let previousValue else { continue }
        let step = value - previousValue
        guard step != 0, abs(step) >= epsilon else { continue }
        let sign: Double = step > 0 ? 1 : -1
        if previousSign != 0, sign != previousSign { result.append(t) }
        previousSign = sign
    }
    return result
}

/// ANALYSIS.md's jitter episodes of `values` against the input `y`: chains of reversals within
/// `window` with at least `minReversals` and more reversals than `y` had over the same span.
func jitterEpisodes(_ times: [Double], _ values: [Double?], y: [Double], epsilon: Double,
                    window: Double = 0.25, minReversals: Int = 3) -> [Int] {
    let reversals = reversalTimes(times, values, epsilon: epsilon)
    let inputReversals = reversalTimes(times, y.map { $0 }, epsilon: 0.5)
    var chains: [[Double]] = []
    for t in reversals {
        if let last = chains.last?.last, t - last <= window { chains[chains.count - 1].append(t) } else { chains.append([t]) }
    }
    return chains.compactMap { chain in
        // On the pixel grid the input's reversal can come a frame or two before the follower's (a
        // one-pixel step under `epsilon` first): count the input's from a window before the chain.
        let input = inputReversals.filter { $0 >= chain.first! - window && $0 <= chain.last! }.count
        return chain.count >= minReversals && chain.count > input ? chain.count : nil
    }
}

/// Whether a title alpha counts as visible.
func visible(_ alpha: Double?) -> Bool? { alpha.map { $0 >= BarState.visibleAlpha } }
