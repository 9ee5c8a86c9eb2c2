/// Something that happened at a point in time and is not a scroll position: a tap.
public struct ScrollEvent: Sendable, Hashable {
    /// What a tap landed on.
    public enum Target: String, Sendable, CaseIterable, Hashable {
        case content
        case title
        case bar
    }

    /// Seconds since the session started. Samples at or after it see its effect.
    public var t: Double
    /// What was tapped.
    public var target: Target

    public init(t: Double, target: Target) {
        self.t = t
        self.target = target
    }

    /// The only event kind of format version 1.
    public static let kindName = "tap"
}
