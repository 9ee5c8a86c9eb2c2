/// Something that happened at a point in time and is not a scroll position: a tap, the app moving
/// to the background or back to the foreground, or frames the recorder had to drop.
public struct ScrollEvent: Sendable, Hashable {
    /// What a tap landed on.
    public enum Target: String, Sendable, CaseIterable, Hashable {
        case content
        case title
        case bar
    }

    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A tap on a target.
        case tap(Target)
        /// The app left the foreground (`UIApplication.didEnterBackgroundNotification`): no frames
        /// are drawn until it comes back.
        case background
        /// The app is back (`UIApplication.willEnterForegroundNotification`).
        case foreground
        /// The recorder could not keep `samples` frames from this time on (its buffer was full, as
        /// when the disk stalls): nothing is known of them, so the interval across it is a gap.
        case dropped(samples: Int)
        /// The screen is going away (`viewWillDisappear`, the start of an interactive pop): the bar
        /// the app shows from here on is a transition's (the next screen's bar morphing in at a
        /// constant offset), so titles are not compared with the model until an `appear`.
        case disappear
        /// The screen is shown again (`viewDidAppear`, e.g. after a cancelled interactive pop): the
        /// bar is this screen's again.
        case appear

        /// The event's name in recordings and in the database.
        public var name: String {
            switch self {
            case .tap: ScrollEvent.kindName
            case .background: "background"
            case .foreground: "foreground"
            case .dropped: "dropped"
            case .disappear: "disappear"
            case .appear: "appear"
            }
        }

        /// The kind a name (other than `tap`, which needs a target) stands for.
        public init?(lifecycleName name: String) {
            guard let kind = [Kind.background, .foreground, .disappear, .appear].first(where: { $0.name == name }) else { return nil }
            self = kind
        }
    }

    /// Seconds since the session started. Samples at or after it see its effect.
    public var t: Double
    /// What happened.
    public var kind: Kind

    public init(t: Double, kind: Kind) {
        self.t = t
        self.kind = kind
    }

    /// A tap on `target`.
    public init(t: Double, target: Target) {
        self.init(t: t, kind: .tap(target))
    }

    /// What a tap landed on; `nil` for lifecycle events.
    public var target: Target? {
        if case .tap(let target) = kind { return target }
        return nil
    }

    /// Whether this is the app entering the background or the foreground, the screen disappearing
    /// or appearing again, or the recorder dropping frames: an event after which nothing is known
    /// to have been drawn on time, so the interval across it is never a hitch.
    public var isLifecycle: Bool { target == nil }

    /// Whether this event starts (`disappear`) or ends (`appear`) a screen transition.
    public var isTransition: Bool { kind == .disappear || kind == .appear }

    /// Frames the recorder dropped here; 0 for other events.
    public var droppedSamples: Int {
        if case .dropped(let samples) = kind { return samples }
        return 0
    }

    /// The event kind of format version 1, the only one with a target.
    public static let kindName = "tap"
}
