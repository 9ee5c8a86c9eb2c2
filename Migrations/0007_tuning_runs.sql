-- navrec schema 7: what `navrec tune` measured, so runs can be compared over time with SQL
-- (README "The database"). One row per run in `tuning_runs`, one per candidate value in
-- `tuning_values`. Times are seconds, distances points, fractions 0…1.

CREATE TABLE tuning_runs (
    run_id                INTEGER PRIMARY KEY,
    created_at            TEXT NOT NULL,     -- ISO 8601, UTC
    behavior              TEXT NOT NULL,     -- blurHeader
    parameter             TEXT NOT NULL,     -- hysteresis
    reference_value       REAL NOT NULL,     -- the value delays are measured against
    selection             TEXT NOT NULL,     -- '' for every session, the session ids, or 'where: …'
    sessions              INTEGER NOT NULL,  -- sessions replayed (those using the behaviour)
    skipped_sessions      INTEGER NOT NULL,  -- selected sessions without the behaviour
    samples               INTEGER NOT NULL,  -- samples of the replayed sessions
    settings              TEXT NOT NULL,     -- detector --set assignments, '' for the defaults
    max_flapping_sessions REAL NOT NULL,     -- the rule: fraction of sessions allowed to flap
    max_delay             REAL,              -- the rule: largest p95 delay, seconds (NULL: none)
    recommended_value     REAL,              -- NULL when no value keeps the delay limit
    reason                TEXT NOT NULL,
    wall_seconds          REAL NOT NULL,
    threads               INTEGER NOT NULL
) STRICT;

CREATE TABLE tuning_values (
    run_id                INTEGER NOT NULL REFERENCES tuning_runs (run_id) ON DELETE CASCADE,
    value                 REAL NOT NULL,
    flapping_sessions     INTEGER NOT NULL,  -- sessions with a flap the parameter governs
    flapping_episodes     INTEGER NOT NULL,
    toggles               INTEGER NOT NULL,
    mismatches_introduced INTEGER NOT NULL,  -- title mismatches beyond the reference value's
    mismatches_removed    INTEGER NOT NULL,
    paired_switches       INTEGER NOT NULL,  -- switches the delays are measured on
    delay_median          REAL,              -- seconds; NULL without switches
    delay_p95             REAL,
    delay_median_points   REAL,              -- points of scroll
    delay_p95_points      REAL,
    replay_seconds        REAL NOT NULL,
    pareto                INTEGER NOT NULL,  -- 1: no other value is at least as good on all three
    recommended           INTEGER NOT NULL,
    PRIMARY KEY (run_id, value)
) STRICT;
