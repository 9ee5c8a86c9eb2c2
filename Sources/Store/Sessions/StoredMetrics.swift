/// The comparable metrics of one analysis as the `analyses` table stores them (migration 0011,
/// Docs/comparing-builds.md): one value per ``columns`` entry, in that order; `nil` is SQL NULL.
package struct StoredMetrics: Sendable, Hashable {
    /// The `analyses` columns, in the order of ``values``.
    package static let columns = [
        "moving_time", "overrun_p50", "overrun_p90", "overrun_p99", "hangs_per_minute",
        "flapping_episodes_per_minute", "flapping_toggles_per_minute", "title_disagreement_per_minute",
        "jitter_findings_per_minute", "gap_fraction",
    ]

    package var values: [Double?]

    /// - Precondition: one value per column.
    package init(_ values: [Double?]) {
        precondition(values.count == Self.columns.count, "one value per analyses metric column")
        self.values = values
    }

    /// No values: an analysis stored without metrics (as before schema 11).
    package static let none = StoredMetrics(Array(repeating: nil, count: columns.count))
}
