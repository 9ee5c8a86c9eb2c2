/// What the scroll view was doing when a sample was taken (UIScrollView's states).
public enum ScrollPhase: UInt8, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    case idle = 0
    case drag = 1
    case decelerate = 2
    case bounce = 3
    case animate = 4

    /// The name used in recordings and in the database's `phase` column.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .drag: "drag"
        case .decelerate: "decelerate"
        case .bounce: "bounce"
        case .animate: "animate"
        }
    }

    /// The phase with the given recording name, or `nil` for an unknown one.
    public init?(name: String) {
        guard let phase = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = phase
    }
}
