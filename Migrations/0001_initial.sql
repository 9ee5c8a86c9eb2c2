-- navrec schema 1: sessions, their frames (sample + computed bar state), observed states, events,
-- analyses and findings, the migrations ledger, and the public views `timeline` and
-- `session_summary`. The tables `sessions` and `findings` and the two views are the public surface
-- (README "Schema"); `frames`, `observed`, `events` and `analyses` are the physical layout.

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

-- One row per sample with the computed bar state, in one rowid B-tree: appends fill pages and a
-- session's frames are one key range. t is stored in integer microseconds, phase as 0..4
-- (idle, drag, decelerate, bounce, animate), background as 0 transparent / 1 default.
CREATE TABLE frames (
    key                 INTEGER PRIMARY KEY,   -- (session_key << 32) | seq
    t_us                INTEGER NOT NULL,
    y                   REAL NOT NULL,
    phase               INTEGER,
    vy                  REAL,
    bar_height          REAL,
    bar_hidden          INTEGER,
    bar_shown           REAL,
    large_title_alpha   REAL,
    inline_title_alpha  REAL,
    content_title_alpha REAL,
    avatar_scale        REAL,
    avatar_tx           REAL,
    avatar_ty           REAL,
    blur_alpha          REAL,
    background          INTEGER,
    subtitle_visible    INTEGER,
    subtitle_has_text   INTEGER,
    dropdown_expanded   INTEGER
) STRICT;

-- The bar state the app reported, for the frames that carried one (same key as the frame).
CREATE TABLE observed (
    key                 INTEGER PRIMARY KEY,
    bar_height          REAL,
    bar_hidden          INTEGER,
    bar_shown           REAL,
    large_title_alpha   REAL,
    inline_title_alpha  REAL,
    content_title_alpha REAL,
    avatar_scale        REAL,
    avatar_tx           REAL,
    avatar_ty           REAL,
    blur_alpha          REAL,
    background          INTEGER,
    subtitle_visible    INTEGER,
    subtitle_has_text   INTEGER,
    dropdown_expanded   INTEGER
) STRICT;

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
       f.y,
       CASE f.phase WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate'
                    WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END AS phase,
       'computed' AS source,
       f.bar_height, f.bar_hidden, f.bar_shown,
       f.large_title_alpha, f.inline_title_alpha, f.content_title_alpha,
       f.avatar_scale, f.avatar_tx, f.avatar_ty, f.blur_alpha,
       CASE f.background WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END AS background,
       f.subtitle_visible, f.subtitle_has_text, f.dropdown_expanded
  FROM sessions s
  JOIN frames f ON f.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
UNION ALL
SELECT s.id,
       f.key - (s.session_key << 32),
       f.t_us / 1000000.0,
       f.y,
       CASE f.phase WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate'
                    WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END,
       'observed',
       o.bar_height, o.bar_hidden, o.bar_shown,
       o.large_title_alpha, o.inline_title_alpha, o.content_title_alpha,
       o.avatar_scale, o.avatar_tx, o.avatar_ty, o.blur_alpha,
       CASE o.background WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END,
       o.subtitle_visible, o.subtitle_has_text, o.dropdown_expanded
  FROM sessions s
  JOIN observed o ON o.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295
  JOIN frames f ON f.key = o.key;

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
