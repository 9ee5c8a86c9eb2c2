/// A per-session metric `navrec compare` tests (Docs/comparing-builds.md): every one is lower is
/// better, so a positive shift (head − base) is a regression.
public struct ComparedMetric: Sendable, Hashable {
    /// The name in the JSON report, `analyze` lines and `--min-effect NAME=VALUE`.
    public let name: String
    /// The `analyses` column.
    public let column: String
    public let unit: String
    /// The smallest shift that matters in practice, in ``unit``.
    public let minimumEffect: Double
    /// Whether 0 means "none" (no hitch, no flapping), so the share of sessions above 0 is tested
    /// too; not for the overrun percentiles.
    public let countsSessions: Bool

    public init(name: String, column: String, unit: String, minimumEffect: Double, countsSessions: Bool = true) {
        self.name = name
        self.column = column
        self.unit = unit
        self.minimumEffect = minimumEffect
        self.countsSessions = countsSessions
    }

    /// Every compared metric with its default minimum effect, in report order.
    public static let all: [ComparedMetric] = [
        ComparedMetric(name: "hitchTimeRatio", column: "hitch_time_ratio", unit: "ms/s", minimumEffect: 1),
        ComparedMetric(name: "overrunP50", column: "overrun_p50", unit: "ms", minimumEffect: 0.5, countsSessions: false),
        ComparedMetric(name: "overrunP90", column: "overrun_p90", unit: "ms", minimumEffect: 1, countsSessions: false),
        ComparedMetric(name: "overrunP99", column: "overrun_p99", unit: "ms", minimumEffect: 2, countsSessions: false),
        ComparedMetric(name: "hangsPerMinute", column: "hangs_per_minute", unit: "/min", minimumEffect: 0.5),
        ComparedMetric(name: "flappingEpisodesPerMinute", column: "flapping_episodes_per_minute", unit: "/min", minimumEffect: 0.5),
        ComparedMetric(name: "flappingTogglesPerMinute", column: "flapping_toggles_per_minute", unit: "/min", minimumEffect: 2),
        ComparedMetric(name: "titleDisagreementPerMinute", column: "title_disagreement_per_minute", unit: "s/min", minimumEffect: 0.5),
        ComparedMetric(name: "jitterFindingsPerMinute", column: "jitter_findings_per_minute", unit: "/min", minimumEffect: 0.5),
        ComparedMetric(name: "gapFraction", column: "gap_fraction", unit: "", minimumEffect: 0.01),
    ]

    /// The metric named `name`, `nil` for an unknown name.
    public static func named(_ name: String) -> ComparedMetric? { all.first { $0.name == name } }

    /// The same metric with another minimum effect.
    public func with(minimumEffect: Double) -> ComparedMetric {
        ComparedMetric(name: name, column: column, unit: unit, minimumEffect: minimumEffect, countsSessions: countsSessions)
    }
}
