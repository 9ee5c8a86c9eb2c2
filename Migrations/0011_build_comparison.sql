-- navrec schema 11: metrics that compare well between builds, and what `navrec compare` decided
-- (README "Comparing builds").
-- - analyses gains one column per comparable metric (NULL for analyses stored before this schema,
--   and where a session has no value: a rate per minute of movement of a session that never moved).
-- - comparison_runs: one row per `navrec compare` run; comparison_results: one row per group and
--   metric of a run. Times are seconds, overruns milliseconds, rates per minute.

ALTER TABLE analyses ADD COLUMN moving_time REAL;                     -- seconds of movement
ALTER TABLE analyses ADD COLUMN overrun_p50 REAL;                     -- ms: interval - frame duration, moving frames
ALTER TABLE analyses ADD COLUMN overrun_p90 REAL;
ALTER TABLE analyses ADD COLUMN overrun_p99 REAL;
ALTER TABLE analyses ADD COLUMN hangs_per_minute REAL;                -- per minute of movement
ALTER TABLE analyses ADD COLUMN flapping_episodes_per_minute REAL;    -- per minute of movement
ALTER TABLE analyses ADD COLUMN flapping_toggles_per_minute REAL;     -- per minute of movement
ALTER TABLE analyses ADD COLUMN title_disagreement_per_minute REAL;   -- seconds per minute of session
ALTER TABLE analyses ADD COLUMN jitter_findings_per_minute REAL;      -- per minute of movement
ALTER TABLE analyses ADD COLUMN gap_fraction REAL;                    -- gap seconds / session seconds

CREATE TABLE comparison_runs (
    run_id         INTEGER PRIMARY KEY,
    created_at     TEXT NOT NULL,     -- ISO 8601, UTC
    base           TEXT NOT NULL,     -- the base side as given: a path, or 'where: …', or 'build: …'
    head           TEXT NOT NULL,
    group_by       TEXT NOT NULL,     -- 'screen,behaviors' by default
    confidence     REAL NOT NULL,     -- 0.99
    correction     TEXT NOT NULL,     -- 'benjamini-hochberg'
    base_sessions  INTEGER NOT NULL,
    head_sessions  INTEGER NOT NULL,
    regressed      INTEGER NOT NULL,  -- results per verdict
    improved       INTEGER NOT NULL,
    unchanged      INTEGER NOT NULL,
    inconclusive   INTEGER NOT NULL,
    wall_seconds   REAL NOT NULL
) STRICT;

CREATE TABLE comparison_results (
    run_id         INTEGER NOT NULL REFERENCES comparison_runs (run_id) ON DELETE CASCADE,
    group_key      TEXT NOT NULL,     -- 'Inbox · largeTitle+avatar'
    metric         TEXT NOT NULL,     -- 'hitchTimeRatio'
    unit           TEXT NOT NULL,     -- 'ms/s'
    base_n         INTEGER NOT NULL,  -- sessions with a value
    head_n         INTEGER NOT NULL,
    base_median    REAL,
    head_median    REAL,
    shift          REAL,              -- Hodges–Lehmann estimate of head − base; NULL without sessions
    shift_low      REAL,              -- its confidence interval; NULL when too few sessions bound it
    shift_high     REAL,
    p_value        REAL,              -- two-sided Mann–Whitney U
    adjusted_p     REAL,              -- after Benjamini–Hochberg across the run's tests
    method         TEXT,              -- 'exact' or 'normal'
    min_effect     REAL NOT NULL,     -- the smallest shift that matters, in the metric's unit
    verdict        TEXT NOT NULL CHECK (verdict IN ('regressed', 'improved', 'unchanged', 'inconclusive')),
    PRIMARY KEY (run_id, group_key, metric)
) STRICT;
