import BarModel

extension Analyzer {
    /// `findings` without the jitter findings that repeat a reported flap.
    ///
    /// A title alpha that is 0 or 1 (largeTitle's, blurHeader's) or a short fade between them
    /// reverses every time its `*Visible` state flips, and hideOnSwipe's `barShown` reverses every
    /// time `barHidden` does: one fault, which the flapping finding already names with its fix. So a
    /// jitter finding on a continuous signal is dropped when a reported flapping finding on the same
    /// source overlaps it in time and its signal is the continuous signal's
    /// ``ContinuousSignal/driver`` or a driver of that one (``BinarySignal/driver(in:)``: the large
    /// title's flaps are reported as the inline title's, blurHeader's titles' as the background's).
    /// A jitter without such a flap, such as a fade that wobbles without crossing 0.5, stays.
    ///
    /// - Complexity: O(j × f) for j jitter and f flapping findings.
    static func withoutDrivenJitter(_ findings: [Finding], behaviors: BehaviorSet) -> [Finding] {
        let flaps = findings.filter { $0.kind == .flapping }
        guard !flaps.isEmpty else { return findings }
        return findings.filter { finding in
            guard finding.kind == .jitter, let signal = ContinuousSignal(rawValue: finding.signal) else { return true }
            var drivers: Set<String> = []
            var next = signal.driver
            // The driver chains are short and acyclic; the bound only guards against a future cycle.
            while let driver = next, drivers.count < BinarySignal.allCases.count, drivers.insert(driver.name).inserted {
                next = driver.driver(in: behaviors)
            }
            return !flaps.contains {
                $0.source == finding.source && drivers.contains($0.signal) && $0.start <= finding.end && finding.start <= $0.end
            }
        }
    }
}
