-- navrec schema 20: the findings table's CHECKs on kind, source and severity as comparisons, not
-- IN lists (issue 38 item 2). Same values allowed. SQLite (3.40) tests a CHECK's IN list against
-- temporary b-trees it builds again for every row inserted: two a finding, nearly half of storing
-- the findings of a session that flaps throughout. Comparisons cost a few instructions. The table
-- is rebuilt with the same rows (SQLite cannot change a CHECK in place), as in schema 17.
CREATE TABLE findings_v20 (
    finding_id  INTEGER PRIMARY KEY,
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE,
    session_id  TEXT NOT NULL,
    settings    TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind = 'flapping' OR kind = 'jitter' OR kind = 'hitch' OR kind = 'title_mismatch'),
    subkind     TEXT,
    signal      TEXT NOT NULL,
    source      TEXT NOT NULL CHECK (source = 'computed' OR source = 'observed' OR source = 'comparison' OR source = 'recording'),
    severity    TEXT NOT NULL CHECK (severity = 'warning' OR severity = 'error'),
    start_t     REAL NOT NULL,             -- seconds from the session start
    end_t       REAL NOT NULL,
    count       INTEGER,                   -- toggles, reversals or hitches
    y_min       REAL,                      -- flapping: scroll offsets over the episode, points
    y_max       REAL,
    suggested_hysteresis REAL,             -- flapping: the h that removes it, proven by replay
    suggested_swipe_distance REAL,         -- flapping of barHidden: the hideOnSwipe.swipeDistance that removes it
    message     TEXT NOT NULL,
    details     TEXT NOT NULL,             -- JSON object, as in the JSON report
    FOREIGN KEY (session_key, settings) REFERENCES analyses (session_key, settings) ON DELETE CASCADE
) STRICT;
INSERT INTO findings_v20 SELECT * FROM findings;
DROP TABLE findings;
PRAGMA legacy_alter_table = ON;
ALTER TABLE findings_v20 RENAME TO findings;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX findings_by_session ON findings (session_key, settings);
CREATE INDEX findings_by_kind ON findings (kind, signal);
