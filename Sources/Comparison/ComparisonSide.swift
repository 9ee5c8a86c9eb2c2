/// Which build a session belongs to.
public enum ComparisonSide: String, Sendable, Hashable {
    case base
    case head
}
