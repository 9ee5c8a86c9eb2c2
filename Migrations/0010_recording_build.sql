-- navrec schema 10: what a recording's header says about the screen and the build (issue 20 class 1,
-- issue 22 item 1).
--
-- screen_scale: the screen's pixels per point (header `scale`, UIScreen.scale), NULL when the
--   recording did not say: UIKit rounds the bar frames and transforms an app reads back to 1/scale pt.
-- app_version, build: the app's marketing version and build number (header `appVersion`, `build`),
--   what `navrec compare` tells builds apart by.
ALTER TABLE sessions ADD COLUMN screen_scale REAL;
ALTER TABLE sessions ADD COLUMN app_version TEXT;
ALTER TABLE sessions ADD COLUMN build TEXT;

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
       (SELECT COUNT(*) FROM findings f WHERE f.session_key = s.session_key AND f.settings = l.settings AND f.severity = 'error') AS errors,
       s.screen_scale, s.app_version, s.build
  FROM sessions s
  LEFT JOIN latest l ON l.session_key = s.session_key AND l.rank = 1;
