@testable import BarModel

/// A validated behaviour set from names with default parameters and `overrides` ("name.key").
func makeBehaviors(_ names: [String], _ overrides: [String: ParameterValue] = [:]) throws -> BehaviorSet {
    var set = BehaviorSet()
    for name in names { try set.add(name) }
    for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
        let parts = key.split(separator: ".").map(String.init)
        try set.set(parts[0], parts[1], to: value)
    }
    try set.validate()
    return set
}

/// Whether two doubles agree to within `tolerance`.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
