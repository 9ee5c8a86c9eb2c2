/// Reading sessions for `navrec compare` and storing its runs (Docs/comparing-builds.md).
extension SessionStore {
    /// The `analyses` columns a comparison may read.
    package static let comparableColumns = ["hitch_time_ratio"] + StoredMetrics.columns

    /// Hands every session for which `condition` (an SQL expression over the `sessions` table's
    /// columns; all sessions when `nil`) is true to `each`, in import order, with its default-settings
    /// analysis's `columns`. Rows are read one at a time: nothing is kept.
    ///
    /// Call it on a read-only store when `condition` is the user's SQL.
    ///
    /// - Precondition: every column is one of ``comparableColumns``.
    /// - Throws: ``DatabaseError`` for a condition SQLite rejects or one that is more than one
    ///   expression; whatever `each` throws.
    package func comparisonRows(where condition: String?, columns: [String], each: (ComparisonRow) throws -> Void) throws {
        precondition(columns.allSatisfy(Self.comparableColumns.contains), "only analyses metric columns")
        let sql = """
            SELECT s.app, s.screen, s.device, s.os, s.behaviors, s.app_version, s.build, a.moving_time IS NOT NULL\(columns.map { ", a." + $0 }.joined())
              FROM sessions s
              LEFT JOIN analyses a ON a.session_key = s.session_key AND a.settings = ''
             WHERE (\(condition ?? "1")
            ) ORDER BY s.session_key
            """
        let statements = try Statement.prepareAll(sql, database: database)
        guard statements.count == 1, let statement = statements.first else {
            throw DatabaseError(extendedResultCode: .error, message: "a selection takes one SQL expression", sql: sql)
        }
        var row = ComparisonRow(behaviors: "", analysed: false, values: Array(repeating: nil, count: columns.count))
        while try statement.step() {
            row.app = statement.text(0)
            row.screen = statement.text(1)
            row.device = statement.text(2)
            row.os = statement.text(3)
            row.behaviors = statement.text(4) ?? ""
            row.appVersion = statement.text(5)
            row.build = statement.text(6)
            row.analysed = statement.int64(7) == 1
            for index in columns.indices { row.values[index] = statement.optionalDouble(Int32(8 + index)) }
            try each(row)
        }
    }

    /// The `limit` newest distinct non-NULL values of `column` (`build` or `app_version`), newest
    /// first: a value is as new as its newest session (start time, else import order).
    package func newestValues(of column: String, limit: Int) throws(DatabaseError) -> [String] {
        precondition(["build", "app_version"].contains(column), "a sessions build column")
        let statement = try database.prepare("""
            SELECT \(column) FROM sessions WHERE \(column) IS NOT NULL
             GROUP BY \(column) ORDER BY MAX(COALESCE(started_at, imported_at)) DESC, MAX(session_key) DESC LIMIT ?
            """)
        try statement.bind([.int(Int64(limit))])
        var values: [String] = []
        while try statement.step() { values.append(statement.text(0) ?? "") }
        return values
    }

    /// Stores a comparison run with its results in one transaction; returns its `run_id`.
    @discardableResult
    package func saveComparisonRun(_ run: StoredComparisonRun) throws -> Int64 {
        try database.inTransaction {
            let insert = try database.prepare("""
                INSERT INTO comparison_runs (created_at, base, head, group_by, confidence, correction, base_sessions,
                                             head_sessions, regressed, improved, unchanged, inconclusive, wall_seconds)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            func count(_ verdict: String) -> SQLValue { .int(Int64(run.results.count { $0.verdict == verdict })) }
            try insert.bind([
                .text(isoNow()), .text(run.base), .text(run.head), .text(run.groupBy), .double(run.confidence), .text(run.correction),
                .int(Int64(run.baseSessions)), .int(Int64(run.headSessions)), count("regressed"), count("improved"),
                count("unchanged"), count("inconclusive"), .double(run.wallSeconds),
            ])
            try insert.step()
            let runID = database.lastInsertedRowID
            let result = try database.prepare("""
                INSERT INTO comparison_results (run_id, group_key, metric, unit, base_n, head_n, base_median, head_median,
                                                shift, shift_low, shift_high, p_value, adjusted_p, method, min_effect, verdict,
                                                mean_shift, mean_low, mean_high, mean_p, share_shift, share_p, share_adjusted_p,
                                                decided_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for item in run.results {
                try result.bind([
                    .int(runID), .text(item.group), .text(item.metric), .text(item.unit), .int(Int64(item.baseCount)),
                    .int(Int64(item.headCount)), SQLValue(item.baseMedian), SQLValue(item.headMedian), SQLValue(item.shift),
                    SQLValue(item.shiftLow), SQLValue(item.shiftHigh), SQLValue(item.p), SQLValue(item.adjustedP),
                    SQLValue(item.method), .double(item.minimumEffect), .text(item.verdict), SQLValue(item.meanShift),
                    SQLValue(item.meanLow), SQLValue(item.meanHigh), SQLValue(item.meanP), SQLValue(item.shareShift),
                    SQLValue(item.shareP), SQLValue(item.shareAdjustedP), SQLValue(item.decidedBy),
                ])
                try result.step()
                result.reset()
            }
            return runID
        }
    }
}
