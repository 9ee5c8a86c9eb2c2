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
