-- navrec schema 4: where each sample is in its recording, so a finding can point at the line of
-- its first sample (SARIF's region.startLine).
--
-- Stored sparsely, as breakpoints: sample `seq` is on line `line + (seq - b.seq)` of the file in
-- `sessions.source`, for the breakpoint b of its session with the largest `b.seq <= seq`. The
-- importer writes one for a session's first sample and one wherever the next sample is not on the
-- line after the previous one (an event, a blank line or a CSV record spanning lines between
-- them), so a plain run of samples costs nothing. Sessions imported before this migration have
-- none.
CREATE TABLE sample_lines (
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    seq         INTEGER NOT NULL,          -- the first sample of a run on consecutive lines
    line        INTEGER NOT NULL,          -- its 1-based line in the recording
    PRIMARY KEY (session_key, seq)
) STRICT, WITHOUT ROWID;
