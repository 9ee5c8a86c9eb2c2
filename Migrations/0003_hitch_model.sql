-- navrec schema 3: the hitch model's inputs and outputs (README "Hitch model").
-- - frames.frame_duration_us: the sample's recorded frame duration (CADisplayLink
--   targetTimestamp - timestamp) in integer microseconds, like t_us; NULL when not recorded. Added
--   last, so older rows need no rewrite.
-- - events: lifecycle events ('background', 'foreground') have no target, so `target` becomes
--   nullable (SQLite cannot drop NOT NULL in place: the table is rebuilt with the same rows).
-- - analyses.gaps / gap_time: intervals that are neither hitch time nor moving time.
-- - The views `timeline` (gains frame_duration, seconds) and `session_summary` (gains gaps,
--   gap_time) are recreated.

ALTER TABLE frames ADD COLUMN frame_duration_us INTEGER;

CREATE TABLE events_v3 (
    -- Deferred: a session's row is written after its samples and events, in the same transaction.
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    ordinal     INTEGER NOT NULL,          -- order within the session
    before_seq  INTEGER NOT NULL,          -- the first sample that sees the event
    t           REAL NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('tap', 'background', 'foreground')),
    target      TEXT CHECK ((kind = 'tap') = (target IS NOT NULL)),  -- taps: 'content', 'title' or 'bar'
    PRIMARY KEY (session_key, ordinal)
) STRICT, WITHOUT ROWID;
INSERT INTO events_v3 (session_key, ordinal, before_seq, t, kind, target)
SELECT session_key, ordinal, before_seq, t, kind, target FROM events;
DROP TABLE events;
ALTER TABLE events_v3 RENAME TO events;

ALTER TABLE analyses ADD COLUMN gaps INTEGER NOT NULL DEFAULT 0;      -- intervals that were gaps
ALTER TABLE analyses ADD COLUMN gap_time REAL NOT NULL DEFAULT 0;     -- seconds in gaps

DROP VIEW timeline;
-- One row per sample and stream: the computed state of every frame, and the observed state of
-- the frames that carried one. Booleans are 0/1, t is seconds, y points, frame_duration seconds.
CREATE VIEW timeline AS
SELECT s.id AS session_id,
       f.key - (s.session_key << 32) AS seq,
       f.t_us / 1000000.0 AS t,
       CASE typeof(f.y) WHEN 'integer' THEN f.y / 1000.0 ELSE f.y END AS y,
       CASE f.phase WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate'
                    WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END AS phase,
       'computed' AS source,
       CASE typeof(f.bar_height) WHEN 'integer' THEN f.bar_height / 1000.0 ELSE f.bar_height END AS bar_height,
       f.bar_hidden AS bar_hidden,
       CASE typeof(f.bar_shown) WHEN 'integer' THEN f.bar_shown / 1000.0 ELSE f.bar_shown END AS bar_shown,
       CASE typeof(f.large_title_alpha) WHEN 'integer' THEN f.large_title_alpha / 1000.0 ELSE f.large_title_alpha END AS large_title_alpha,
       CASE typeof(f.inline_title_alpha) WHEN 'integer' THEN f.inline_title_alpha / 1000.0 ELSE f.inline_title_alpha END AS inline_title_alpha,
       CASE typeof(f.content_title_alpha) WHEN 'integer' THEN f.content_title_alpha / 1000.0 ELSE f.content_title_alpha END AS content_title_alpha,
       CASE typeof(f.avatar_scale) WHEN 'integer' THEN f.avatar_scale / 1000.0 ELSE f.avatar_scale END AS avatar_scale,
       CASE typeof(f.avatar_tx) WHEN 'integer' THEN f.avatar_tx / 1000.0 ELSE f.avatar_tx END AS avatar_tx,
       CASE typeof(f.avatar_ty) WHEN 'integer' THEN f.avatar_ty / 1000.0 ELSE f.avatar_ty END AS avatar_ty,
       CASE typeof(f.blur_alpha) WHEN 'integer' THEN f.blur_alpha / 1000.0 ELSE f.blur_alpha END AS blur_alpha,
       CASE f.background WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END AS background,
       f.subtitle_visible AS subtitle_visible,
       f.subtitle_has_text AS subtitle_has_text,
       f.dropdown_expanded AS dropdown_expanded,
       f.frame_duration_us / 1000000.0 AS frame_duration
  FROM sessions s
  JOIN frames f ON f.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
UNION ALL
SELECT s.id,
       f.key - (s.session_key << 32),
       f.t_us / 1000000.0,
       CASE typeof(f.y) WHEN 'integer' THEN f.y / 1000.0 ELSE f.y END,
       CASE f.phase WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate'
                    WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END,
       'observed',
       CASE typeof(f.o_bar_height) WHEN 'integer' THEN f.o_bar_height / 1000.0 ELSE f.o_bar_height END,
       f.o_bar_hidden,
       CASE typeof(f.o_bar_shown) WHEN 'integer' THEN f.o_bar_shown / 1000.0 ELSE f.o_bar_shown END,
       CASE typeof(f.o_large_title_alpha) WHEN 'integer' THEN f.o_large_title_alpha / 1000.0 ELSE f.o_large_title_alpha END,
       CASE typeof(f.o_inline_title_alpha) WHEN 'integer' THEN f.o_inline_title_alpha / 1000.0 ELSE f.o_inline_title_alpha END,
       CASE typeof(f.o_content_title_alpha) WHEN 'integer' THEN f.o_content_title_alpha / 1000.0 ELSE f.o_content_title_alpha END,
       CASE typeof(f.o_avatar_scale) WHEN 'integer' THEN f.o_avatar_scale / 1000.0 ELSE f.o_avatar_scale END,
       CASE typeof(f.o_avatar_tx) WHEN 'integer' THEN f.o_avatar_tx / 1000.0 ELSE f.o_avatar_tx END,
       CASE typeof(f.o_avatar_ty) WHEN 'integer' THEN f.o_avatar_ty / 1000.0 ELSE f.o_avatar_ty END,
       CASE typeof(f.o_blur_alpha) WHEN 'integer' THEN f.o_blur_alpha / 1000.0 ELSE f.o_blur_alpha END,
       CASE f.o_background WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END,
       f.o_subtitle_visible,
       f.o_subtitle_has_text,
       f.o_dropdown_expanded,
       f.frame_duration_us / 1000000.0
  FROM sessions s
  JOIN frames f ON f.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
 WHERE f.observed IS NOT NULL;

DROP VIEW session_summary;
-- One row per session with its latest analysis (NULL metrics until `navrec report` has run).
CREATE VIEW session_summary AS
WITH latest AS (
    SELECT session_key, settings, hitch_time_ratio, frame_jitter, gaps, gap_time, analyzed_at,
           ROW_NUMBER() OVER (PARTITION BY session_key ORDER BY analyzed_at DESC, settings) AS rank
      FROM analyses
)
SELECT s.id AS session_id, s.app, s.screen, s.device, s.os, s.behaviors, s.fps,
       s.samples, s.observed_samples, s.events, s.duration, s.imported_at,
       l.hitch_time_ratio, l.frame_jitter, l.gaps, l.gap_time, l.analyzed_at,
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings) AS findings,
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings AND f.severity = 'warning') AS warnings,
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings AND f.severity = 'error') AS errors
  FROM sessions s
  LEFT JOIN latest l ON l.session_key = s.session_key AND l.rank = 1;
