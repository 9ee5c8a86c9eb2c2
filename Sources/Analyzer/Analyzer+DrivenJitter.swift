import BarModel

extension Analyzer {
    /// Whether a jitter episode of `signal` on `source` from `start` to `end` repeats a reported
    /// flap, of the flapping findings `flaps`: such jitter is not reported.
    ///
    /// A title alpha that is 0 or 1 (largeTitle's, blurHeader's) or a short fade between them
    /// reverses every time its `*Visible` state flips, and hideOnSwipe's `barShown` reverses every
    /// time `barHidden` does: one fault, which the flapping finding already names with its fix. So a
    /// jitter on a continuous signal is dropped when a reported flapping finding on the same
    /// source overlaps it in time and its signal is the continuous signal's
    /// ``ContinuousSignal/driver`` or a driver of that one (``BinarySignal/driver(in:)``: the large
    /// title's flaps are reported as the inline title's, blurHeader's titles' as the background's).
    /// A jitter without such a flap, such as a fade that wobbles without crossing 0.5, stays.
    ///
    /// - Complexity: O(f) for f flapping findings.
    static func isDrivenJitter(
        _ signal: ContinuousSignal, source: Finding.Source, start: Double, end: Double, flaps: [Finding], behaviors: BehaviorSet
    ) -> Bool {
        guard !flaps.isEmpty else { return false }
        var drivers: Set<String> = []
        var next = signal.driver
        // The driver chains are short and acyclic; the bound only guards against a future cycle.
        while let driver = next, drivers.count < BinarySignal.allCases.count, drivers.insert(driver.name).inserted {
            next = driver.driver(in: behaviors)
        }
        return flaps.contains {
            $0.kind == .flapping && $0.source == source && drivers.contains($0.signal) && $0.start <= end && start <= $0.end
        }
    }
}
