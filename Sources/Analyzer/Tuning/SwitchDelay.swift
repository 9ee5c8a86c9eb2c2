/// How much later a candidate's switch comes than the reference's, in time and in scroll.
package struct SwitchDelay: Sendable, Hashable {
    /// Seconds; negative when the candidate switches earlier.
    package var seconds: Double
    /// Points of scroll between the two switches; negative when the candidate switches earlier.
    package var points: Double

    /// The delay of each of `candidate`'s switches against `reference`'s (both in time order).
    ///
    /// A candidate switch to a value is paired with the reference's most recent switch to the same
    /// value at or before it — the reference's state it catches up with; a flap the candidate
    /// suppresses pairs with nothing. When the reference is not at that value yet, the pair is the
    /// reference's next switch to it (a negative delay: the candidate reacts first). A switch with
    /// no partner either way is left out.
    ///
    /// - Complexity: O((r + c) log r) for r reference and c candidate switches.
    package static func delays(reference: [SignalSwitch], candidate: [SignalSwitch]) -> [SwitchDelay] {
        var result: [SwitchDelay] = []
        result.reserveCapacity(candidate.count)
        for item in candidate {
            // The number of reference switches at or before the candidate's.
            var low = 0, high = reference.count
            while low < high {
                let middle = (low + high) / 2
                if reference[middle].t <= item.t { low = middle + 1 } else { high = middle }
            }
            if low > 0, reference[low - 1].on == item.on {
                let partner = reference[low - 1]
                result.append(SwitchDelay(seconds: item.t - partner.t, points: abs(item.y - partner.y)))
            } else if let partner = reference[low...].first(where: { $0.on == item.on }) {
                result.append(SwitchDelay(seconds: item.t - partner.t, points: -abs(item.y - partner.y)))
            }
        }
        return result
    }
}
