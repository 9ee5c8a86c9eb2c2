/// A session's behaviours or parameters that navrec cannot model.
public enum BehaviorError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownBehavior(String)
    case unknownParameter(behavior: String, parameter: String, known: [String])
    case invalidValue(behavior: String, parameter: String, expected: String)
    case invalidCombination(String)
    case noBehaviors

    public var description: String {
        switch self {
        case .unknownBehavior(let name):
            var text = "unknown behaviour '\(name)'; known: \(BehaviorSet.names.joined(separator: ", "))"
            if let hint = closestName(to: name, in: BehaviorSet.names) { text += " (did you mean '\(hint)'?)" }
            return text
        case .unknownParameter(let behavior, let parameter, let known):
            var text = "unknown parameter '\(parameter)' for \(behavior); known: \(known.joined(separator: ", "))"
            if let hint = closestName(to: parameter, in: known) { text += " (did you mean '\(hint)'?)" }
            return text
        case .invalidValue(let behavior, let parameter, let expected):
            return "\(behavior).\(parameter) must be \(expected)"
        case .invalidCombination(let reason):
            return reason
        case .noBehaviors:
            return "a session needs at least one behaviour"
        }
    }
}

/// The candidate closest to `name` by edit distance, when it is close enough to be a typo.
package func closestName(to name: String, in candidates: [String]) -> String? {
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
