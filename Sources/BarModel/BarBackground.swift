/// The navigation bar's background: see-through over a header image, or UIKit's default bar.
public enum BarBackground: UInt8, Sendable, CaseIterable, Hashable, BitwiseCopyable {
    case transparent = 0
    case `default` = 1

    /// The name used in recordings and in the database.
    public var name: String { self == .transparent ? "transparent" : "default" }

    /// The background with the given recording name, or `nil` for an unknown one.
    public init?(name: String) {
        guard let background = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = background
    }
}
