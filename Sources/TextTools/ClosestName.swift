/// The candidate closest to `name` by edit distance, when it is close enough to be a typo.
public func closestName(to name: String, in candidates: [String]) -> String? {
    let source = Array(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let target = Array(candidate.lowercased())
        var previous = Array(0...target.count)
        for (i, a) in source.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: target.count)
            for (j, b) in target.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
            }
            previous = current
        }
        let distance = previous[target.count]
        if distance <= max(2, target.count / 3), distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.name
}

/// The hint every "unknown name" message ends with: ` (did you mean 'NAME'?)` with the closest
/// candidate (``closestName(to:in:)``), or nothing when none is close.
public func didYouMean(_ name: String, in candidates: [String]) -> String {
    closestName(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}
