/// One parameter of behaviour `B`, declared once in its ``Behavior/parameterList``: the name a
/// recording header and `--param` use, how its value reads, and how a value is checked and set.
/// ``Behavior/parameterNames``, ``Behavior/value(of:)``, ``Behavior/set(_:to:)`` and
/// ``Behavior/parameters`` all come from that one list, so a name cannot be missing from one of them.
public struct BehaviorParameter<B: Behavior>: Sendable {
    public let name: String
    let get: @Sendable (B) -> ParameterValue
    let set: @Sendable (inout B, ParameterValue) throws(BehaviorError) -> Void

    /// A parameter read and set by hand (a string, an optional).
    public init(
        _ name: String, get: @escaping @Sendable (B) -> ParameterValue,
        set: @escaping @Sendable (inout B, ParameterValue) throws(BehaviorError) -> Void
    ) {
        self.name = name
        self.get = get
        self.set = set
    }

    /// A finite number of at least `minimum` (above it when `exclusive`).
    public static func number(
        _ name: String, _ path: any (WritableKeyPath<B, Double> & Sendable), minimum: Double = -.infinity, exclusive: Bool = false
    ) -> BehaviorParameter {
        BehaviorParameter(name, get: { .number($0[keyPath: path]) }) { behavior, value throws(BehaviorError) in
            behavior[keyPath: path] = try B.number(value, name, minimum: minimum, exclusive: exclusive)
        }
    }

    /// `true` or `false`.
    public static func bool(_ name: String, _ path: any (WritableKeyPath<B, Bool> & Sendable)) -> BehaviorParameter {
        BehaviorParameter(name, get: { .bool($0[keyPath: path]) }) { behavior, value throws(BehaviorError) in
            behavior[keyPath: path] = try B.bool(value, name)
        }
    }
}
