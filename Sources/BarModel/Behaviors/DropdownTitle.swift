/// A custom `titleView` button with a title, an optional subtitle and a dropdown arrow
/// (reference 004_…); a tap on the title toggles the dropdown.
public struct DropdownTitle: Behavior {
    public static let name = "dropdownTitle"
    public static let parameterList: [BehaviorParameter<Self>] = [
        BehaviorParameter("title", get: { .string($0.title) }) { behavior, value throws(BehaviorError) in
            guard case .string(let text) = value else { throw .invalidValue(behavior: DropdownTitle.name, parameter: "title", expected: "a string") }
            behavior.title = text
        },
        BehaviorParameter("subtitle", get: { $0.subtitle.map(ParameterValue.string) ?? .null }) { behavior, value throws(BehaviorError) in
            switch value {
            case .string(let text): behavior.subtitle = text
            case .null: behavior.subtitle = nil
            default: throw .invalidValue(behavior: DropdownTitle.name, parameter: "subtitle", expected: "a string or null")
            }
        },
        .bool("arrow", \.arrow),
    ]

    public var title = ""
    /// `nil` reproduces the reference's bug: `subtitle?.isEmpty == true` is false for nil, so an
    /// empty subtitle label stays visible and pushes the title off centre.
    public var subtitle: String?
    /// Whether the dropdown arrow is shown.
    public var arrow = true

    public init() {}

    /// What the reference computes: the label is hidden only for an empty string.
    public var subtitleVisible: Bool { subtitle != "" }
    /// Whether the subtitle label has any text to show.
    public var subtitleHasText: Bool { !(subtitle ?? "").isEmpty }
}
