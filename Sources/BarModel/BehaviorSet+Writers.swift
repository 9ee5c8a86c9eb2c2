extension BehaviorSet {
    /// The state fields each behaviour of the set writes in ``BarEngine/step(_:)``, in the order the
    /// engine runs them. Keep in step with the engine (`BarEngineWritersTests` compares them).
    static func fields(writtenBy behavior: String) -> Set<BarStateField> {
        switch behavior {
        case LargeTitle.name: [.barHeight, .largeTitleAlpha, .inlineTitleAlpha]
        case Avatar.name: [.avatarScale, .avatarTx, .avatarTy]
        case CustomTitle.name: [.barHeight, .contentTitleAlpha, .inlineTitleAlpha]
        case BlurHeader.name: [.barHeight, .blurAlpha, .background, .inlineTitleAlpha, .contentTitleAlpha]
        case HideOnSwipe.name: [.barHidden, .barShown]
        case DropdownTitle.name: [.subtitleVisible, .subtitleHasText, .dropdownExpanded]
        default: []
        }
    }

    /// The behaviours of the set that write any of `fields`, with what they need (avatar follows
    /// largeTitle's height). A ``BarEngine`` of the result computes those fields exactly as one of the
    /// whole set does — no behaviour reads another's output but that — with fewer models to run: the
    /// hysteresis replay steps only what the signal it watches needs.
    public func writing(_ fields: Set<BarStateField>) -> BehaviorSet {
        var kept = BehaviorSet()
        func keeps(_ name: String) -> Bool { !Self.fields(writtenBy: name).isDisjoint(with: fields) }
        if let avatar, keeps(Avatar.name) {
            kept.avatar = avatar
            kept.largeTitle = largeTitle
        }
        if let largeTitle, keeps(LargeTitle.name) { kept.largeTitle = largeTitle }
        if let customTitle, keeps(CustomTitle.name) { kept.customTitle = customTitle }
        if let blurHeader, keeps(BlurHeader.name) { kept.blurHeader = blurHeader }
        if let hideOnSwipe, keeps(HideOnSwipe.name) { kept.hideOnSwipe = hideOnSwipe }
        if let dropdownTitle, keeps(DropdownTitle.name) { kept.dropdownTitle = dropdownTitle }
        return kept
    }
}
