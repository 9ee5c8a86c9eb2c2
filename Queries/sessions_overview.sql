-- Sessions overview: one row per session with its size, hitch ratio and findings by severity (latest report).
-- Parameters: none.
SELECT session_id, app, screen, behaviors, samples, observed_samples, events,
       ROUND(duration, 3) AS duration_s,
       ROUND(hitch_time_ratio, 2) AS hitch_ms_per_s,
       findings, warnings, errors
  FROM session_summary
 ORDER BY session_id;
