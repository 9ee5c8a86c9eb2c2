internal import BarModel
internal import Store

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

    /// The fields `Queries/observed_drift.sql` compares, in its order.
    static let driftFields: [BarStateField] = [.barHeight, .largeTitleAlpha, .inlineTitleAlpha, .contentTitleAlpha, .blurAlpha, .barShown]

    /// `observed_drift` over each chunk's largest gaps (`frame_chunks.<field>_gap_max`, migration
    /// 0016): every session's largest gap per field from one value per 64 samples, then the first
    /// sample with that gap, found by a scan of `observed_gaps` from the first chunk that holds it
    /// (the view returns a session's samples in `seq` order, so the first match is the earliest `t`,
    /// as the portable form's `MIN(t)` of the samples with that gap picks). 0.13 s CPU at 2,000
    /// sessions where the maxima over `observed_gaps` took 0.7–1.2 s, over Datasette's 1 s limit on
    /// a slow machine.
    static var observedDrift: String {
        let chunkMaxima = driftFields.map { "c.\(SchemaSQL.gapMaximumColumn($0)) AS \($0.columnName)" }.joined(separator: ", ")
        let maxima = driftFields.map { "max(\($0.columnName)) AS \($0.columnName)" }.joined(separator: ", ")
        let arms = driftFields.map(\.columnName).map { field in
            "SELECT session_id, '\(field)' AS field, \(field) AS gap,\n"
                + "       (SELECT g.t FROM observed_gaps g WHERE g.session_id = m.session_id\n"
                + "           AND g.seq >= (SELECT min(k.first_seq) FROM chunks k WHERE k.session_id = m.session_id AND k.\(field) = m.\(field))\n"
                + "           AND g.\(field)_gap = m.\(field) LIMIT 1) AS t\n"
                + "  FROM maxima m WHERE \(field) IS NOT NULL"
        }
        return """
            -- Observed-vs-computed drift: the largest gap between what the app showed and what the model computed, per field and session.
            -- Parameters: none. Only sessions whose recordings carried observed states appear; t_s is when the largest gap happened.
            -- Datasette's form of Queries/observed_drift.sql (same rows): over each chunk's largest gaps and the view observed_gaps, which SQLite alone has.
            WITH chunks AS (
                SELECT s.id AS session_id, c.key - (s.session_key << 32) AS first_seq, \(chunkMaxima)
                  FROM sessions s
                 CROSS JOIN frame_chunks c ON c.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
            ), maxima AS (
                SELECT session_id, \(maxima) FROM chunks GROUP BY session_id
            ), gaps AS (
            \(arms.joined(separator: "\nUNION ALL\n"))
            )
            SELECT session_id, field, FLOOR(gap * 1e3 + 0.5) / 1e3 AS largest_gap, FLOOR(t * 1e3 + 0.5) / 1e3 AS t_s
              FROM gaps
             ORDER BY session_id, field;
            """
    }
}
