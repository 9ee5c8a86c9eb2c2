/// The values `navrec compare` tests, gathered session by session: per group, stratum, side and
/// metric an array of doubles and nothing else, so memory is 8 bytes per session and metric
/// whatever the sessions held.
public struct ComparisonSamples: Sendable {
    /// One stratum's values (sessions alike in what changes the metrics: device model, OS):
    /// `base[metric]`, `head[metric]` in ``metrics`` order.
    public struct Stratum: Sendable {
        public var base: [[Double]]
        public var head: [[Double]]

        init(metrics: Int) {
            base = Array(repeating: [], count: metrics)
            head = Array(repeating: [], count: metrics)
        }
    }

    /// One group's strata, by stratum key (`""` when not stratified).
    public struct Group: Sendable {
        public var strata: [String: Stratum] = [:]
    }

    public let metrics: [ComparedMetric]
    public private(set) var groups: [String: Group] = [:]
    public private(set) var baseSessions = 0
    public private(set) var headSessions = 0

    public init(metrics: [ComparedMetric]) {
        self.metrics = metrics
    }

    /// Adds one session's values (in ``metrics`` order; `nil` or non-finite where it has none).
    public mutating func add(group: String, stratum: String = "", side: ComparisonSide, values: [Double?]) {
        precondition(values.count == metrics.count, "one value per metric")
        let count = metrics.count
        groups[group, default: Group()].strata[stratum, default: Stratum(metrics: count)].add(side: side, values: values)
        switch side {
        case .base: baseSessions += 1
        case .head: headSessions += 1
        }
    }
}

extension ComparisonSamples.Stratum {
    fileprivate mutating func add(side: ComparisonSide, values: [Double?]) {
        for (index, value) in values.enumerated() {
            guard let value, value.isFinite else { continue }
            switch side {
            case .base: base[index].append(value)
            case .head: head[index].append(value)
            }
        }
    }
}

extension ComparisonSamples {
    /// Removes a group for ``BuildComparison`` to sort its arrays without copying them.
    mutating func take(_ key: String) -> Group { groups.removeValue(forKey: key)! }

    /// Puts back a group once sorted.
    mutating func replace(_ key: String, with group: Group) { groups[key] = group }
}
