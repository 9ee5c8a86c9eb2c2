-- navrec schema 8: a session owns its rows. Deleting a session from navrec, sqlite3 or Datasette
-- deletes its frames (with their observed states), events, analyses, findings and column mask,
-- also where foreign keys are off (the sqlite3 shell's default, under which ON DELETE CASCADE does
-- nothing). Frames have no foreign key (their rowid encodes the session: key >> 32), so before
-- this a session deleted outside navrec left its frames behind, and the next import, which reused
-- the session key, failed on their keys.

-- Rows left behind by sessions deleted before this migration.
DELETE FROM frames WHERE key >> 32 NOT IN (SELECT session_key FROM sessions);
DELETE FROM events WHERE session_key NOT IN (SELECT session_key FROM sessions);
DELETE FROM findings WHERE session_key NOT IN (SELECT session_key FROM sessions);
DELETE FROM analyses WHERE session_key NOT IN (SELECT session_key FROM sessions);
DELETE FROM session_columns WHERE session_key NOT IN (SELECT session_key FROM sessions);

CREATE TRIGGER sessions_delete AFTER DELETE ON sessions
BEGIN
    DELETE FROM frames WHERE key BETWEEN OLD.session_key << 32 AND (OLD.session_key << 32) + 4294967295;
    DELETE FROM events WHERE session_key = OLD.session_key;
    DELETE FROM findings WHERE session_key = OLD.session_key;
    DELETE FROM analyses WHERE session_key = OLD.session_key;
    DELETE FROM session_columns WHERE session_key = OLD.session_key;
END;

-- session_columns.mask: the observed-state bits move from 14 + i to 32 + i, so that every
-- bar-state field keeps one permanent bit i below 32 (BarStateField.maskBit) and a new field takes
-- the next free bit without shifting the observed ones.
UPDATE session_columns SET mask = (mask & 16383) | (((mask >> 14) & 16383) << 32);
