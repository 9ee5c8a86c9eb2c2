/// UINavigationController's `hidesBarsOnSwipe` / `hidesBarsOnTap` (reference 002_…): a swipe up
/// hides the bar, a swipe down or a tap on the content shows it again, animated.
public struct HideOnSwipe: Behavior {
    public static let name = "hideOnSwipe"
    public static let parameterList: [BehaviorParameter<Self>] = [
        .bool("onSwipe", \.onSwipe),
        .bool("onTap", \.onTap),
        .number("swipeDistance", \.swipeDistance, minimum: 0),
        .number("duration", \.duration, minimum: 0),
    ]

    /// Whether drags hide and show the bar.
    public var onSwipe = true
    /// Whether a tap on the content toggles the bar.
    public var onTap = true
    /// Finger travel within one drag before the bar reacts, points.
    public var swipeDistance = 20.0
    /// The hide/show animation, seconds (UIKit's `UINavigationControllerHideShowBarDuration`).
    public var duration = 0.33

    public init() {}
}
