/// One bar behaviour's parameters: a typed value with documented defaults that can also be set by
/// name, as a recording header or `--param NAME.KEY=VALUE` does.
public protocol Behavior: Sendable, Hashable {
    /// The behaviour's name in recordings (`largeTitle`, `avatar`, …).
    static var name: String { get }
    /// Every parameter in documentation order: the one declaration its names, values and checks
    /// come from.
    static var parameterList: [BehaviorParameter<Self>] { get }
    /// All defaults.
    init()
}

extension Behavior {
    /// Parameter names in documentation order.
    public static var parameterNames: [String] { parameterList.map(\.name) }

    /// The current value of a parameter named in ``parameterNames``.
    public func value(of parameter: String) -> ParameterValue {
        guard let entry = Self.parameterList.first(where: { $0.name == parameter }) else {
            preconditionFailure("\(Self.name) has no parameter '\(parameter)'")
        }
        return entry.get(self)
    }

    /// Sets a parameter by name; throws for an unknown name or a value of the wrong type or range.
    public mutating func set(_ parameter: String, to value: ParameterValue) throws(BehaviorError) {
        guard let entry = Self.parameterList.first(where: { $0.name == parameter }) else { throw Self.unknown(parameter) }
        try entry.set(&self, value)
    }

    /// Every parameter with its current value, in documentation order.
    public var parameters: [(name: String, value: ParameterValue)] {
        Self.parameterList.map { ($0.name, $0.get(self)) }
    }

    /// Reads a number parameter that must be finite and at least `minimum`.
    static func number(
        _ value: ParameterValue, _ parameter: String, minimum: Double = -.infinity, exclusive: Bool = false
    ) throws(BehaviorError) -> Double {
        guard case .number(let number) = value, number.isFinite,
            exclusive ? number > minimum : number >= minimum
        else {
            let range = minimum == -.infinity ? "" : exclusive ? " > \(formatNumber(minimum))" : " >= \(formatNumber(minimum))"
            throw .invalidValue(behavior: name, parameter: parameter, expected: "a finite number\(range)")
        }
        return number
    }

    /// Reads a boolean parameter.
    static func bool(_ value: ParameterValue, _ parameter: String) throws(BehaviorError) -> Bool {
        guard case .bool(let flag) = value else {
            throw .invalidValue(behavior: name, parameter: parameter, expected: "true or false")
        }
        return flag
    }

    /// The error for a parameter name this behaviour does not have.
    static func unknown(_ parameter: String) -> BehaviorError {
        .unknownParameter(behavior: name, parameter: parameter, known: parameterNames)
    }
}
