/// A custom `titleView` button with a title, an optional subtitle and a dropdown arrow
/// (reference 004_…); a tap on the title toggles the dropdown.
public struct DropdownTitle: Behavior {
    public static let name = "dropdownTitle"
    public static let parameterNames = ["title", "subtitle", "arrow"]

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

    public func value(of parameter: String) -> ParameterValue {
        switch parameter {
        case "title": .string(title)
        case "subtitle": subtitle.map(ParameterValue.string) ?? .null
        default: .bool(arrow)
        }
    }

    public mutating func set(_ parameter: String, to value: ParameterValue) throws(BehaviorError) {
        switch (parameter, value) {
        case ("title", .string(let text)): title = text
        case ("subtitle", .string(let text)): subtitle = text
        case ("subtitle", .null): subtitle = nil
        case ("arrow", _): arrow = try Self.bool(value, parameter)
        case ("title", _): throw .invalidValue(behavior: Self.name, parameter: parameter, expected: "a string")
        case ("subtitle", _): throw .invalidValue(behavior: Self.name, parameter: parameter, expected: "a string or null")
        default: throw Self.unknown(parameter)
        }
    }
}
