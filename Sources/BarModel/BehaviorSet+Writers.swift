extension BehaviorSet {
    /// The state fields each behaviour writes in ``BarEngine/step(_:)``, by name: what an engine of
    /// the behaviour (with its defaults, and with what it needs) writes on one sample, less what an
    /// engine of what it needs writes. Worked out from the engine, so the model is the one place a
    /// field's writer is named; it holds because every behaviour writes the same fields on every
    /// step (`BarEngineWritersTests` checks it on simulated sessions).
    static let fieldsWritten: [String: Set<BarStateField>] = {
        func written(_ names: [String]) -> Set<BarStateField> {
            var behaviors = BehaviorSet()
            for name in names { try! behaviors.add(name) }
            var engine = BarEngine(behaviors: behaviors)
            let state = engine.step(ScrollSample(t: 0, y: 0, phase: .idle))
            return Set(BarStateField.allCases.filter { $0.value(in: state) != nil })
        }
        var fields: [String: Set<BarStateField>] = [:]
        for name in names {
            let needed = needs(name)
            fields[name] = written(needed + [name]).subtracting(written(needed))
        }
        return fields
    }()

    /// The behaviours `name` needs: avatar follows largeTitle's height.
    private static func needs(_ name: String) -> [String] {
        name == Avatar.name ? [LargeTitle.name] : []
    }

    /// The behaviours of the set that write any of `fields`, with what they need (avatar follows
    /// largeTitle's height). A ``BarEngine`` of the result computes those fields exactly as one of the
    /// whole set does — no behaviour reads another's output but that — with fewer models to run: the
    /// hysteresis replay steps only what the signal it watches needs.
    public func writing(_ fields: Set<BarStateField>) -> BehaviorSet {
        var kept = BehaviorSet()
        func keeps(_ name: String) -> Bool { Self.fieldsWritten[name].map { !$0.isDisjoint(with: fields) } ?? false }
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
