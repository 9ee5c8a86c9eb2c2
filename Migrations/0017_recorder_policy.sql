-- navrec schema 17: what a recorder declares it writes, and screen transitions (issue 34).
--
-- sessions.recorder_moving, recorder_at_rest: the header's `recorder` (Docs/recording-format.md):
--   'everyFrame' or 'offsetChanges' while the content moves; 'everyFrame', 'changes' or 'nothing'
--   at rest. NULL when the recorder did not say: the hitch model then infers it, conservatively.
-- events: the kinds 'disappear' (viewWillDisappear, an interactive pop starting: the bar from
--   then on is a transition's) and 'appear' (the screen shown again). `events` is rebuilt (SQLite
--   cannot change a CHECK in place) with the same rows; legacy_alter_table keeps the rename from
--   re-checking the `sessions_delete` trigger, as in schema 15.
ALTER TABLE sessions ADD COLUMN recorder_moving TEXT CHECK (recorder_moving IN ('everyFrame', 'offsetChanges'));
ALTER TABLE sessions ADD COLUMN recorder_at_rest TEXT CHECK (recorder_at_rest IN ('everyFrame', 'changes', 'nothing'));

CREATE TABLE events_v17 (
    -- Deferred: a session's row is written after its samples and events, in the same transaction.
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    ordinal     INTEGER NOT NULL,          -- order within the session
    before_seq  INTEGER NOT NULL,          -- the first sample that sees the event
    t           REAL NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('tap', 'background', 'foreground', 'dropped', 'disappear', 'appear')),
    target      TEXT CHECK ((kind = 'tap') = (target IS NOT NULL)),  -- taps: 'content', 'title' or 'bar'
    samples     INTEGER CHECK ((kind = 'dropped') = (samples IS NOT NULL)),  -- dropped: frames not kept
    PRIMARY KEY (session_key, ordinal)
) STRICT, WITHOUT ROWID;
INSERT INTO events_v17 (session_key, ordinal, before_seq, t, kind, target, samples)
SELECT session_key, ordinal, before_seq, t, kind, target, samples FROM events;
DROP TABLE events;
PRAGMA legacy_alter_table = ON;
ALTER TABLE events_v17 RENAME TO events;
PRAGMA legacy_alter_table = OFF;

-- findings.source 'recording': a hitch is about the frames the recording's times show, not about
-- a bar-state stream, so it no longer says 'observed' (which read as "the app reported a bar" in
-- sessions that report none). Stored hitches move to it; the table is rebuilt for its CHECK.
CREATE TABLE findings_v17 (
    finding_id  INTEGER PRIMARY KEY,
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE,
    session_id  TEXT NOT NULL,
    settings    TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('flapping', 'jitter', 'hitch', 'title_mismatch')),
    subkind     TEXT,
    signal      TEXT NOT NULL,
    source      TEXT NOT NULL CHECK (source IN ('computed', 'observed', 'comparison', 'recording')),
    severity    TEXT NOT NULL CHECK (severity IN ('warning', 'error')),
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
INSERT INTO findings_v17
SELECT finding_id, session_key, session_id, settings, kind, subkind, signal,
       CASE WHEN kind = 'hitch' THEN 'recording' ELSE source END, severity, start_t, end_t, count, y_min, y_max,
       suggested_hysteresis, suggested_swipe_distance, message, details
  FROM findings;
DROP TABLE findings;
PRAGMA legacy_alter_table = ON;
ALTER TABLE findings_v17 RENAME TO findings;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX findings_by_session ON findings (session_key, settings);
CREATE INDEX findings_by_kind ON findings (kind, signal);
