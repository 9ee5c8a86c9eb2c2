/// Selecting sessions for `navrec tune` and storing its runs.
extension SessionStore {
    /// The ids of the sessions for which `condition` (an SQL expression over the `sessions` table's
    /// columns) is true, in import order.
    ///
    /// Call it on a read-only store: the condition is the user's SQL, and a read-only connection
    /// cannot write whatever it contains.
    ///
    /// - Throws: ``DatabaseError`` for a condition SQLite rejects, or one that is more than one
    ///   expression (`1; DELETE …`).
    package func sessionIDs(where condition: String) throws(DatabaseError) -> [String] {
        let sql = "SELECT id FROM sessions WHERE (\(condition)\n) ORDER BY session_key"
        let statements = try Statement.prepareAll(sql, database: database)
        guard statements.count == 1, let statement = statements.first else {
            throw DatabaseError(extendedResultCode: .error, message: "--where takes one SQL expression", sql: sql)
        }
        var ids: [String] = []
        while try statement.step() { ids.append(statement.text(0) ?? "") }
        return ids
    }

    /// Stores a tuning run with its values in one transaction; returns its `run_id`.
    @discardableResult
    package func saveTuningRun(_ run: StoredTuningRun) throws -> Int64 {
        try database.inTransaction {
            let insert = try database.prepare("""
                INSERT INTO tuning_runs (created_at, behavior, parameter, reference_value, selection, sessions,
                                         skipped_sessions, samples, settings, max_flapping_sessions, max_delay,
                                         recommended_value, reason, wall_seconds, threads)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try insert.bind([
                .text(isoNow()), .text(run.behavior), .text(run.parameter), .double(run.referenceValue), .text(run.selection),
                .int(Int64(run.sessions)), .int(Int64(run.skippedSessions)), .int(Int64(run.samples)), .text(run.settings),
                .double(run.maxFlappingSessions), SQLValue(run.maxDelay), SQLValue(run.recommendedValue), .text(run.reason),
                .double(run.wallSeconds), .int(Int64(run.threads)),
            ])
            try insert.step()
            let runID = database.lastInsertedRowID
            let value = try database.prepare("""
                INSERT INTO tuning_values (run_id, value, flapping_sessions, flapping_episodes, toggles,
                                           mismatches_introduced, mismatches_removed, paired_switches, delay_median,
                                           delay_p95, delay_median_points, delay_p95_points, replay_seconds, pareto,
                                           recommended)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for item in run.values {
                try value.bind([
                    .int(runID), .double(item.value), .int(Int64(item.flappingSessions)), .int(Int64(item.flappingEpisodes)),
                    .int(Int64(item.toggles)), .int(Int64(item.mismatchesIntroduced)), .int(Int64(item.mismatchesRemoved)),
                    .int(Int64(item.pairedSwitches)), SQLValue(item.delayMedian), SQLValue(item.delayP95),
                    SQLValue(item.delayMedianPoints), SQLValue(item.delayP95Points), .double(item.replaySeconds),
                    .int(item.pareto ? 1 : 0), .int(item.recommended ? 1 : 0),
                ])
                try value.step()
                value.reset()
            }
            return runID
        }
    }
}
