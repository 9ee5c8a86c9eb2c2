/// UINavigationController's `hidesBarsOnSwipe` / `hidesBarsOnTap` (reference 002_…): a swipe up
/// hides the bar, a swipe down or a tap on the content shows it again, animated.
public struct HideOnSwipe: Behavior {
    public static let name = "hideOnSwipe"
    public static let parameterNames = ["onSwipe", "onTap", "swipeDistance", "duration"]

    /// Whether drags hide and show the bar.
    public var onSwipe = true
    /// Whether a tap on the content toggles the bar.
    public var onTap = true
    /// Finger travel within one drag before the bar reacts, points.
    public var swipeDistance = 20.0
    /// The hide/show animation, seconds (UIKit's `UINavigationControllerHideShowBarDuration`).
    public var duration = 0.33

    public init() {}

    public func value(of parameter: String) -> ParameterValue {
        switch parameter {
        case "onSwipe": .bool(onSwipe)
        case "onTap": .bool(onTap)
        case "swipeDistance": .number(swipeDistance)
        default: .number(duration)
        }
    }

    public mutating func set(_ parameter: String, to value: ParameterValue) throws(BehaviorError) {
        switch parameter {
        case "onSwipe": onSwipe = try Self.bool(value, parameter)
        case "onTap": onTap = try Self.bool(value, parameter)
        case "swipeDistance": swipeDistance = try Self.number(value, parameter, minimum: 0)
        case "duration": duration = try Self.number(value, parameter, minimum: 0)
        default: throw Self.unknown(parameter)
        }
    }
}
