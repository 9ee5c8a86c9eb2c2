internal import TextTools

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
            return "unknown behaviour '\(name)'; known: \(BehaviorSet.names.joined(separator: ", "))" + didYouMean(name, in: BehaviorSet.names)
        case .unknownParameter(let behavior, let parameter, let known):
            return "unknown parameter '\(parameter)' for \(behavior); known: \(known.joined(separator: ", "))" + didYouMean(parameter, in: known)
        case .invalidValue(let behavior, let parameter, let expected):
            return "\(behavior).\(parameter) must be \(expected)"
        case .invalidCombination(let reason):
            return reason
        case .noBehaviors:
            return "a session needs at least one behaviour"
        }
    }
}
