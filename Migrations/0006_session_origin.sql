-- navrec schema 6: where a session's id and times came from (issue 10, classes 9 and 10).
--
-- recording_id: the id the recording's header gave, NULL when it gave none (the id was then derived
--   from the content). `id` differs from it when that id was already taken by a different recording
--   (an app that names sessions after the screen): the later one is stored as `recording_id~HASH`
--   (README "Reused session ids").
-- t_origin: the recording's own t (seconds) that stored times count from: 0 when the recording's t
--   already counted from the session start, else the first timestamp of a raw clock such as
--   CACurrentMediaTime() (README "Raw clock times"). Recorded t = stored t + t_origin.
ALTER TABLE sessions ADD COLUMN recording_id TEXT;
ALTER TABLE sessions ADD COLUMN t_origin REAL NOT NULL DEFAULT 0;

-- Sessions stored before: a header id is kept as is, so only content-derived ids have none.
UPDATE sessions SET recording_id = id WHERE id <> content_id;
