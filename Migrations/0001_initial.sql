-- navrec schema 1: sessions, their frames (sample + computed bar state), observed states, events,
-- analyses and findings, the migrations ledger, and the public views `timeline` and
-- `session_summary`. The tables `sessions` and `findings` and the two views are the public surface
-- (README "Schema"); `frames` (with the view `observed`), `events` and `analyses` are the physical
-- layout.

CREATE TABLE navrec_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,             -- SHA-256 of the migration file, hex
    applied_at TEXT NOT NULL              -- ISO 8601, UTC
) STRICT;

CREATE TABLE sessions (
    session_key      INTEGER PRIMARY KEY,  -- internal; frames are keyed (session_key << 32) | seq
    id               TEXT NOT NULL UNIQUE, -- the recording's id, or auto-… derived from its content
    app              TEXT,
    screen           TEXT,
    device           TEXT,
    os               TEXT,
    fps              REAL,                 -- nominal refresh rate, Hz
    started_at       TEXT,                 -- ISO 8601 as recorded
    behaviors        TEXT NOT NULL,        -- comma-separated behaviour names, canonical order
    parameters       TEXT NOT NULL,        -- JSON: every behaviour with every parameter
    content_id       TEXT NOT NULL,        -- hash of the recording's bytes (auto-…)
    source           TEXT NOT NULL,        -- file it was imported from ('-' for stdin)
    samples          INTEGER NOT NULL,
    observed_samples INTEGER NOT NULL,
    events           INTEGER NOT NULL,
    ignored_keys     INTEGER NOT NULL,
    duration         REAL NOT NULL,        -- seconds, last sample's t minus the first's
    imported_at      TEXT NOT NULL         -- ISO 8601, UTC
) STRICT;

-- Which state columns of a session's frames hold a value anywhere in the session: bit i for the
-- i-th computed state column (bar_height = 0 … dropdown_expanded = 13), bit 14 + i for the observed
-- one. A behaviour set drives only a few of the 14 fields, so readers select just these columns
-- (reading a column costs about as much as analysing it; Benchmarks/README.md).
CREATE TABLE session_columns (
    session_key INTEGER PRIMARY KEY REFERENCES sessions (session_key) ON DELETE CASCADE,
    mask        INTEGER NOT NULL
) STRICT;

-- One row per sample with its computed bar state and, when the recording carried one, its observed
-- state, in one rowid B-tree: appends fill pages, a session's frames are one key range, and a sample
-- costs one B-tree insert (a separate observed table cost a second insert and ~34 bytes per sample;
-- Benchmarks/README.md). Encodings, chosen for size (the views decode them):
-- - t in integer microseconds; phase 0..4 (idle, drag, decelerate, bounce, animate); background
--   0 transparent / 1 default; booleans 0/1.
-- - The ANY columns (y, vy and the numeric state fields) hold an INTEGER of thousandths when that is
--   exact (m / 1000.0 gives back the very same double, since IEEE division rounds correctly), else
--   the REAL itself: recorders and models mostly produce values with at most 3 decimals, which then
--   take 0-4 bytes instead of 8.
-- - `observed` is 1 when the frame carried an observed state (the o_ columns), else NULL.
CREATE TABLE frames (
    key                   INTEGER PRIMARY KEY,   -- (session_key << 32) | seq
    t_us                  INTEGER NOT NULL,
    y                     ANY NOT NULL,
    phase                 INTEGER,
    vy                    ANY,
    bar_height            ANY,
    bar_hidden            INTEGER,
    bar_shown             ANY,
    large_title_alpha     ANY,
    inline_title_alpha    ANY,
    content_title_alpha   ANY,
    avatar_scale          ANY,
    avatar_tx             ANY,
    avatar_ty             ANY,
    blur_alpha            ANY,
    background            INTEGER,
    subtitle_visible      INTEGER,
    subtitle_has_text     INTEGER,
    dropdown_expanded     INTEGER,
    observed              INTEGER,
    o_bar_height          ANY,
    o_bar_hidden          INTEGER,
    o_bar_shown           ANY,
    o_large_title_alpha   ANY,
    o_inline_title_alpha  ANY,
    o_content_title_alpha ANY,
    o_avatar_scale        ANY,
    o_avatar_tx           ANY,
    o_avatar_ty           ANY,
    o_blur_alpha          ANY,
    o_background          INTEGER,
    o_subtitle_visible    INTEGER,
    o_subtitle_has_text   INTEGER,
    o_dropdown_expanded   INTEGER
) STRICT;

-- The observed states as a table of their own (the earlier physical layout), for ad-hoc SQL.
CREATE VIEW observed AS
SELECT f.key,
       CASE typeof(f.o_bar_height) WHEN 'integer' THEN f.o_bar_height / 1000.0 ELSE f.o_bar_height END AS bar_height,
       f.o_bar_hidden AS bar_hidden,
       CASE typeof(f.o_bar_shown) WHEN 'integer' THEN f.o_bar_shown / 1000.0 ELSE f.o_bar_shown END AS bar_shown,
       CASE typeof(f.o_large_title_alpha) WHEN 'integer' THEN f.o_large_title_alpha / 1000.0 ELSE f.o_large_title_alpha END AS large_title_alpha,
       CASE typeof(f.o_inline_title_alpha) WHEN 'integer' THEN f.o_inline_title_alpha / 1000.0 ELSE f.o_inline_title_alpha END AS inline_title_alpha,
       CASE typeof(f.o_content_title_alpha) WHEN 'integer' THEN f.o_content_title_alpha / 1000.0 ELSE f.o_content_title_alpha END AS content_title_alpha,
       CASE typeof(f.o_avatar_scale) WHEN 'integer' THEN f.o_avatar_scale / 1000.0 ELSE f.o_avatar_scale END AS avatar_scale,
       CASE typeof(f.o_avatar_tx) WHEN 'integer' THEN f.o_avatar_tx / 1000.0 ELSE f.o_avatar_tx END AS avatar_tx,
       CASE typeof(f.o_avatar_ty) WHEN 'integer' THEN f.o_avatar_ty / 1000.0 ELSE f.o_avatar_ty END AS avatar_ty,
       CASE typeof(f.o_blur_alpha) WHEN 'integer' THEN f.o_blur_alpha / 1000.0 ELSE f.o_blur_alpha END AS blur_alpha,
       f.o_background AS background,
       f.o_subtitle_visible AS subtitle_visible,
       f.o_subtitle_has_text AS subtitle_has_text,
       f.o_dropdown_expanded AS dropdown_expanded
  FROM frames f
 WHERE f.observed IS NOT NULL;

-- Deleting a session deletes its frames, which hold its observed states; deleting from `observed`
-- clears them from their frames.
CREATE TRIGGER observed_delete INSTEAD OF DELETE ON observed
BEGIN
    UPDATE frames SET observed = NULL, o_bar_height = NULL, o_bar_hidden = NULL, o_bar_shown = NULL, o_large_title_alpha = NULL, o_inline_title_alpha = NULL, o_content_title_alpha = NULL, o_avatar_scale = NULL, o_avatar_tx = NULL, o_avatar_ty = NULL, o_blur_alpha = NULL, o_background = NULL, o_subtitle_visible = NULL, o_subtitle_has_text = NULL, o_dropdown_expanded = NULL
     WHERE key = OLD.key;
END;

CREATE TABLE events (
    -- Deferred: a session's row is written after its samples and events, in the same transaction.
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    ordinal     INTEGER NOT NULL,          -- order within the session
    before_seq  INTEGER NOT NULL,          -- the first sample that sees the event
    t           REAL NOT NULL,
    kind        TEXT NOT NULL,             -- 'tap'
    target      TEXT NOT NULL,             -- 'content', 'title' or 'bar'
    PRIMARY KEY (session_key, ordinal)
) STRICT, WITHOUT ROWID;

-- One row per `navrec report` run over a session with given settings.
CREATE TABLE analyses (
    session_key      INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE,
    settings         TEXT NOT NULL,        -- the non-default --set assignments, '' for defaults
    hitch_time_ratio REAL NOT NULL,        -- ms of hitch per s of movement
    frame_jitter     REAL NOT NULL,        -- RFC 3550 jitter of frame intervals, ms
    analyzed_at      TEXT NOT NULL,
    PRIMARY KEY (session_key, settings)
) STRICT;

CREATE TABLE findings (
    finding_id  INTEGER PRIMARY KEY,
    session_key INTEGER NOT NULL REFERENCES sessions (session_key) ON DELETE CASCADE,
    session_id  TEXT NOT NULL,
    settings    TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('flapping', 'jitter', 'hitch', 'title_mismatch')),
    subkind     TEXT,
    signal      TEXT NOT NULL,
    source      TEXT NOT NULL CHECK (source IN ('computed', 'observed', 'comparison')),
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
CREATE INDEX findings_by_session ON findings (session_key, settings);
CREATE INDEX findings_by_kind ON findings (kind, signal);

-- One row per sample and stream: the computed state of every frame, and the observed state of
-- the frames that carried one. Booleans are 0/1, t is seconds, y points.
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
       f.dropdown_expanded AS dropdown_expanded
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
       f.o_dropdown_expanded
  FROM sessions s
  JOIN frames f ON f.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
 WHERE f.observed IS NOT NULL;

-- One row per session with its latest analysis (NULL metrics until `navrec report` has run).
CREATE VIEW session_summary AS
WITH latest AS (
    SELECT session_key, settings, hitch_time_ratio, frame_jitter, analyzed_at,
           ROW_NUMBER() OVER (PARTITION BY session_key ORDER BY analyzed_at DESC, settings) AS rank
      FROM analyses
)
SELECT s.id AS session_id, s.app, s.screen, s.device, s.os, s.behaviors, s.fps,
       s.samples, s.observed_samples, s.events, s.duration, s.imported_at,
       l.hitch_time_ratio, l.frame_jitter, l.analyzed_at,
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings) AS findings,
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings AND f.severity = 'warning') AS warnings,
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings AND f.severity = 'error') AS errors
  FROM sessions s
  LEFT JOIN latest l ON l.session_key = s.session_key AND l.rank = 1;
