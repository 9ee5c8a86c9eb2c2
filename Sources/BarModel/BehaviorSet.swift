/// The behaviours one screen's bar combines, each with its parameters.
///
/// Built from a recording header (`"behaviors":{"largeTitle":{},"avatar":{"sizeLarge":44}}`) or
/// from `--behavior`/`--param`; ``validate()`` rejects combinations BEHAVIORS.md forbids.
public struct BehaviorSet: Sendable, Hashable {
    /// Every behaviour name, in the canonical order used for storage and display.
    public static let names = [
        LargeTitle.name, Avatar.name, CustomTitle.name, HideOnSwipe.name, BlurHeader.name, DropdownTitle.name,
    ]

    public var largeTitle: LargeTitle?
    public var avatar: Avatar?
    public var customTitle: CustomTitle?
    public var hideOnSwipe: HideOnSwipe?
    public var blurHeader: BlurHeader?
    public var dropdownTitle: DropdownTitle?

    /// An empty set; add behaviours with ``add(_:)``.
    public init() {}

    /// A validated set from behaviour names and their parameter overrides, in any order.
    public init(_ behaviors: [(name: String, parameters: [(name: String, value: ParameterValue)])]) throws(BehaviorError) {
        for behavior in behaviors {
            try add(behavior.name)
            for parameter in behavior.parameters {
                try set(behavior.name, parameter.name, to: parameter.value)
            }
        }
        try validate()
    }

    /// Adds a behaviour with its defaults (a no-op when present); throws for an unknown name.
    public mutating func add(_ name: String) throws(BehaviorError) {
        switch name {
        case LargeTitle.name: if largeTitle == nil { largeTitle = LargeTitle() }
        case Avatar.name: if avatar == nil { avatar = Avatar() }
        case CustomTitle.name: if customTitle == nil { customTitle = CustomTitle() }
        case HideOnSwipe.name: if hideOnSwipe == nil { hideOnSwipe = HideOnSwipe() }
        case BlurHeader.name: if blurHeader == nil { blurHeader = BlurHeader() }
        case DropdownTitle.name: if dropdownTitle == nil { dropdownTitle = DropdownTitle() }
        default: throw .unknownBehavior(name)
        }
    }

    /// Whether the set has the named behaviour.
    public func contains(_ name: String) -> Bool { enabledNames.contains(name) }

    /// Sets one parameter of a behaviour the set has.
    public mutating func set(_ behavior: String, _ parameter: String, to value: ParameterValue) throws(BehaviorError) {
        switch behavior {
        case LargeTitle.name: try Self.update(&largeTitle, parameter, value)
        case Avatar.name: try Self.update(&avatar, parameter, value)
        case CustomTitle.name: try Self.update(&customTitle, parameter, value)
        case HideOnSwipe.name: try Self.update(&hideOnSwipe, parameter, value)
        case BlurHeader.name: try Self.update(&blurHeader, parameter, value)
        case DropdownTitle.name: try Self.update(&dropdownTitle, parameter, value)
        default: throw .unknownBehavior(behavior)
        }
    }

    private static func update<B: Behavior>(_ behavior: inout B?, _ parameter: String, _ value: ParameterValue) throws(BehaviorError) {
        guard var current = behavior else {
            throw .invalidCombination("the session has no behaviour '\(B.name)' to set '\(parameter)' on")
        }
        try current.set(parameter, to: value)
        behavior = current
    }

    /// Throws when the combination or the parameters cannot be modelled.
    public func validate() throws(BehaviorError) {
        let presenters = [largeTitle != nil ? LargeTitle.name : nil, customTitle != nil ? CustomTitle.name : nil,
                          blurHeader != nil ? BlurHeader.name : nil].compactMap { $0 }
        if enabledNames.isEmpty { throw .noBehaviors }
        if presenters.count > 1 {
            throw .invalidCombination(
                "\(presenters.joined(separator: " and ")) cannot be combined: each defines how the title is presented, so a session has at most one of them")
        }
        if avatar != nil, largeTitle == nil {
            throw .invalidCombination("avatar needs largeTitle: the avatar's size and position follow the large-title bar's height")
        }
        if let largeTitle, largeTitle.largeHeight <= largeTitle.smallHeight {
            throw .invalidValue(behavior: LargeTitle.name, parameter: "largeHeight", expected: "greater than smallHeight (\(formatNumber(largeTitle.smallHeight)))")
        }
        if let avatar, avatar.sizeSmall > avatar.sizeLarge {
            throw .invalidValue(behavior: Avatar.name, parameter: "sizeSmall", expected: "at most sizeLarge (\(formatNumber(avatar.sizeLarge)))")
        }
    }

    /// The names of the behaviours the set has, in canonical order.
    public var enabledNames: [String] {
        var names: [String] = []
        if largeTitle != nil { names.append(LargeTitle.name) }
        if avatar != nil { names.append(Avatar.name) }
        if customTitle != nil { names.append(CustomTitle.name) }
        if hideOnSwipe != nil { names.append(HideOnSwipe.name) }
        if blurHeader != nil { names.append(BlurHeader.name) }
        if dropdownTitle != nil { names.append(DropdownTitle.name) }
        return names
    }

    /// Every behaviour with every parameter, for storage and display.
    public var parameters: [(name: String, parameters: [(name: String, value: ParameterValue)])] {
        var result: [(name: String, parameters: [(name: String, value: ParameterValue)])] = []
        if let largeTitle { result.append((LargeTitle.name, largeTitle.parameters)) }
        if let avatar { result.append((Avatar.name, avatar.parameters)) }
        if let customTitle { result.append((CustomTitle.name, customTitle.parameters)) }
        if let hideOnSwipe { result.append((HideOnSwipe.name, hideOnSwipe.parameters)) }
        if let blurHeader { result.append((BlurHeader.name, blurHeader.parameters)) }
        if let dropdownTitle { result.append((DropdownTitle.name, dropdownTitle.parameters)) }
        return result
    }

    /// The set as canonical JSON with every parameter spelled out, so a stored session replays the
    /// same even if a later navrec changes a default.
    public var json: String {
        "{" + parameters.map { behavior in
            jsonQuoted(behavior.name) + ":{" + behavior.parameters.map { jsonQuoted($0.name) + ":" + $0.value.description }
                .joined(separator: ",") + "}"
        }.joined(separator: ",") + "}"
    }

    /// The title presentations the behaviours define; exactly one must be visible while the bar
    /// is shown. Empty when no behaviour presents the title.
    public var titlePresentations: [TitlePresentation] {
        if largeTitle != nil { return [.large, .inline] }
        if customTitle != nil || blurHeader != nil { return [.inline, .content] }
        return []
    }

    /// The longest title animation among the behaviours, seconds (for mismatch tolerance).
    public var longestTitleAnimation: Double {
        max(customTitle?.fadeDuration ?? 0, hideOnSwipe?.duration ?? 0)
    }
}
