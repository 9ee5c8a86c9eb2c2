internal import BarModel

/// Canned queries Datasette runs in a form of their own: `Queries/` is written for every engine
/// (SQLite, DuckDB, Spark SQL) over the public views, and some of those forms take longer than
/// Datasette's default 1 s `sql_time_limit_ms` on a fleet's database. The replacements give the same
/// rows in the same order, read views only SQLite has, and are pinned against the portable form by
/// a test (DatasetteFleetTests).
extension DatasetteMetadata {
    /// The SQLite form of each query that has one, by name.
    static let sqliteForms: [String: String] = [
        "observed_drift": observedDrift,
    ]

    /// The numeric fields (lengths and fractions) `observed_gaps` has a `<field>_gap` column for.
    static let gapFields = Set(BarStateField.allCases.filter { $0.kind == .length || $0.kind == .fraction }.map(\.columnName))

    /// The fields `Queries/observed_drift.sql` compares, in its order.
    static let driftFields = ["bar_height", "large_title_alpha", "inline_title_alpha", "content_title_alpha", "blur_alpha", "bar_shown"]

    /// `observed_drift` over `observed_gaps` (migration 0014): one pass for every session's largest
    /// gap per field, then the first sample with that gap, found by a scan of that session that
    /// stops at it (the view returns a session's samples in `seq` order, so the first match is the
    /// earliest `t`, as the portable form's `MIN(t)` of the samples with that gap picks). 0.35 s CPU
    /// at 2,000 sessions where the portable form, which must read every sample twice, takes 0.75 s.
    static var observedDrift: String {
        let maxima = driftFields.map { "max(\($0)_gap) AS \($0)" }.joined(separator: ", ")
        let arms = driftFields.map { field in
            "SELECT session_id, '\(field)' AS field, \(field) AS gap,\n"
                + "       (SELECT g.t FROM observed_gaps g WHERE g.session_id = m.session_id AND g.\(field)_gap = m.\(field) LIMIT 1) AS t\n"
                + "  FROM maxima m WHERE \(field) IS NOT NULL"
        }
        return """
            -- Observed-vs-computed drift: the largest gap between what the app showed and what the model computed, per field and session.
            -- Parameters: none. Only sessions whose recordings carried observed states appear; t_s is when the largest gap happened.
            -- Datasette's form of Queries/observed_drift.sql (same rows): over the view observed_gaps, which SQLite alone has.
            WITH maxima AS (
                SELECT session_id, \(maxima) FROM observed_gaps GROUP BY session_id
            ), gaps AS (
            \(arms.joined(separator: "\nUNION ALL\n"))
            )
            SELECT session_id, field, FLOOR(gap * 1e3 + 0.5) / 1e3 AS largest_gap, FLOOR(t * 1e3 + 0.5) / 1e3 AS t_s
              FROM gaps
             ORDER BY session_id, field;
            """
    }
}
