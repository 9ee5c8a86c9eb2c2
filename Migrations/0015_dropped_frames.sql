-- navrec schema 15: `dropped` events (README "Recording from an app"): a recorder whose buffer was
-- full could not keep `samples` frames from time t on; the interval across it is a gap, never a
-- hitch. `events` is rebuilt (SQLite cannot change a CHECK in place) with the same rows, a kind
-- more and the `samples` column (NULL for other kinds). legacy_alter_table keeps the rename from
-- re-checking the `sessions_delete` trigger, whose body names `events` and so refers to the new
-- table once it is renamed.

CREATE TABLE events_v15 (
    -- Deferred: a session's row is written after its samples and events, in the same transaction.
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    ordinal     INTEGER NOT NULL,          -- order within the session
    before_seq  INTEGER NOT NULL,          -- the first sample that sees the event
    t           REAL NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('tap', 'background', 'foreground', 'dropped')),
    target      TEXT CHECK ((kind = 'tap') = (target IS NOT NULL)),  -- taps: 'content', 'title' or 'bar'
    samples     INTEGER CHECK ((kind = 'dropped') = (samples IS NOT NULL)),  -- dropped: frames not kept
    PRIMARY KEY (session_key, ordinal)
) STRICT, WITHOUT ROWID;
INSERT INTO events_v15 (session_key, ordinal, before_seq, t, kind, target)
SELECT session_key, ordinal, before_seq, t, kind, target FROM events;
DROP TABLE events;
PRAGMA legacy_alter_table = ON;
ALTER TABLE events_v15 RENAME TO events;
PRAGMA legacy_alter_table = OFF;
