import BarModel

/// Flapping: a binary state toggling around a threshold (ANALYSIS.md "flapping"), over one stream.
///
/// A toggle is a sample whose value differs from the previous *known* value of its signal (a
/// sample lacking the field neither toggles nor breaks an episode); an episode is a maximal chain
/// of toggles each within `window` of the previous one.
///
/// - Complexity: O(1) per sample and O(signals) memory, plus the reported episodes.
struct FlappingDetector: Sendable {
    /// One reported chain of toggles.
    struct Episode: Sendable, Hashable {
        var signal: BinarySignal
        var count: Int
        /// Time of the first toggle, seconds.
        var start: Double
        /// Time of the last toggle, seconds.
        var end: Double
        /// Smallest and largest `y` over `start...end`, points.
        var yMin: Double
        var yMax: Double
    }

    private struct Tracker: Sendable {
        var last: Bool?
        var count = 0
        var start = 0.0
        var lastToggle = 0.0
        var runMin = 0.0
        var runMax = 0.0
        var spanMin = 0.0
        var spanMax = 0.0
    }

    /// Cached: `allCases` builds a new array on every access, and this runs per sample.
    private static let signals = BinarySignal.allCases

    let window: Double
    let minToggles: Int
    private var trackers: [Tracker]
    /// Reported episodes so far, in the order they ended.
    private(set) var episodes: [Episode] = []

    init(settings: AnalyzerSettings.Flapping) {
        window = settings.window
        minToggles = settings.minToggles
        trackers = Array(repeating: Tracker(), count: BinarySignal.allCases.count)
    }

    /// Takes one sample's state at time `t` with scroll offset `y`.
    mutating func observe(t: Double, y: Double, state: BarState) {
        // One exclusive access to the trackers per frame (see JitterDetector.observe); the episodes
        // are a separate stored property, so a run that ends is recorded in place.
        let window = self.window
        let minimum = minToggles
        trackers.withUnsafeMutableBufferPointer { trackers in
            for (index, signal) in Self.signals.enumerated() {
                if trackers[index].count > 0 {
                    trackers[index].runMin = min(trackers[index].runMin, y)
                    trackers[index].runMax = max(trackers[index].runMax, y)
                }
                guard let value = signal.value(in: state) else { continue }
                guard let last = trackers[index].last else {
                    trackers[index].last = value
                    continue
                }
                guard value != last else { continue }
                trackers[index].last = value
                if trackers[index].count > 0, t - trackers[index].lastToggle <= window {
                    trackers[index].count += 1
                    trackers[index].lastToggle = t
                    trackers[index].spanMin = trackers[index].runMin
                    trackers[index].spanMax = trackers[index].runMax
                } else {
                    Self.record(trackers[index], index: index, minimum: minimum, into: &episodes)
                    trackers[index].count = 1
                    trackers[index].start = t
                    trackers[index].lastToggle = t
                    trackers[index].runMin = y
                    trackers[index].runMax = y
                    trackers[index].spanMin = y
                    trackers[index].spanMax = y
                }
            }
        }
    }

    mutating func finish() {
        for index in trackers.indices { close(index) }
    }

    private mutating func close(_ index: Int) {
        let tracker = trackers[index]
        trackers[index].count = 0
        Self.record(tracker, index: index, minimum: minToggles, into: &episodes)
    }

    /// Appends the episode of a run that ended, when it is one.
    private static func record(_ tracker: Tracker, index: Int, minimum: Int, into episodes: inout [Episode]) {
        guard tracker.count >= minimum else { return }
        episodes.append(Episode(
            signal: signals[index], count: tracker.count, start: tracker.start, end: tracker.lastToggle,
            yMin: tracker.spanMin, yMax: tracker.spanMax))
    }
}
